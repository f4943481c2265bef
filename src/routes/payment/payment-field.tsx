import { Field as ArkField } from '@ark-ui/react/field';
import { css } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import {
  isPhoneField,
  isRequired,
  type PaymentField,
  type PaymentValue,
  phoneMaxLength,
  placeholderOf,
} from '../../../machines/payment-form.rules';
import { Checkbox } from '../../components/ui/checkbox';
import { InputField, TextareaField } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { ChoiceSelect } from './choice-select';
import { applyMask } from './mask';

type PaymentFieldProps = {
  field: PaymentField;
  value: PaymentValue | undefined;
  error: string | undefined;
  onChange: (value: PaymentValue) => void;
  disabled?: boolean;
};

const errorsOf = (error: string | undefined) => (error ? [error] : undefined);

/**
 * One server-defined payment field (spec §3 Payment field definition). The machine holds the value:
 * it forces phone fields into +91 and ten digits, so a tel input simply shows what the machine kept.
 */
export function PaymentFieldControl({ field, value, error, onChange, disabled }: PaymentFieldProps) {
  const required = isRequired(field);
  const text = typeof value === 'string' ? value : '';
  const common = {
    label: field.label,
    name: field.name,
    required,
    helperText: field.description,
    errors: errorsOf(error),
    disabled,
  };

  switch (field.type) {
    case 'checkbox':
      return <CheckboxField field={field} checked={value === true} error={error} onChange={onChange} />;
    case 'select':
      return (
        <ChoiceSelect
          label={field.label}
          name={field.name}
          options={field.options ?? []}
          value={text}
          onValueChange={onChange}
          placeholder={field.placeholder}
          helperText={field.description}
          required={required}
          error={error}
        />
      );
    case 'textarea':
      return (
        <TextareaField
          {...common}
          value={text}
          placeholder={field.placeholder}
          maxLength={field.rules?.maxLength}
          rows={3}
          onChange={(e) => onChange(applyMask(e.target.value, field.mask))}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          helperText={field.description}
          value={text}
          placeholder={field.placeholder}
          autoComplete="new-password"
          onChange={(e) => onChange(applyMask(e.target.value, field.mask))}
        />
      );
    default: {
      const phone = isPhoneField(field);
      return (
        <InputField
          {...common}
          type={phone ? 'tel' : field.type === 'number' && field.mask ? 'text' : field.type}
          inputMode={phone || field.type === 'number' ? 'numeric' : undefined}
          autoComplete={phone ? 'tel' : field.type === 'email' ? 'email' : undefined}
          value={text}
          placeholder={placeholderOf(field)}
          maxLength={phone ? phoneMaxLength(field) : (field.rules?.maxLength ?? field.mask?.length)}
          onChange={(e) => onChange(phone ? e.target.value : applyMask(e.target.value, field.mask))}
        />
      );
    }
  }
}

function CheckboxField({
  field,
  checked,
  error,
  onChange,
}: {
  field: PaymentField;
  checked: boolean;
  error: string | undefined;
  onChange: (value: PaymentValue) => void;
}) {
  const classes = fieldRecipe();
  return (
    <ArkField.Root invalid={Boolean(error)} required={isRequired(field)} className={classes.root}>
      <Checkbox name={field.name} label={field.label} checked={checked} onCheckedChange={onChange} />
      {field.description ? (
        <ArkField.HelperText className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {field.description}
        </ArkField.HelperText>
      ) : null}
      <ArkField.ErrorText className={classes.errorText}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  );
}
