import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../src/api/schema';
import type { AppContext } from '../context';
import { products } from '../db/schema';
import { notFound } from '../errors';

type Product = components['schemas']['Product'];
type ProductPage = components['schemas']['ProductPage'];
type ProductRow = typeof products.$inferSelect;

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toRupees = (paise: number) => paise / 100;

/** The contract's Product; `featured` also shows as an attribute, which is how the SPA reads it. */
export function toProductJson(row: ProductRow): Product {
  const attributes = row.attributes.map((a) => ({ ...a }));
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
    images: row.images,
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

const blankToNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function productsHandlers(ctx: AppContext) {
  return {
    async listProducts(request: FastifyRequest): Promise<ProductPage> {
      const query = request.query as ListQuery;
      const page = query.page ?? 1;
      const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

      const conditions: SQL[] = [];
      const category = blankToNull(query.category);
      if (category) conditions.push(sql`lower(${products.category}) = ${category.toLowerCase()}`);
      const parentCategory = blankToNull(query.parentCategory);
      if (parentCategory) {
        conditions.push(sql`lower(${products.parentCategory}) = ${parentCategory.toLowerCase()}`);
      }
      if (query.gender) conditions.push(sql`lower(${products.category}) = ${query.gender.toLowerCase()}`);
      if (query.filter === 'featured') conditions.push(eq(products.featured, true));
      const where = conditions.length > 0 ? and(...conditions) : undefined;

      // One round trip: the window count rides along with the page. Only a page past the end (no rows
      // to carry it) needs a separate count.
      const rows = await ctx.db
        .select({ product: products, total: sql<number>`(count(*) over())::int` })
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), asc(products.id))
        .limit(limit)
        .offset((page - 1) * limit);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const [counted] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
        total = counted?.n ?? 0;
      }
      return {
        data: rows.map((row) => toProductJson(row.product)),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
        count: total,
      };
    },

    async getProduct(request: FastifyRequest): Promise<Product> {
      const { id } = request.params as { id: string };
      // A non-uuid can never match; answering 404 before the query also keeps Postgres from raising.
      if (!UUID_PATTERN.test(id)) throw notFound('Product not found');
      const [row] = await ctx.db.select().from(products).where(eq(products.id, id.toLowerCase())).limit(1);
      if (!row) throw notFound('Product not found');
      return toProductJson(row);
    },
  };
}
