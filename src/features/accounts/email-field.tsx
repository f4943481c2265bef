import type { FieldMetadata } from '@conform-to/react';
import { InputField } from '../../components/ui/field';

/** The sign-in and registration forms' email field, wired to its Conform field. */
export function EmailField({
  meta,
  placeholder,
  helperText,
}: {
  meta: FieldMetadata<string>;
  placeholder: string;
  helperText?: string;
}) {
  return (
    <InputField
      meta={meta}
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={placeholder}
      required
      helperText={helperText}
    />
  );
}
