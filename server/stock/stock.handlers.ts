import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SetStockRequest, StockList } from '../../contract/schema';
import type { AppContext } from '../context';
import { readStock, writeStock } from './stock.service';

/** GET /stock (public, never cached: units change with every order) and PUT /fulfilment/stock (signed). */
export function stockHandlers(ctx: AppContext) {
  return {
    async getStock(request: FastifyRequest, reply: FastifyReply): Promise<StockList> {
      const { products } = request.query as { products: string };
      reply.header('cache-control', 'no-store');
      return { items: await readStock(ctx, products) };
    },

    async setStock(request: FastifyRequest): Promise<StockList> {
      const items = await writeStock(ctx, request.body as SetStockRequest);
      request.log.info({ rows: (request.body as SetStockRequest).items.length }, 'stock set');
      return { items };
    },
  };
}
