import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import {
  canSubmit,
  type PaymentErrors,
  type PaymentField,
  type PaymentValue,
  type PaymentValues,
  visibleFields,
} from '../../../machines/payment-form.rules';
import { Button } from '../../components/ui/button';
import { PaymentFieldControl } from './payment-field';

type PaymentFormProps = {
  fields: readonly PaymentField[];
  values: PaymentValues;
  errors: PaymentErrors;
  submitting: boolean;
  onChange: (name: string, value: PaymentValue) => void;
  onSubmit: () => void;
};

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

/** The form built from GET /payments/fields; only visible fields render (spec §4 showWhenFilled). */
export function PaymentForm({ fields, values, errors, submitting, onChange, onSubmit }: PaymentFormProps) {
  const shown = visibleFields(fields, values);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="payment-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      {rowsOf(shown).map((row) => (
        <div
          key={row.map((f) => f.name).join('|')}
          className={css({
            display: 'grid',
            gap: '5',
            gridTemplateColumns: { base: '1fr', md: row.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
          })}
        >
          {row.map((field) => (
            <PaymentFieldControl
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              disabled={submitting}
              onChange={(value) => onChange(field.name, value)}
            />
          ))}
        </div>
      ))}
      <Button
        type="submit"
        size="lg"
        disabled={!canSubmit(fields, values, submitting)}
        aria-busy={submitting}
      >
        {submitting ? 'Processing...' : 'Pay Now'}
      </Button>
    </form>
  );
}
