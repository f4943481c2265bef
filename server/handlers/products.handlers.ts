import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../src/api/schema';
import type { CatalogueReadModel } from '../catalogue/read-model';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { sendEncoded } from '../http/cache';
import { toRupees } from '../payments/money';
import { isProductId, type ProductRow } from '../repositories/products';

type Product = components['schemas']['Product'];

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** The contract's Product; `featured` also shows as an attribute, which is how the SPA reads it. */
export function toProductJson(row: ProductRow): Product {
  // Exactly the contract's fields (what the response schema's serializer would keep).
  const attributes = row.attributes.map((a) => ({
    id: a.id,
    key: a.key,
    values: a.values,
    metricUnit: a.metricUnit ?? null,
  }));
  if (row.featured && !attributes.some((a) => a.key.toLowerCase() === 'featured')) {
    attributes.push({ id: 'featured', key: 'featured', values: ['true'], metricUnit: null });
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imgUrl: row.imgUrl,
    category: row.category,
    parentCategory: row.parentCategory,
    regularPrice: toRupees(row.regularPricePaise),
    discountedPrice: row.discountedPricePaise === null ? null : toRupees(row.discountedPricePaise),
    createdAt: row.createdAt.toISOString(),
    images: row.images.map((image) => ({ url: image.url })),
    attributes,
  };
}

interface ListQuery {
  page?: number;
  limit?: number;
  category?: string;
  parentCategory?: string;
  gender?: string;
  filter?: string;
}

const blankToLower = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.toLowerCase() : null;
};

/**
 * Catalogue reads come from the in-memory read model (server/catalogue/read-model.ts) as bytes
 * serialized once per catalogue version, with ETag/304 and brotli/gzip (server/http/cache.ts).
 */
export function productsHandlers(_ctx: AppContext, catalogue: CatalogueReadModel) {
  return {
    async listProducts(request: FastifyRequest, reply: FastifyReply) {
      const query = request.query as ListQuery;
      const body = catalogue.list({
        page: query.page ?? 1,
        limit: Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
        category: blankToLower(query.category),
        parentCategory: blankToLower(query.parentCategory),
        gender: query.gender ? query.gender.toLowerCase() : null,
        featured: query.filter === 'featured',
      });
      return sendEncoded(request, reply, body);
    },

    async getProduct(request: FastifyRequest, reply: FastifyReply) {
      const { id } = request.params as { id: string };
      const body = isProductId(id) ? catalogue.product(id) : null;
      if (!body) throw notFound('Product not found');
      return sendEncoded(request, reply, body);
    },
  };
}
