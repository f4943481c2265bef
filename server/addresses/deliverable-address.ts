import type { ShippingAddress } from '../../contract/schema';
import { checkShippingAddress } from '../../shared/checkout-address';
import { checkPinInState } from '../../shared/pincode';
import { badRequest } from '../errors';
import { pincodeIndex } from './pincode-index';

/**
 * A shipping address by the checkout rules (shared/checkout-address.ts), then its PIN code against its
 * state (shared/pincode.ts): normalised, or a 400 naming the field at fault. POST /orders and
 * POST /addresses both ask it.
 */
export function checkDeliverableAddress(raw: ShippingAddress) {
  const result = checkShippingAddress(raw);
  if (!result.ok) throw badRequest(result.message, result.field);
  const address = result.value;
  const message = checkPinInState(
    address.postalCode,
    pincodeIndex().lookup(address.postalCode),
    address.state,
  );
  if (message) throw badRequest(message, 'postalCode');
  return address;
}
