import type { ComponentProps, InputEvent } from 'react';
import { forcedPhoneInput, PHONE_INPUT_MAX_LENGTH } from '../../../shared/phone';
import { InputField } from './field';

type PhoneFieldProps = Omit<ComponentProps<typeof InputField>, 'type' | 'inputMode' | 'maxLength'>;

/**
 * The one phone input of checkout and payment, forced as the shopper types (spec §5): it always shows
 * +91 and at most ten digits (shared/phone.ts forcedPhoneInput). What people paste or type out — '+91
 * 98765 43210', '098765 43210', '91 98765 43210' — still ends as the number they meant, and the
 * cursor stays after the digit it was after. Room is left for a pasted number's spaces and prefixes
 * (PHONE_INPUT_MAX_LENGTH): the browser would cut a paste at maxLength before the field could read it.
 */
export function PhoneField({ onInput, placeholder = '+91XXXXXXXXXX', ...props }: PhoneFieldProps) {
  const force = (event: InputEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const forced = forcedPhoneInput(input.value, input.selectionStart ?? input.value.length);
    if (forced.value !== input.value) {
      input.value = forced.value;
      input.setSelectionRange(forced.caret, forced.caret);
    }
    onInput?.(event);
  };
  return (
    <InputField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={PHONE_INPUT_MAX_LENGTH}
      placeholder={placeholder}
      onInput={force}
      {...props}
    />
  );
}
