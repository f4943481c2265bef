import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CatalogueSort } from '../../server/catalogue/catalogue-query';
import { productIds } from '../../server/catalogue/product-ids';
import { SortOrders } from '../../server/catalogue/sort-orders';

const SORTS: CatalogueSort[] = ['price-asc', 'price-desc', 'discount', 'newest'];

/** A catalogue of `n` products: few distinct prices (many ties), some ids sharing their first eight digits. */
function catalogue(n: number, price: (i: number) => number) {
  const idOf = Array.from({ length: n }, (_, i) =>
    i % 7 === 0 ? `0000abcd${randomUUID().slice(8)}` : randomUUID(),
  );
  const regularOf = Int32Array.from({ length: n }, (_, i) => price(i));
  const paidOf = Int32Array.from(regularOf, (regular, i) =>
    i % 3 === 0 ? regular - (i % 5) * 100 : regular,
  );
  return { idOf, paidOf, regularOf };
}

/** The order by the comparison itself: what every whole-catalogue order must equal. */
function compared(orders: SortOrders, n: number, sort: CatalogueSort): number[] {
  return Array.from({ length: n }, (_, i) => i).sort(orders.compare(sort));
}

describe('whole-catalogue sort orders', () => {
  it('equal the comparison order for every sort, ties broken by id', () => {
    const n = 5000;
    const { idOf, paidOf, regularOf } = catalogue(n, (i) => 49_900 + (i % 13) * 10_000);
    const orders = new SortOrders(productIds(idOf), paidOf, regularOf);
    for (const sort of SORTS) expect([...orders.order(sort)], sort).toEqual(compared(orders, n, sort));
  });

  it('equal it at the ends of the price range', () => {
    const n = 300;
    const { idOf, paidOf, regularOf } = catalogue(n, (i) => 49_900 + (i % 4) * 10_000);
    paidOf[5] = 2 ** 31 - 1;
    regularOf[5] = 2 ** 31 - 1;
    paidOf[6] = 0;
    const orders = new SortOrders(productIds(idOf), paidOf, regularOf);
    for (const sort of SORTS) expect([...orders.order(sort)], sort).toEqual(compared(orders, n, sort));
  });
});
