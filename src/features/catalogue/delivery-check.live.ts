import { deliveryCheckMachine } from '../../../machines/delivery-check.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { pincodeLookup } from '../../app/actors/pincode-lookup';

export function provideDeliveryCheckMachine(deps: LiveDeps) {
  return deliveryCheckMachine.provide({ actors: { lookupPincode: pincodeLookup(deps) } });
}
