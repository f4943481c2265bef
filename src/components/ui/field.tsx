import { Field as ArkField } from '@ark-ui/react/field';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from 'styled-system/css';
import { field, input } from 'styled-system/recipes';

type FieldShellProps = {
  label: ReactNode;
  /** Messages shown below the control; the control is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
  helperText?: ReactNode;
  required?: boolean;
  className?: string;
  /** Gets the `aria-describedby` value for the control: helper text and, when invalid, the errors. */
  children: (describedBy: string | undefined) => ReactNode;
};

/**
 * Label + control + helper + error list. Ark's Field.Root gives the control its id, label and
 * `aria-invalid`; Ark points only `aria-errormessage` at the errors, which several screen readers
 * ignore, so the errors are also added to `aria-describedby`.
 */
export function FieldShell({ label, errors, helperText, required, className, children }: FieldShellProps) {
  const classes = field();
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = [helperText ? ids.helperText : null, invalid ? ids.errorText : null]
    .filter(Boolean)
    .join(' ');
  return (
    <ArkField.Root invalid={invalid} required={required} ids={ids} className={cx(classes.root, className)}>
      <ArkField.Label className={classes.label}>
        {label}
        {required ? <ArkField.RequiredIndicator className={classes.requiredIndicator} /> : null}
      </ArkField.Label>
      {children(describedBy || undefined)}
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
      {(describedBy) => <ArkField.Input className={input()} aria-describedby={describedBy} {...inputProps} />}
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
      {(describedBy) => (
        <ArkField.Textarea
          className={input({ size: 'textarea' })}
          aria-describedby={describedBy}
          {...textareaProps}
        />
      )}
    </FieldShell>
  );
}
