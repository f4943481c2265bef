import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { sendEncoded } from '../http/cache';
import { type ListQuery, toFindQuery } from './find-query';
import { isProductId } from './products.repository';
import type { CatalogueReadModel } from './read-model';

/**
 * Catalogue reads come from the in-memory read model (server/catalogue/read-model.ts) as bytes
 * serialized once per catalogue version, with ETag/304 and brotli/gzip (server/http/cache.ts).
 */
export function productsHandlers(_ctx: AppContext, catalogue: CatalogueReadModel) {
  return {
    async listProducts(request: FastifyRequest, reply: FastifyReply) {
      const body = await catalogue.find(toFindQuery(request.query as ListQuery));
      return sendEncoded(request, reply, body);
    },

    async getProduct(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: string };
      const body = isProductId(id) ? await catalogue.product(id) : null;
      if (!body) throw notFound('Product not found');
      return sendEncoded(request, reply, body);
    },
  };
}
