import type { AppContext, StoreInfo } from '../context';

export function storeHandlers(ctx: AppContext) {
  return {
    // Loaded and validated once at start (server/store-config.ts); the UPI payee is not part of it.
    async getStoreInfo(): Promise<StoreInfo> {
      return ctx.store;
    },
  };
}
