import { Field as ArkField } from '@ark-ui/react/field';
import type { FieldMetadata } from '@conform-to/react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { css, cx } from 'styled-system/css';
import { field, input } from 'styled-system/recipes';

/** What every field wrapper takes besides its control's own props. */
export type FieldShellOptions = {
  label: ReactNode;
  /** Messages shown below the control; the control is marked invalid while there are any. */
  errors?: readonly string[] | undefined;
  helperText?: ReactNode;
  required?: boolean;
  className?: string;
  /**
   * The control's Conform field (`meta={fields.x}`): gives it its name, initial value and errors, and
   * its key, which remounts the field when Conform resets it.
   */
  meta?: Pick<FieldMetadata<string>, 'key' | 'name' | 'initialValue' | 'errors'>;
};

/** What FieldShell hands its control. */
type FieldControlProps = {
  /** The control's `aria-describedby`: helper text and, when invalid, the errors. */
  describedBy: string | undefined;
  /** The label text with its required marker, for a control that renders its own label part. */
  label: ReactNode;
  labelClassName: string;
};

type FieldShellProps = FieldShellOptions & {
  /**
   * Set by Ark controls with a label part of their own (Select, PasswordInput): they place `label`
   * inside their root, so a click on it reaches their control rather than a hidden input.
   */
  labelInControl?: boolean;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * Label + control + helper + error list. Ark's Field.Root gives the control its id, label and
 * `aria-invalid`; Ark points only `aria-errormessage` at the errors, which several screen readers
 * ignore, so the errors are also added to `aria-describedby`.
 */
export function FieldShell({
  label,
  errors,
  helperText,
  required,
  className,
  labelInControl,
  children,
}: FieldShellProps) {
  const classes = field();
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  const invalid = Boolean(errors && errors.length > 0);
  const describedBy = [helperText ? ids.helperText : null, invalid ? ids.errorText : null]
    .filter(Boolean)
    .join(' ');
  const labelContent = (
    <>
      {label}
      {required ? <ArkField.RequiredIndicator className={classes.requiredIndicator} /> : null}
    </>
  );
  return (
    <ArkField.Root invalid={invalid} required={required} ids={ids} className={cx(classes.root, className)}>
      {labelInControl ? null : <ArkField.Label className={classes.label}>{labelContent}</ArkField.Label>}
      {children({
        describedBy: describedBy || undefined,
        label: labelContent,
        labelClassName: classes.label,
      })}
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

// As wide as its content where it stands alone (a filter bar); a grid cell may shrink it, the trigger
// then cutting a long value short rather than widening the column.
const selectShellWidth = css({ w: 'auto', minW: '0' });

/** FieldShell around Ark's Select (./select.tsx): the label sits in the control's row. */
export function SelectShell({ className, ...shell }: Omit<FieldShellProps, 'labelInControl'>) {
  return <FieldShell {...shell} className={cx(selectShellWidth, className)} labelInControl />;
}

/** Splits a wrapper's props into FieldShell's, the control's own and the key of its Conform field. */
export function splitFieldProps<P extends FieldShellOptions>({
  label,
  errors,
  helperText,
  required,
  className,
  meta,
  ...control
}: P) {
  return [
    { label, errors: errors ?? meta?.errors, helperText, required, className },
    { name: meta?.name, defaultValue: meta?.initialValue, ...control },
    meta?.key,
  ] as const;
}

type InputFieldProps = FieldShellOptions & Omit<ComponentProps<'input'>, 'required'>;

export function InputField(props: InputFieldProps) {
  const [shell, inputProps, key] = splitFieldProps(props);
  return (
    <FieldShell key={key} {...shell}>
      {({ describedBy }) => (
        <ArkField.Input className={input()} aria-describedby={describedBy} {...inputProps} />
      )}
    </FieldShell>
  );
}

type TextareaFieldProps = FieldShellOptions & Omit<ComponentProps<'textarea'>, 'required'>;

export function TextareaField(props: TextareaFieldProps) {
  const [shell, textareaProps, key] = splitFieldProps(props);
  return (
    <FieldShell key={key} {...shell}>
      {({ describedBy }) => (
        <ArkField.Textarea
          className={input({ size: 'textarea' })}
          aria-describedby={describedBy}
          {...textareaProps}
        />
      )}
    </FieldShell>
  );
}
