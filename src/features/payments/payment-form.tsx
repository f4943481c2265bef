import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type FormEvent, useMemo } from 'react';
import { css } from 'styled-system/css';
import {
  CASH_ON_DELIVERY,
  type PaymentErrors,
  type PaymentField,
  type PaymentValue,
  type PaymentValues,
} from '../../../shared/payment-fields';
import { formStack } from '../../components/form-layout';
import { SubmitButton } from '../../components/ui/button';
import { isConformIntentSubmit } from '../../forms/conform-intent';
import { buildPaymentForm } from '../../forms/payment-form.schema';
import { PRIVATE_FORM } from '../../forms/private-form';
import { serverFieldErrors } from '../../forms/server-errors';
import { grid } from '../../theme/layout';
import { PaymentFieldControl } from './payment-field';

type PaymentFormProps = {
  fields: readonly PaymentField[];
  submitting: boolean;
  /** What the server said about fields (400 `{ error, field }`): shown under those fields. */
  serverErrors?: PaymentErrors;
  /** Every real submit, valid or not: the machine validates again and owns the 'Validation Error' toast. */
  onSubmit: (values: PaymentValues) => void;
};

const NO_ERRORS: PaymentErrors = {};

/** Consecutive `inline` fields share a row on wide screens; every other field has its own. */
function rowsOf(fields: readonly PaymentField[]): PaymentField[][] {
  const rows: PaymentField[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.inline && last?.[0]?.inline) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

/** Conform's view of the inputs (strings, 'on' for a ticked box) as the payment rules read values. */
function toPaymentValues(fields: readonly PaymentField[], raw: unknown): PaymentValues {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const values: PaymentValues = {};
  for (const field of fields) {
    const value = input[field.name];
    if (field.type === 'checkbox') values[field.name] = value === true || value === 'on' || value === 'true';
    else values[field.name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Conform's default values are what the inputs would submit: text, or 'on' for a ticked box. */
function toFormDefaults(defaults: PaymentValues): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [
      name,
      value === true ? 'on' : value === false ? undefined : (value as string),
    ]),
  );
}

/**
 * The form built from GET /payments/fields (spec §3, §4, §5) with Conform and the zod schema of
 * src/forms/payment-form.schema.ts. Only visible fields render (showWhenFilled); remounting it with a
 * new `key` when the definitions change resets the values to their defaults.
 */
export function PaymentForm({ fields, submitting, serverErrors = NO_ERRORS, onSubmit }: PaymentFormProps) {
  const model = useMemo(() => buildPaymentForm(fields), [fields]);
  const lastResult = useMemo(() => serverFieldErrors(serverErrors), [serverErrors]);
  const [form, meta] = useForm<Record<string, PaymentValue | undefined>>({
    id: 'payment',
    lastResult,
    defaultValue: toFormDefaults(model.defaults),
    constraint: getZodConstraint(model.schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: model.schema }),
  });
  const formProps = getFormProps(form);
  const values = toPaymentValues(fields, form.value ?? toFormDefaults(model.defaults));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitted = isConformIntentSubmit(event)
      ? null
      : toPaymentValues(fields, Object.fromEntries(new FormData(event.currentTarget)));
    formProps.onSubmit(event);
    event.preventDefault();
    if (submitted) onSubmit(submitted);
  };

  return (
    <form
      {...PRIVATE_FORM}
      {...formProps}
      onSubmit={submit}
      aria-labelledby="payment-title"
      className={formStack}
    >
      {rowsOf(model.visibleFields(values)).map((row) => (
        <div
          // Keyed by its first field: a conditional field joining the row must not remount the others.
          key={row[0]?.name}
          className={css(grid, {
            gap: '5',
            gridTemplateColumns: { base: '1fr', md: row.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
          })}
        >
          {row.map((field) => {
            const fieldMeta = meta[field.name];
            return fieldMeta ? (
              <PaymentFieldControl
                key={field.name}
                field={field}
                meta={fieldMeta}
                model={model}
                disabled={submitting}
              />
            ) : null;
          })}
        </div>
      ))}
      <SubmitButton size="lg" disabled={!model.canSubmit(values, submitting)} aria-busy={submitting}>
        {submitting ? 'Processing...' : values.method === CASH_ON_DELIVERY ? 'Confirm order' : 'Pay Now'}
      </SubmitButton>
    </form>
  );
}
