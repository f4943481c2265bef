import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { EncodedBody, sendEncoded } from '../http/cache';

export function storeHandlers(ctx: AppContext) {
  // Loaded and validated once at start (server/infra/store-config.ts); the UPI payee is not part of it.
  // Serialized once for the life of the process, by the route's own response serializer (so the
  // bytes are what the contract lets through), and compressed on first demand.
  let body: EncodedBody | undefined;
  return {
    async getStoreInfo(request: FastifyRequest, reply: FastifyReply) {
      if (!body) {
        const serialize = reply.getSerializationFunction('200', 'application/json') ?? JSON.stringify;
        body = new EncodedBody(Buffer.from(serialize(ctx.store)));
      }
      return sendEncoded(request, reply, body);
    },
  };
}
