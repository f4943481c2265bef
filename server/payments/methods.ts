import { PAYMENT_METHODS, type PaymentMethod } from './fields';

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * The default branch of every `switch` over a PaymentMethod. A method added to PAYMENT_METHODS but
 * not handled by a switch does not compile (it is not `never`), and a value that slips past the types
 * at run time is a server error, never a silent fallthrough to another method.
 */
export function unhandledMethod(method: never): never {
  throw new Error(`Payment method "${String(method)}" is not handled here`);
}
