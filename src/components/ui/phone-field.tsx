import type { ComponentProps, FocusEvent } from 'react';
import { isIndianMobile, PHONE_INPUT_MAX_LENGTH, phoneValueOf } from '../../../shared/phone';
import { InputField } from './field';

type PhoneFieldProps = Omit<ComponentProps<typeof InputField>, 'type' | 'inputMode' | 'maxLength'>;

/**
 * The one phone input of checkout and payment. It never rewrites what the shopper is typing (a
 * rewrite per keystroke turned '+91 98765 43210' typed after the field's +91 into '+919198765432'):
 * any usual way of writing the number is read by the shared rule (shared/phone.ts), by the forms, the
 * machines and the server alike. On leaving the field a recognised mobile is shown as it will be sent.
 */
export function PhoneField({ onBlur, placeholder = '+91XXXXXXXXXX', ...props }: PhoneFieldProps) {
  const tidy = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const value = phoneValueOf(input.value);
    if (isIndianMobile(value) && value !== input.value) input.value = value;
    onBlur?.(event);
  };
  return (
    <InputField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={PHONE_INPUT_MAX_LENGTH}
      placeholder={placeholder}
      onBlur={tidy}
      {...props}
    />
  );
}
