import { rupeesString } from './money';

export interface UpiPaymentLink {
  /** Payee VPA, e.g. statefront@upi. */
  payeeVpa: string;
  payeeName: string;
  amountPaise: number;
  /** Transaction reference the payee reconciles on (our attempt reference). */
  reference: string;
  /** Note shown to the payer, e.g. 'Order SF-…'. */
  note: string;
}

// RFC 3986 query-component encoding. '@' stays literal: it is legal in a query and several UPI apps
// fail to decode '%40' in the VPA.
function encodeParam(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/**
 * A `upi://pay` link per NPCI's UPI Linking Specification (v1.6): pa (payee VPA), pn (payee name),
 * am (amount in rupees, two decimals), cu (INR), tr (transaction reference), tn (note).
 * The same string is an intent deep link and the text of a UPI QR code.
 */
export function buildUpiLink(link: UpiPaymentLink): string {
  const params: [string, string][] = [
    ['pa', link.payeeVpa],
    ['pn', link.payeeName],
    ['am', rupeesString(link.amountPaise)],
    ['cu', 'INR'],
    ['tr', link.reference],
    // UPI apps show at most about 50 characters of the note.
    ['tn', link.note.slice(0, 50)],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeParam(value)}`).join('&')}`;
}
