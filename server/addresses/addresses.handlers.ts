import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AddressBook, PinPlace as PinAnswer, ShippingAddress } from '../../contract/schema';
import { PIN_CODE_INVALID, PIN_CODE_PATTERN, type PinPlace, pinNotFoundMessage } from '../../shared/pincode';
import { requireUser } from '../accounts/auth';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { REFERENCE_CACHE_CONTROL } from '../http/cache';
import { codLimitPaise } from '../payments/cod';
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_NOT_FOUND,
  addressesOf,
  deleteAddress,
  rememberAddress,
} from './addresses.repository';
import { checkDeliverableAddress } from './deliverable-address';
import { deliveryTo } from './delivery';
import { pincodeIndex } from './pincode-index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /pincodes/{pin} and the signed-in shopper's saved addresses. */
export function addressesHandlers(ctx: AppContext) {
  const answer = async (userId: string): Promise<AddressBook> => ({
    items: (await addressesOf(ctx.db, userId)).map(
      ({ id, fullName, address, city, state, postalCode, phone }) => ({
        id,
        fullName,
        address,
        city,
        state,
        postalCode,
        phone,
      }),
    ),
  });

  // The dispatch PIN is checked against India Post's list at start (server/index.ts).
  const withDelivery = (place: PinPlace): PinAnswer => {
    const from = ctx.delivery ? pincodeIndex().lookup(ctx.delivery.fromPin) : null;
    if (!ctx.delivery || !from) return place;
    return {
      ...place,
      delivery: deliveryTo(from, place, ctx.delivery.days, codLimitPaise(ctx.config.payments)),
    };
  };

  return {
    async getPincode(request: FastifyRequest, reply: FastifyReply): Promise<PinAnswer> {
      const pin = (request.params as { pin: string }).pin.trim();
      if (!PIN_CODE_PATTERN.test(pin)) throw badRequest(PIN_CODE_INVALID);
      const place = pincodeIndex().lookup(pin);
      if (!place) throw notFound(pinNotFoundMessage(pin));
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      return withDelivery(place);
    },

    async listAddresses(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      return answer(user.id);
    },

    async addAddress(request: FastifyRequest, reply: FastifyReply) {
      const user = await requireUser(ctx, request);
      const address = checkDeliverableAddress(request.body as ShippingAddress);
      if ((await rememberAddress(ctx.db, user.id, address, { makeRoom: false })) === 'full')
        throw conflict(ADDRESS_BOOK_FULL);
      reply.code(201);
      return answer(user.id);
    },

    async deleteAddress(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      const id = (request.params as { addressId: string }).addressId.trim();
      if (!UUID.test(id) || !(await deleteAddress(ctx.db, user.id, id))) throw notFound(ADDRESS_NOT_FOUND);
      return answer(user.id);
    },
  };
}
