/**
 * Each product's sizes and colours, read from its JSON rather than with the index fields: reading every
 * row's attributes in the catalogue's index query made it about 10× slower, and only facets and
 * attribute filters need them.
 */
import { optionOfKey } from '../../shared/product-options';
import type { ProductJson } from './product-json';
import type { ProductMeta } from './product-meta';

export interface ProductAttributeValues {
  sizes: string[][];
  colors: string[][];
}

/** A product's sizes and colours from its JSON (the keys of shared/product-options.ts, any case). */
function attributeValuesOf(json: string): { sizes: string[]; colors: string[] } {
  const sizes: string[] = [];
  const colors: string[] = [];
  const product = JSON.parse(json) as { attributes?: { key?: unknown; values?: unknown }[] };
  for (const attribute of Array.isArray(product.attributes) ? product.attributes : []) {
    const key = typeof attribute?.key === 'string' ? attribute.key : '';
    const option = optionOfKey(key);
    const into = option === 'size' ? sizes : option === 'color' ? colors : null;
    if (into && Array.isArray(attribute?.values))
      for (const value of attribute.values) into.push(String(value));
  }
  return { sizes, colors };
}

/** Every product's values, parsed from its JSON (a full load's first facet or attribute filter). */
export function readAttributeValues(source: ProductJson, size: number): ProductAttributeValues {
  const sizes: string[][] = new Array(size);
  const colors: string[][] = new Array(size);
  for (let i = 0; i < size; i++) {
    const values = attributeValuesOf(source.json.toString('utf8', source.starts[i], source.ends[i]));
    sizes[i] = values.sizes;
    colors[i] = values.colors;
  }
  return { sizes, colors };
}

/**
 * The values for the next snapshot: the previous snapshot's for every product whose JSON is not in
 * `fresh`, parsed from the new JSON for the rest.
 */
export function carriedAttributeValues(
  previous: ProductAttributeValues,
  previousIndexById: ReadonlyMap<string, number>,
  meta: ProductMeta,
  fresh: Map<string, string>,
): ProductAttributeValues {
  const n = meta.ids.length;
  const sizes: string[][] = new Array(n);
  const colors: string[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    const id = meta.ids[i] as string;
    const text = fresh.get(id);
    const j = previousIndexById.get(id);
    if (text === undefined && j !== undefined) {
      sizes[i] = previous.sizes[j] as string[];
      colors[i] = previous.colors[j] as string[];
    } else {
      const values = attributeValuesOf(text ?? '{}');
      sizes[i] = values.sizes;
      colors[i] = values.colors;
    }
  }
  return { sizes, colors };
}
