import { z } from 'zod';
import type { DisplayOrder, ReturnRequest } from '../../../machines/orders.model';
import {
  EXCHANGE_REASONS,
  normaliseRefundAccount,
  RETURN_REASONS,
  type RefundAccount,
  type ReturnReason,
} from '../../../shared/returns';

/** The contract's limit on what the shopper adds (openapi.yaml ReturnRequest.note). */
export const RETURN_NOTE_MAX_LENGTH = 500;

/** Where a cash-on-delivery return's money goes: a UPI ID or a bank account (shared/returns.ts). */
export type RefundVia = 'upi' | 'bank';

const RETURN_FORM_MESSAGES = {
  noLine: 'Choose at least one item',
  reason: 'Choose a reason',
  exchangeReason: 'An exchange is for a size that does not fit: choose Size too small or Size too large',
  size: 'Choose the new size',
  note: `Keep it to ${RETURN_NOTE_MAX_LENGTH} characters`,
} as const;

/**
 * One line of the order in the form, in the order's own order (`lines[i]` is `order.items[i]`): its id
 * (a hidden input, so the list has no gaps), whether it is chosen, how many pieces (a choice of 1 to
 * its returnable pieces) and an exchange's size.
 *
 * Strings, booleans, objects and one array only: the zod chunk is shared with every other form
 * (login, checkout, payment…), and each zod type more adds to all of their downloads.
 */
const lineSchema = z.object({
  itemId: z.string(),
  chosen: z.boolean().optional(),
  quantity: z.string().optional(),
  size: z.string().optional(),
});

const kindOf = (value: string | undefined): ReturnRequest['kind'] =>
  value === 'exchange' ? 'exchange' : 'return';

/** The reasons the form offers for `kind`: any for a return, a size that does not fit for an exchange. */
export const reasonsFor = (kind: ReturnRequest['kind']): readonly ReturnReason[] =>
  kind === 'exchange' ? EXCHANGE_REASONS : RETURN_REASONS;

const isReason = (kind: ReturnRequest['kind'], value: string | undefined): value is ReturnReason =>
  (reasonsFor(kind) as readonly string[]).includes(value ?? '');

type RefundFields = {
  refundVia?: string | undefined;
  upiId?: string | undefined;
  accountName?: string | undefined;
  accountNumber?: string | undefined;
  ifsc?: string | undefined;
};

/** The account the fields name, checked and normalised by the server's own rule (shared/returns.ts). */
function refundAccountOf(fields: RefundFields) {
  const account: RefundAccount =
    fields.refundVia === 'bank'
      ? {
          accountName: fields.accountName ?? '',
          accountNumber: fields.accountNumber ?? '',
          ifsc: fields.ifsc ?? '',
        }
      : { upiId: fields.upiId ?? '' };
  return normaliseRefundAccount(account);
}

/**
 * The return request form of `order` (Conform + zod): at least one line; an exchange names a new size for
 * each line and a size reason; a return of a cash-on-delivery order names the UPI ID or bank account the
 * money goes to. Its output is the body of POST /orders/{orderId}/returns.
 */
export function returnRequestSchema(order: Pick<DisplayOrder, 'items' | 'cashOnDelivery'>) {
  const cashOnDelivery = Boolean(order.cashOnDelivery);
  return z
    .object({
      kind: z.string().optional(),
      lines: z.array(lineSchema).optional(),
      reason: z.string().optional(),
      note: z.string().max(RETURN_NOTE_MAX_LENGTH, RETURN_FORM_MESSAGES.note).optional(),
      refundVia: z.string().optional(),
      upiId: z.string().optional(),
      accountName: z.string().optional(),
      accountNumber: z.string().optional(),
      ifsc: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const kind = kindOf(value.kind);
      const lines = value.lines ?? [];
      const chosen = lines.filter((line) => line.chosen);
      if (chosen.length === 0)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: RETURN_FORM_MESSAGES.noLine });
      if (kind === 'exchange')
        lines.forEach((line, index) => {
          if (line.chosen && !line.size?.trim())
            ctx.addIssue({
              code: 'custom',
              path: ['lines', index, 'size'],
              message: RETURN_FORM_MESSAGES.size,
            });
        });
      if (!isReason(kind, value.reason))
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message:
            kind === 'exchange' && isReason('return', value.reason)
              ? RETURN_FORM_MESSAGES.exchangeReason
              : RETURN_FORM_MESSAGES.reason,
        });
      if (cashOnDelivery && kind === 'return') {
        const account = refundAccountOf(value);
        if (!account.ok) ctx.addIssue({ code: 'custom', path: [account.field], message: account.error });
      }
    })
    .transform((value): ReturnRequest => {
      const kind = kindOf(value.kind);
      const note = value.note?.trim() ?? '';
      const account = cashOnDelivery && kind === 'return' ? refundAccountOf(value) : null;
      return {
        kind,
        reason: value.reason as ReturnReason,
        lines: (value.lines ?? [])
          .filter((line) => line.chosen)
          .map((line) => ({
            itemId: line.itemId,
            quantity: Math.max(1, Number.parseInt(line.quantity ?? '1', 10) || 1),
            ...(kind === 'exchange' && line.size ? { size: line.size } : {}),
          })),
        ...(note ? { note } : {}),
        ...(account?.ok ? { refundTo: account.account } : {}),
      };
    });
}
