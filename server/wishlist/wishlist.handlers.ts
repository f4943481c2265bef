import type { FastifyRequest } from 'fastify';
import type { Wishlist, WishlistMergeRequest } from '../../contract/schema';
import { requireUser } from '../accounts/auth';
import { toProductJson } from '../catalogue/product-row-json';
import { isProductId } from '../catalogue/products.repository';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { removeFromWishlist, saveToWishlist, wishlistOf } from './wishlist.repository';

/** Ids as the catalogue stores them: uuids in lower case (a pasted id may carry spaces or capitals). */
const productIdOf = (raw: string): string | null => {
  const id = raw.trim().toLowerCase();
  return isProductId(id) ? id : null;
};

/**
 * The signed-in shopper's wishlist (visitors keep theirs in the browser and merge it on sign-in).
 * Every answer is the whole list, most recently saved first, so the client simply follows it.
 */
export function wishlistHandlers(ctx: AppContext) {
  // Signed-in answers are never cached (plugins/private-cache.ts).
  const answer = async (userId: string): Promise<Wishlist> => ({
    items: (await wishlistOf(ctx.db, userId)).map(toProductJson),
  });

  return {
    async getWishlist(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      return answer(user.id);
    },

    async mergeWishlist(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      const { productIds } = request.body as WishlistMergeRequest;
      const ids = productIds.map(productIdOf).filter((id): id is string => id !== null);
      await saveToWishlist(ctx.db, user.id, ids);
      return answer(user.id);
    },

    async addToWishlist(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      const id = productIdOf((request.params as { productId: string }).productId);
      const saved = id ? await saveToWishlist(ctx.db, user.id, [id]) : 0;
      if (saved === 0) throw notFound('Product not found');
      return answer(user.id);
    },

    async removeFromWishlist(request: FastifyRequest) {
      const user = await requireUser(ctx, request);
      const id = productIdOf((request.params as { productId: string }).productId);
      if (id) await removeFromWishlist(ctx.db, user.id, id);
      return answer(user.id);
    },
  };
}
