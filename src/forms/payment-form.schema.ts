/**
 * The payment form is built at run time from the server's field definitions (spec §3, §5). One
 * function turns the definitions into a zod schema (for Conform's parseWithZod / getZodConstraint)
 * plus the visibility and input rules the view needs. The rules themselves live in
 * shared/payment-fields.ts, which the payment machine and POST /payments also run, so all three give
 * the same messages.
 */
import { z } from 'zod';
import {
  canSubmit,
  defaultValues,
  isFieldVisible,
  isPhoneField,
  isRequired,
  normalizePhoneInput,
  type PaymentField,
  type PaymentValue,
  type PaymentValues,
  placeholderOf,
  validateField,
  visibleFields,
} from '../../shared/payment-fields';
import { PHONE_INPUT_MAX_LENGTH } from '../../shared/phone';

export type PaymentFormModel = {
  /** Validates a submission: shape first, then every visible field with the spec's messages. */
  schema: z.ZodType<Record<string, PaymentValue | undefined>>;
  defaults: PaymentValues;
  isVisible: (name: string, values: PaymentValues) => boolean;
  visibleFields: (values: PaymentValues) => PaymentField[];
  canSubmit: (values: PaymentValues, loading?: boolean) => boolean;
  /** What an input should hold after the shopper typed `raw` (phone: +91 and digits only). */
  normalize: (name: string, raw: PaymentValue) => PaymentValue;
  /** Native attributes for the control of a field. */
  inputProps: (field: PaymentField) => {
    type: string;
    placeholder?: string;
    maxLength?: number;
    inputMode?: 'tel';
    required: boolean;
  };
};

/** Conform turns empty inputs into undefined; the rules speak of blank strings. */
function toValues(
  fields: readonly PaymentField[],
  input: Record<string, PaymentValue | undefined>,
): PaymentValues {
  const values: PaymentValues = {};
  for (const field of fields) {
    const value = input[field.name];
    values[field.name] = value === undefined ? (field.type === 'checkbox' ? false : '') : value;
  }
  return values;
}

export function buildPaymentForm(fields: readonly PaymentField[]): PaymentFormModel {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const shape: Record<string, z.ZodType<PaymentValue | undefined>> = {};
  for (const field of fields) {
    shape[field.name] = field.type === 'checkbox' ? z.boolean().optional() : z.string().optional();
  }
  const schema = z.object(shape).superRefine((input, ctx) => {
    const values = toValues(fields, input);
    for (const field of fields) {
      const message = validateField(field, values);
      if (message) ctx.addIssue({ code: 'custom', path: [field.name], message });
    }
  });

  return {
    schema,
    defaults: defaultValues(fields),
    isVisible: (name, values) => {
      const field = byName.get(name);
      return field ? isFieldVisible(field, values) : false;
    },
    visibleFields: (values) => visibleFields(fields, values),
    canSubmit: (values, loading = false) => canSubmit(fields, values, loading),
    normalize: (name, raw) => {
      const field = byName.get(name);
      return field && isPhoneField(field) && typeof raw === 'string' ? normalizePhoneInput(raw) : raw;
    },
    inputProps: (field) => {
      const phone = isPhoneField(field);
      const placeholder = placeholderOf(field);
      // A phone is typed any usual way ('+91 98765 43210'): the rule reads it, not the input's length.
      const maxLength = phone ? PHONE_INPUT_MAX_LENGTH : field.rules?.maxLength;
      return {
        type: phone ? 'tel' : field.type,
        ...(placeholder === undefined ? {} : { placeholder }),
        ...(maxLength === undefined ? {} : { maxLength }),
        ...(phone ? { inputMode: 'tel' as const } : {}),
        required: isRequired(field),
      };
    },
  };
}

/** The schema alone, for `parseWithZod(formData, { schema: paymentFormSchema(fields) })`. */
export function paymentFormSchema(fields: readonly PaymentField[]) {
  return buildPaymentForm(fields).schema;
}
