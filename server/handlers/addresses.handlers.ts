import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../contract/schema';
import { checkShippingAddress, PIN_CODE_INVALID, PIN_CODE_PATTERN } from '../../shared/checkout-address';
import { checkPinInState, type PinPlace, pinNotFoundMessage } from '../../shared/pincode';
import { pincodeIndex } from '../addresses/pincode-index';
import { requireUser } from '../auth';
import type { AppContext } from '../context';
import { badRequest, conflict, notFound } from '../errors';
import { REFERENCE_CACHE_CONTROL } from '../http/cache';
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_NOT_FOUND,
  addressesOf,
  deleteAddress,
  rememberAddress,
} from '../repositories/addresses';

type AddressBook = components['schemas']['AddressBook'];
type ShippingAddress = components['schemas']['ShippingAddress'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  return {
    async getPincode(request: FastifyRequest, reply: FastifyReply): Promise<PinPlace> {
      const pin = (request.params as { pin: string }).pin.trim();
      if (!PIN_CODE_PATTERN.test(pin)) throw badRequest(PIN_CODE_INVALID);
      const place = pincodeIndex().lookup(pin);
      if (!place) throw notFound(pinNotFoundMessage(pin));
      reply.header('cache-control', REFERENCE_CACHE_CONTROL);
      return place;
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
