import { deliveryCheckMachine } from '../../../machines/delivery-check.machine';
import type { LiveDeps } from './live-deps';
import { pincodeLookup } from './pincode-lookup';

export function provideDeliveryCheckMachine(deps: LiveDeps) {
  return deliveryCheckMachine.provide({ actors: { lookupPincode: pincodeLookup(deps) } });
}
