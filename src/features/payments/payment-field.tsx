import { Field as ArkField } from '@ark-ui/react/field';
import type { FieldMetadata } from '@conform-to/react';
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes';
import { isRequired, type PaymentField, type PaymentValue } from '../../../shared/payment-fields';
import { Checkbox } from '../../components/ui/checkbox';
import { InputField, TextareaField } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { PhoneField } from '../../components/ui/phone-field';
import { SelectField, useSelectControl } from '../../components/ui/select';
import type { PaymentFormModel } from '../../forms/payment-form.schema';
import { applyMask } from './mask';

type PaymentFieldProps = {
  field: PaymentField;
  meta: FieldMetadata<PaymentValue | undefined>;
  model: PaymentFormModel;
  disabled?: boolean;
};

/**
 * Rewrites what the shopper typed in place: masked fields get their separators (a phone is forced to
 * +91 and ten digits by PhoneField itself). The input stays uncontrolled, so Conform reads the value from the
 * DOM; React's handler runs before Conform's document listener sees the same input event.
 */
function rewriteInput(field: PaymentField, model: PaymentFormModel) {
  return (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = event.currentTarget;
    const normalized = model.normalize(field.name, input.value);
    const next = typeof normalized === 'string' ? applyMask(normalized, field.mask) : input.value;
    if (next !== input.value) input.value = next;
  };
}

const initialText = (meta: FieldMetadata<PaymentValue | undefined>) =>
  typeof meta.initialValue === 'string' ? meta.initialValue : undefined;

/** One server-defined payment field (spec §3 Payment field definition), wired to Conform. */
export function PaymentFieldControl({ field, meta, model, disabled }: PaymentFieldProps) {
  const required = isRequired(field);
  const common = {
    label: field.label,
    name: meta.name,
    required,
    helperText: field.description,
    errors: meta.errors,
    disabled,
  };

  switch (field.type) {
    case 'checkbox':
      return <CheckboxField field={field} meta={meta} />;
    case 'select':
      return <PaymentSelectField field={field} meta={meta} />;
    case 'textarea':
      return (
        <TextareaField
          key={meta.key}
          {...common}
          defaultValue={initialText(meta)}
          placeholder={field.placeholder}
          maxLength={field.rules?.maxLength}
          rows={3}
          onInput={rewriteInput(field, model)}
        />
      );
    case 'password':
      return (
        <PasswordInput
          key={meta.key}
          {...common}
          helperText={field.description}
          defaultValue={initialText(meta)}
          placeholder={field.placeholder}
          autoComplete="new-password"
          onInput={rewriteInput(field, model)}
        />
      );
    default: {
      const { type, placeholder, maxLength, inputMode } = model.inputProps(field);
      if (type === 'tel')
        return (
          <PhoneField key={meta.key} {...common} defaultValue={initialText(meta)} placeholder={placeholder} />
        );
      // A masked number ('9999 9999') holds separators, which a number input would refuse.
      const inputType = type === 'number' && field.mask ? 'text' : type;
      return (
        <InputField
          key={meta.key}
          {...common}
          type={inputType}
          inputMode={inputMode ?? (type === 'number' ? 'decimal' : undefined)}
          autoComplete={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
          defaultValue={initialText(meta)}
          placeholder={placeholder}
          maxLength={maxLength ?? field.mask?.length}
          onInput={rewriteInput(field, model)}
        />
      );
    }
  }
}

function PaymentSelectField({
  field,
  meta,
}: {
  field: PaymentField;
  meta: FieldMetadata<PaymentValue | undefined>;
}) {
  return (
    <SelectField
      label={field.label}
      options={field.options ?? []}
      placeholder={field.placeholder ?? 'Select an option'}
      helperText={field.description}
      required={isRequired(field)}
      {...useSelectControl(meta as FieldMetadata<string>)}
    />
  );
}

function CheckboxField({
  field,
  meta,
}: {
  field: PaymentField;
  meta: FieldMetadata<PaymentValue | undefined>;
}) {
  const classes = fieldRecipe();
  const error = meta.errors?.[0];
  return (
    <ArkField.Root invalid={Boolean(error)} required={isRequired(field)} className={classes.root}>
      <Checkbox
        key={meta.key}
        name={meta.name}
        label={field.label}
        defaultChecked={meta.initialValue === 'on'}
      />
      {field.description ? (
        <ArkField.HelperText className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {field.description}
        </ArkField.HelperText>
      ) : null}
      <ArkField.ErrorText className={classes.errorText}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  );
}
