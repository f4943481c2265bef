import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
// Types only: a value from the orders model (and the lifecycles' xstate behind it) in this lazy chunk made
// Rolldown split React Router and XState out of the entry chunk, +2.5 KB on every route (docs/performance.md).
import type { DisplayOrder, DisplayOrderItem, ReturnRequest } from '../../../machines/orders.model';
import { RETURN_WINDOW_DAYS } from '../../../shared/returns';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../../components/fallback-image';
import { formStack } from '../../components/form-layout';
import { formatDeadline } from '../../components/format';
import { Button, SubmitButton } from '../../components/ui/button';
import { InputField, TextareaField } from '../../components/ui/field';
import { PRIVATE_FORM } from '../../forms/private-form';
import { stack } from '../../theme/layout';
import { BoxRow, ChoicePills, SelectControl } from './return-form-controls';
import {
  RETURN_NOTE_MAX_LENGTH,
  type RefundVia,
  reasonsFor,
  returnRequestSchema,
} from './return-request.schema';

export type ReturnFormProps = {
  order: DisplayOrder;
  /** Some line that can go back has another size (`offersExchange`): the form offers an exchange. */
  exchangeOffered: boolean;
  /** The server is recording the request: every control waits, the form keeps what was chosen. */
  submitting: boolean;
  /** A valid request: the machine sends it (POST /orders/{orderId}/returns). */
  onSubmit: (request: ReturnRequest) => void;
  /** Cancel, or Escape while nothing is being sent. */
  onDismiss: () => void;
};

const KIND_OPTIONS = [
  { value: 'return', label: 'Return for a refund' },
  { value: 'exchange', label: 'Exchange for another size' },
] as const;

const REFUND_VIA_OPTIONS: readonly { value: RefundVia; label: string }[] = [
  { value: 'upi', label: 'UPI ID' },
  { value: 'bank', label: 'Bank account' },
];

const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const errorText = css({ fontSize: 'sm', color: 'fg.error' });
const fieldsetReset = css.raw({ border: 'none', p: '0', m: '0', minW: '0' });
const legendStyle = css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default', mb: '2' });

/** The first control a keyboard reaches in the form: where focus goes when it opens. */
const FIRST_CONTROL =
  'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** Why a line cannot be chosen for `kind`, or null when it can. */
function lineExcluded(item: DisplayOrderItem, kind: ReturnRequest['kind']): string | null {
  if (item.notReturnable) return item.notReturnable;
  if ((item.returnable ?? 0) <= 0) return 'Already in a return';
  if (kind === 'exchange' && (item.exchangeSizes?.length ?? 0) === 0) return 'No other size to exchange for';
  return null;
}

/**
 * 'Return or exchange' on a delivered order's card (docs/returns.md): return lines for a refund or
 * exchange them for another size, which lines and how many pieces, the reason, anything else, and for a
 * cash-on-delivery order the UPI ID or bank account the refund goes to (checked by the server's rule,
 * shared/returns.ts). Conform + zod; a valid request goes to the My Orders machine. Its own chunk: My
 * Orders loads it when a shopper first opens a form.
 */
export function ReturnForm({ order, exchangeOffered, submitting, onSubmit, onDismiss }: ReturnFormProps) {
  const schema = useMemo(() => returnRequestSchema(order), [order]);
  const returnable = order.items.filter((item) => (item.returnable ?? 0) > 0 && !item.notReturnable);
  const [form, fields] = useForm({
    id: `return-${order.id}`,
    // The fields' own rules (the request it is turned into has none to give the browser).
    constraint: getZodConstraint(schema.in),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: {
      kind: 'return',
      refundVia: 'upi',
      lines: order.items.map((item) => ({
        itemId: item.id,
        // The only line that can go back is chosen already.
        chosen: returnable.length === 1 && returnable[0] === item ? 'on' : undefined,
        quantity: String(Math.max(1, item.returnable ?? 1)),
      })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === 'success' && !submitting) onSubmit(submission.value);
    },
  });
  const kind: ReturnRequest['kind'] = fields.kind.value === 'exchange' ? 'exchange' : 'return';
  const refundVia = fields.refundVia.value === 'bank' ? 'bank' : 'upi';
  const asksAccount = Boolean(order.cashOnDelivery) && kind === 'return';
  const titleId = `${form.id}-title`;
  const linesErrorId = `${form.id}-lines-error`;

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
  }, []);
  // Sending disables the button that had the focus: back from a refusal, the focus returns to it.
  const submitButton = useRef<HTMLButtonElement>(null);
  const wasSubmitting = useRef(submitting);
  useEffect(() => {
    const active = document.activeElement;
    if (wasSubmitting.current && !submitting && (!active || active === document.body))
      submitButton.current?.focus();
    wasSubmitting.current = submitting;
  }, [submitting]);

  return (
    <form
      {...PRIVATE_FORM}
      {...getFormProps(form)}
      ref={formRef}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !submitting) onDismiss();
      }}
      className={css({
        flexBasis: '100%',
        p: '4',
        borderRadius: 'control',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        bg: 'bg.muted',
      })}
    >
      <fieldset disabled={submitting} className={cx(formStack, css(fieldsetReset))}>
        <div className={css(stack, { gap: '1' })}>
          <p id={titleId} className={css({ fontWeight: '700' })}>
            Return or exchange from order {order.id}
          </p>
          <p className={muted}>
            Within {RETURN_WINDOW_DAYS} days of delivery
            {order.returnBy ? `: ask by ${formatDeadline(order.returnBy)}` : ''}. A courier collects the items
            from your shipping address.
          </p>
        </div>
        {exchangeOffered ? (
          <ChoicePills
            legend="What would you like?"
            name={fields.kind.name}
            options={KIND_OPTIONS}
            defaultValue={fields.kind.initialValue}
          />
        ) : (
          <input type="hidden" name={fields.kind.name} value="return" />
        )}
        <fieldset
          className={css(fieldsetReset)}
          aria-describedby={fields.lines.errors ? linesErrorId : undefined}
        >
          <legend className={legendStyle}>Items</legend>
          <ul className={css(stack, { gap: '3' })}>
            {fields.lines.getFieldList().map((lineMeta, index) => {
              const item = order.items[index];
              if (!item) return null;
              const line = lineMeta.getFieldset();
              const excluded = lineExcluded(item, kind);
              const chosen = !excluded && line.chosen.value === 'on';
              const whyId = `${form.id}-line-${index}-why`;
              return (
                <li key={item.id} className={css(stack, { gap: '2' })}>
                  <input type="hidden" name={line.itemId.name} value={item.id} />
                  <BoxRow
                    // Remounted when it is excluded or allowed again, so an excluded line is never left ticked.
                    key={excluded ? 'excluded' : 'allowed'}
                    name={line.chosen.name}
                    defaultChecked={!excluded && line.chosen.initialValue === 'on'}
                    disabled={excluded !== null}
                    describedBy={excluded ? whyId : undefined}
                    // 'Choose at least one item' belongs to the list: checked again as soon as one is chosen.
                    onChange={
                      fields.lines.errors ? () => form.validate({ name: fields.lines.name }) : undefined
                    }
                  >
                    <FallbackImage
                      src={item.image}
                      fallback={DEFAULT_PRODUCT_IMAGE}
                      alt=""
                      width={40}
                      height={50}
                      loading="lazy"
                      className={css({
                        w: '10',
                        h: 'auto',
                        aspectRatio: '4/5',
                        objectFit: 'cover',
                        borderRadius: 'control',
                        bg: 'cotton.100',
                        flexShrink: 0,
                      })}
                    />
                    <span className={css({ minW: '0' })}>
                      <span className={css({ display: 'block', overflowWrap: 'anywhere' })}>{item.name}</span>
                      {item.variant ? (
                        <span className={cx(css({ display: 'block' }), muted)}>{item.variant}</span>
                      ) : null}
                    </span>
                  </BoxRow>
                  {excluded ? (
                    <p id={whyId} className={cx(css({ ps: '8' }), muted)}>
                      {excluded}
                    </p>
                  ) : null}
                  {chosen && ((item.returnable ?? 0) > 1 || kind === 'exchange') ? (
                    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', ps: '8' })}>
                      {(item.returnable ?? 0) > 1 ? (
                        <SelectControl
                          label={<LabelFor word="Quantity" item={item} />}
                          name={line.quantity.name}
                          defaultValue={line.quantity.initialValue}
                          options={Array.from({ length: item.returnable ?? 1 }, (_, i) => ({
                            value: String(i + 1),
                            label: String(i + 1),
                          }))}
                          errors={line.quantity.errors}
                          className={css({ w: '28' })}
                        />
                      ) : null}
                      {kind === 'exchange' ? (
                        <SelectControl
                          label={<LabelFor word="New size" item={item} />}
                          name={line.size.name}
                          placeholder="Choose a size"
                          options={(item.exchangeSizes ?? []).map((size) => ({ value: size, label: size }))}
                          errors={line.size.errors}
                          className={css({ w: '44' })}
                        />
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {fields.lines.errors ? (
            <p id={linesErrorId} className={cx(css({ mt: '2' }), errorText)}>
              {fields.lines.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <SelectControl
          label="Reason"
          name={fields.reason.name}
          placeholder="Choose a reason"
          options={reasonsFor(kind).map((reason) => ({ value: reason, label: reason }))}
          errors={fields.reason.errors}
        />
        <TextareaField
          meta={fields.note}
          label="Anything else?"
          helperText="Optional"
          rows={2}
          maxLength={RETURN_NOTE_MAX_LENGTH}
        />
        {asksAccount ? (
          <div className={css(stack, { gap: '4' })}>
            <ChoicePills
              legend="Refund to"
              name={fields.refundVia.name}
              options={REFUND_VIA_OPTIONS}
              defaultValue={fields.refundVia.initialValue}
            />
            {refundVia === 'bank' ? (
              <>
                <InputField meta={fields.accountName} label="Account holder's name" autoComplete="name" />
                <InputField
                  meta={fields.accountNumber}
                  label="Account number"
                  inputMode="numeric"
                  autoComplete="off"
                />
                <InputField
                  meta={fields.ifsc}
                  label="IFSC"
                  placeholder="HDFC0001234"
                  autoComplete="off"
                  autoCapitalize="characters"
                />
              </>
            ) : (
              <InputField
                meta={fields.upiId}
                label="UPI ID"
                placeholder="name@okhdfcbank"
                autoComplete="off"
                autoCapitalize="none"
              />
            )}
            <p className={muted}>
              Your account details are stored encrypted and shown only as the last digits.
            </p>
          </div>
        ) : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <SubmitButton ref={submitButton} aria-busy={submitting} disabled={submitting}>
            {submitting ? 'Requesting...' : kind === 'exchange' ? 'Request exchange' : 'Request return'}
          </SubmitButton>
          <Button variant="outline" onClick={onDismiss} disabled={submitting}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** 'Quantity' with the line's name for a screen reader ('Quantity of Block Print Kurta'). */
function LabelFor({ word, item }: { word: string; item: DisplayOrderItem }) {
  return (
    <>
      {word} <span className={css({ srOnly: true })}>of {item.name}</span>
    </>
  );
}
