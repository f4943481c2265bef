/** A stored product as the contract's Product (orders/order-json.ts does the same for orders). */
import type { Product } from '../../contract/schema';
import { toRupees } from '../payments/money';
import type { ProductRow } from './products.repository';

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
    // As stored, like the list's SQL (catalogue/products.repository.ts): a colour only where the image has one.
    images: row.images.map((image) =>
      image.color === undefined ? { url: image.url } : { url: image.url, color: image.color },
    ),
    attributes,
  };
}
