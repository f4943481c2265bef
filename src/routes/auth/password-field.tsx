import { Field as ArkField, useFieldContext } from '@ark-ui/react/field';
import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input';
import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { field, input, passwordInput } from 'styled-system/recipes';
import { EyeIcon, EyeOffIcon } from '../../components/icons';

type PasswordFieldProps = {
  label: string;
  errors?: readonly string[] | undefined;
  helperText?: string;
  autoComplete: 'current-password' | 'new-password';
} & Omit<ComponentProps<'input'>, 'type' | 'autoComplete'>;

/**
 * The shared PasswordInput's field parts, plus what Ark's PasswordInput does not take from the Field:
 * `aria-describedby` pointing at the helper and error texts, so a screen reader reads the message
 * with the field (Ark links text inputs itself).
 */
function DescribedInput(props: ComponentProps<'input'>) {
  const fieldContext = useFieldContext();
  const describedBy = [
    fieldContext?.ariaDescribedby,
    fieldContext?.invalid ? fieldContext.ids.errorText : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return <ArkPasswordInput.Input {...props} aria-describedby={describedBy || undefined} />;
}

export function PasswordField({
  label,
  errors,
  helperText,
  autoComplete,
  required,
  ...inputProps
}: PasswordFieldProps) {
  const fieldClasses = field();
  const classes = passwordInput();
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <ArkField.Root invalid={invalid} required={required} className={fieldClasses.root}>
      <ArkPasswordInput.Root autoComplete={autoComplete} className={classes.root}>
        <ArkPasswordInput.Label className={fieldClasses.label}>
          {label}
          {required ? <ArkField.RequiredIndicator className={fieldClasses.requiredIndicator} /> : null}
        </ArkPasswordInput.Label>
        <ArkPasswordInput.Control className={classes.control}>
          <DescribedInput className={cx(input(), classes.input)} {...inputProps} />
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
