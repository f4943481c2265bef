import { Field as ArkField } from '@ark-ui/react/field';
import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input';
import { type ComponentProps, useId } from 'react';
import { cx } from 'styled-system/css';
import { field, input, passwordInput } from 'styled-system/recipes';
import { EyeIcon, EyeOffIcon } from '../icons';

type PasswordInputProps = {
  label: string;
  errors?: readonly string[] | undefined;
  helperText?: string;
  required?: boolean;
  autoComplete?: 'current-password' | 'new-password';
} & Omit<ComponentProps<'input'>, 'required' | 'type'>;

/** Ark PasswordInput inside a Field (label + error list), with a show/hide toggle. */
export function PasswordInput({
  label,
  errors,
  helperText,
  required,
  autoComplete = 'current-password',
  ...inputProps
}: PasswordInputProps) {
  const fieldClasses = field();
  const classes = passwordInput();
  const invalid = Boolean(errors && errors.length > 0);
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  // As in FieldShell: errors join aria-describedby, not only Ark's aria-errormessage.
  const describedBy = [helperText ? ids.helperText : null, invalid ? ids.errorText : null]
    .filter(Boolean)
    .join(' ');
  return (
    <ArkField.Root invalid={invalid} required={required} ids={ids} className={fieldClasses.root}>
      <ArkPasswordInput.Root autoComplete={autoComplete} className={classes.root}>
        <ArkPasswordInput.Label className={fieldClasses.label}>
          {label}
          {required ? <ArkField.RequiredIndicator className={fieldClasses.requiredIndicator} /> : null}
        </ArkPasswordInput.Label>
        <ArkPasswordInput.Control className={classes.control}>
          <ArkPasswordInput.Input
            className={cx(input(), classes.input)}
            aria-describedby={describedBy || undefined}
            {...inputProps}
          />
          <ArkPasswordInput.VisibilityTrigger className={classes.visibilityTrigger}>
            <ArkPasswordInput.Indicator fallback={<EyeIcon size={18} />}>
              <EyeOffIcon size={18} />
            </ArkPasswordInput.Indicator>
          </ArkPasswordInput.VisibilityTrigger>
        </ArkPasswordInput.Control>
      </ArkPasswordInput.Root>
      {helperText ? (
        <ArkField.HelperText className={fieldClasses.helperText}>{helperText}</ArkField.HelperText>
      ) : null}
      <ArkField.ErrorText className={fieldClasses.errorText}>{errors?.join(' ')}</ArkField.ErrorText>
    </ArkField.Root>
  );
}
