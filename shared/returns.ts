/**
 * The Return policy's rules (docs/returns.md), written once for the server that enforces them and the
 * storefront that offers them: the window, the reasons a shopper picks from, the goods the policy
 * excludes, and the UPI or bank account a cash-on-delivery return is refunded to.
 */

/** Days after delivery during which a return or exchange may be requested (Return policy: 0–7 days). */
export const RETURN_WINDOW_DAYS = 7;

/** The reasons a shopper picks from; an exchange is for a size that does not fit. */
export const RETURN_REASONS = [
  'Size too small',
  'Size too large',
  'Colour or style not as shown',
  'Quality not as expected',
  'Damaged or wrong item received',
  'Changed my mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const EXCHANGE_REASONS: readonly ReturnReason[] = ['Size too small', 'Size too large'];

/**
 * A product's `returns` attribute (from the catalogue) names why the policy excludes it; the refusal
 * quotes the policy's words.
 */
export const RETURNS_ATTRIBUTE = 'returns';
const EXCLUDED: Record<string, string> = {
  hygiene: 'Unsealed hygiene goods cannot be returned (Return policy).',
  personalised: 'Personalised goods cannot be returned (Return policy).',
};
/** The attribute values the catalogue writes, as the product page shows them. */
export const NOT_RETURNABLE_VALUES = {
  hygiene: 'Not returnable (hygiene goods)',
  personalised: 'Not returnable (personalised)',
} as const;

/**
 * Why the policy excludes a product whose `returns` attribute holds `values`, or null when it may be
 * returned.
 */
export function exclusionOf(values: readonly string[] | undefined): string | null {
  for (const value of values ?? []) {
    for (const [kind, shown] of Object.entries(NOT_RETURNABLE_VALUES))
      if (value === shown) return EXCLUDED[kind] ?? null;
  }
  return null;
}

/** The last day (ISO date-time) a return may be requested for an order delivered at `deliveredAt`. */
export function returnDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60_000);
}

/** Where the money of a cash-on-delivery return goes: a UPI id, or an Indian bank account. */
export type RefundAccount = { upiId: string } | { accountName: string; accountNumber: string; ifsc: string };

/** A UPI id as NPCI writes them: handle@bank, letters, digits, dots, hyphens, underscores. */
const UPI_ID = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/i;
/** An IFSC: four letters of the bank, a zero, six letters or digits of the branch. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
const ACCOUNT_NUMBER = /^\d{9,18}$/;

/**
 * The account as the shopper meant it (spaces and case forgiven: 'asha @OKICICI', 'hdfc 0001234',
 * '5010 0123 4567 89'), or the message saying what cannot be meant.
 */
export function normaliseRefundAccount(
  account: RefundAccount,
): { ok: true; account: RefundAccount } | { ok: false; error: string; field: string } {
  if ('upiId' in account) {
    const upiId = account.upiId.replace(/\s+/g, '').toLowerCase();
    if (!UPI_ID.test(upiId))
      return { ok: false, field: 'upiId', error: 'Enter a UPI ID like name@okhdfcbank' };
    return { ok: true, account: { upiId } };
  }
  const accountName = account.accountName.trim().replace(/\s+/g, ' ');
  const accountNumber = account.accountNumber.replace(/[\s-]+/g, '');
  const ifsc = account.ifsc.replace(/\s+/g, '').toUpperCase();
  if (accountName.length < 2)
    return { ok: false, field: 'accountName', error: 'Enter the account holder’s name' };
  if (!ACCOUNT_NUMBER.test(accountNumber))
    return { ok: false, field: 'accountNumber', error: 'Enter an account number of 9 to 18 digits' };
  if (!IFSC.test(ifsc)) return { ok: false, field: 'ifsc', error: 'Enter an IFSC like HDFC0001234' };
  return { ok: true, account: { accountName, accountNumber, ifsc } };
}

/**
 * How an account is shown back: never in full ('UPI a•••@okicici', 'Bank account ••••6789, HDFC0001234').
 */
export function maskRefundAccount(account: RefundAccount): string {
  if ('upiId' in account) {
    const [name = '', bank = ''] = account.upiId.split('@');
    return `UPI ${name.slice(0, 1)}•••@${bank}`;
  }
  return `Bank account ••••${account.accountNumber.slice(-4)}, ${account.ifsc}`;
}
