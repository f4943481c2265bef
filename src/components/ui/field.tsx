import { Field as ArkField } from '@ark-ui/react/field';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field, input } from 'styled-system/recipes';

type FieldShellProps = {
  label: ReactNode;
  /** Messages shown below the control; the control is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
  helperText?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Label + control + helper + error list. Ark's Field.Root gives the control its id, `aria-invalid`
 * and an `aria-describedby` pointing at the helper and error texts, so screen readers announce them.
 */
export function FieldShell({ label, errors, helperText, required, className, children }: FieldShellProps) {
  const classes = field();
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <ArkField.Root invalid={invalid} required={required} className={cx(classes.root, className)}>
      <ArkField.Label className={classes.label}>
        {label}
        {required ? <ArkField.RequiredIndicator className={classes.requiredIndicator} /> : null}
      </ArkField.Label>
      {children}
      {helperText ? (
        <ArkField.HelperText className={classes.helperText}>{helperText}</ArkField.HelperText>
      ) : null}
      <ArkField.ErrorText className={classes.errorText}>
        {errors && errors.length > 1 ? (
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : (
          errors?.[0]
        )}
      </ArkField.ErrorText>
    </ArkField.Root>
  );
}

type InputFieldProps = Omit<FieldShellProps, 'children'> & Omit<ComponentProps<'input'>, 'required'>;

export function InputField({
  label,
  errors,
  helperText,
  required,
  className,
  ...inputProps
}: InputFieldProps) {
  return (
    <FieldShell
      label={label}
      errors={errors}
      helperText={helperText}
      required={required}
      className={className}
    >
      <ArkField.Input className={input()} {...inputProps} />
    </FieldShell>
  );
}

type TextareaFieldProps = Omit<FieldShellProps, 'children'> & Omit<ComponentProps<'textarea'>, 'required'>;

export function TextareaField({
  label,
  errors,
  helperText,
  required,
  className,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FieldShell
      label={label}
      errors={errors}
      helperText={helperText}
      required={required}
      className={className}
    >
      <ArkField.Textarea className={input({ size: 'textarea' })} {...textareaProps} />
    </FieldShell>
  );
}
