import { PasswordInput as ArkPasswordInput } from '@ark-ui/react/password-input';
import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { input, passwordInput } from 'styled-system/recipes';
import { EyeIcon, EyeOffIcon } from '../icons';
import { FieldShell, type FieldShellOptions, splitFieldProps } from './field';

type PasswordInputProps = FieldShellOptions & {
  label: string;
  helperText?: string;
  autoComplete?: 'current-password' | 'new-password';
} & Omit<ComponentProps<'input'>, 'required' | 'type' | 'autoComplete'>;

/**
 * Ark PasswordInput inside FieldShell (label, helper, error list), with a show/hide toggle. Ark's
 * PasswordInput does not take `aria-describedby` from the Field as its text inputs do, so the input
 * gets FieldShell's: a screen reader reads the helper and the error with the field.
 */
export function PasswordInput({ autoComplete = 'current-password', ...props }: PasswordInputProps) {
  const [shell, inputProps, key] = splitFieldProps(props);
  const classes = passwordInput();
  return (
    <FieldShell key={key} {...shell} labelInControl>
      {({ describedBy, label, labelClassName }) => (
        <ArkPasswordInput.Root autoComplete={autoComplete} className={classes.root}>
          <ArkPasswordInput.Label className={labelClassName}>{label}</ArkPasswordInput.Label>
          <ArkPasswordInput.Control className={classes.control}>
            <ArkPasswordInput.Input
              className={cx(input(), classes.input)}
              aria-describedby={describedBy}
              {...inputProps}
            />
            <ArkPasswordInput.VisibilityTrigger className={classes.visibilityTrigger}>
              <ArkPasswordInput.Indicator fallback={<EyeIcon size={18} />}>
                <EyeOffIcon size={18} />
              </ArkPasswordInput.Indicator>
            </ArkPasswordInput.VisibilityTrigger>
          </ArkPasswordInput.Control>
        </ArkPasswordInput.Root>
      )}
    </FieldShell>
  );
}
