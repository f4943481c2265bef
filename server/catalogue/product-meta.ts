/**
 * The index fields of every product, as the catalogue load reads them (readCatalogueSnapshot's
 * indexText, server/catalogue/products.repository.ts): enough to filter, sort by price and tell which rows
 * changed, without parsing any product's JSON.
 */

export interface ProductMeta {
  ids: string[];
  categories: string[];
  parents: (string | null)[];
  featured: Uint8Array;
  /** The row version's transaction id: a product whose xmin is unchanged has unchanged JSON. */
  xmins: Uint32Array;
  /** Prices in paise; discounted is -1 when the product is not on sale. */
  regular: Int32Array;
  discounted: Int32Array;
  /** Sizes and colours as option_values text (attribute-values.ts reads them). */
  options: string[];
}

/**
 * Per product, one per line: id, lower(category), lower(parentCategory) or U+001E, featured (0/1), xmin,
 * regular price (paise), discounted price (paise) or empty, option_values (JSON text: a control character
 * in a value is escaped, so never a raw U+001F or newline).
 */
export function parseMeta(text: string): ProductMeta {
  const lines = text === '' ? [] : text.split('\n');
  const n = lines.length;
  const meta: ProductMeta = {
    ids: new Array(n),
    categories: new Array(n),
    parents: new Array(n),
    featured: new Uint8Array(n),
    xmins: new Uint32Array(n),
    regular: new Int32Array(n),
    discounted: new Int32Array(n),
    options: new Array(n),
  };
  // One string per distinct category name, not one per product: fewer objects for the GC to walk. A
  // copy of its own: a piece of `text` (V8 slices long substrings) would keep all of it alive (at a
  // million products, 130 MB held by one type's name).
  const names = new Map<string, string>();
  const intern = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    const own = ownCopy(name);
    names.set(own, own);
    return own;
  };
  for (let i = 0; i < n; i++) {
    const [
      id = '',
      category = '',
      parent = '\u001e',
      flag,
      xmin = '',
      regular = '',
      discounted = '',
      options = '',
    ] = (lines[i] as string).split('\u001f');
    meta.options[i] = options;
    meta.ids[i] = id;
    meta.categories[i] = intern(category);
    meta.parents[i] = parent === '\u001e' ? null : intern(parent);
    meta.featured[i] = flag === '1' ? 1 : 0;
    meta.xmins[i] = Number(xmin) >>> 0;
    meta.regular[i] = Number(regular) || 0;
    meta.discounted[i] = discounted === '' ? -1 : Number(discounted);
  }
  return meta;
}

/** A string with characters of its own, not a slice of a longer one. */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
