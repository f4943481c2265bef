/**
 * Each product's sizes and colours, as the size and colour filters and facets use them. PostgreSQL
 * works them out from the attributes into the generated column option_values (migration 0010: the keys
 * of shared/product-options.ts, any case, trimmed); a full load reads every product's, a patch only
 * the changed products'. Reading every product's attributes instead took 31 s at a million products.
 */
import type { ProductMeta } from './product-meta';

export interface ProductAttributeValues {
  sizes: string[][];
  colors: string[][];
}

/** Each distinct value as one string, however many products hold it. */
type Intern = (value: string) => string;

function interner(): Intern {
  const names = new Map<string, string>();
  return (name) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
}

/** One product's values from its option_values text (`[[sizes…],[colours…]]`); none if it is not that. */
function valuesOf(text: string, intern: Intern): { sizes: string[]; colors: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const [sizes, colors] = Array.isArray(parsed) ? parsed : [];
  const list = (values: unknown) =>
    Array.isArray(values) ? values.map((value) => intern(String(value))) : [];
  return { sizes: list(sizes), colors: list(colors) };
}

export function noAttributeValues(): ProductAttributeValues {
  return { sizes: [], colors: [] };
}

/** Every product's values from a full load's option_values lines (in catalogue order, in parts). */
export async function attributeValuesFromLines(
  size: number,
  parts: AsyncIterable<string>,
): Promise<ProductAttributeValues> {
  const sizes: string[][] = new Array(size);
  const colors: string[][] = new Array(size);
  const intern = interner();
  let i = 0;
  for await (const part of parts) {
    if (part === '') continue;
    for (const line of part.split('\n')) {
      if (i >= size) throw new Error('catalogue load: more option lines than products');
      const values = valuesOf(line, intern);
      sizes[i] = values.sizes;
      colors[i] = values.colors;
      i++;
    }
  }
  if (i !== size) throw new Error('catalogue load: fewer option lines than products');
  return { sizes, colors };
}

/**
 * The values for the next snapshot: the previous snapshot's for every product whose option_values are
 * not in `fresh` (its row did not change), read from `fresh` for the rest.
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
  const intern = interner();
  for (let i = 0; i < n; i++) {
    const id = meta.ids[i] as string;
    const text = fresh.get(id);
    const j = previousIndexById.get(id);
    if (text === undefined && j !== undefined) {
      sizes[i] = previous.sizes[j] as string[];
      colors[i] = previous.colors[j] as string[];
    } else {
      const values = valuesOf(text ?? '', intern);
      sizes[i] = values.sizes;
      colors[i] = values.colors;
    }
  }
  return { sizes, colors };
}
