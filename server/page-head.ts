import { PAGE_SIZE, parseProductsQuery } from '../machines/catalogue.model';
import type { StoreInfo } from '../machines/store-info.machine';
import { STORE_SNAPSHOT_ID } from '../src/app/actors/store-snapshot';
import type { CatalogueReadModel } from './catalogue/read-model';
import { EncodedBody } from './http/cache';
import { REVALIDATE_CACHE_CONTROL, type StaticFile } from './static';

/** Per-URL pages remembered (and image-specific index.html bodies); the oldest go first beyond it. */
export const PAGE_CACHE_LIMIT = 1000;

const SNAPSHOT_BLOCK = new RegExp(
  `<script type="application/json" id="${STORE_SNAPSHOT_ID}">[\\s\\S]*?</script>`,
);

/** The store snapshot JSON block (the format scripts/prerender-shell.tsx writes); `<` cannot close it. */
export function storeSnapshotBlock(store: StoreInfo): string {
  const json = JSON.stringify(store).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STORE_SNAPSHOT_ID}">${json}</script>`;
}

/**
 * index.html carrying this server's store information: the build embedded the store.config.json it
 * was built with, which a server started with another STORE_CONFIG replaces (or adds, before </body>).
 * A data block, not a script: the CSP (script-src 'self') lets it through.
 */
export function injectStoreSnapshot(html: string, store: StoreInfo): string {
  const block = storeSnapshotBlock(store);
  // A function replacement, so `$` in the store's text is not read as a pattern.
  if (SNAPSHOT_BLOCK.test(html)) return html.replace(SNAPSHOT_BLOCK, () => block);
  const close = html.search(/<\/body>/i);
  return close >= 0 ? `${html.slice(0, close)}${block}\n${html.slice(close)}` : `${html}${block}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html that asks for the page's LCP image straight away, in the head (right after <meta charset>
 * so the preload scanner sees it before the stylesheet and scripts), instead of after the JavaScript
 * and the API answer.
 */
export function injectImagePreload(html: string, href: string): string {
  const link = `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`;
  const charset = /<meta charset[^>]*>/i.exec(html) ?? /<head[^>]*>/i.exec(html);
  if (!charset) return `${link}\n${html}`;
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}\n    ${link}${html.slice(at)}`;
}

interface ProductJson {
  imgUrl?: string | null;
  images?: { url?: string }[] | null;
}

/** The image a product card or page shows (machines/catalogue.model.ts toDisplayProduct). */
function imageOf(product: ProductJson | undefined): string | null {
  const url = product?.imgUrl || product?.images?.[0]?.url || '';
  return url === '' ? null : url;
}

const lowerOrNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.toLowerCase() : null;
};

/**
 * The SPA's index.html for /products[?query] and /product/{id}, with the LCP image preloaded: the
 * product's image, or the first card's for that list page and filter, read from the in-memory
 * catalogue. Each URL's page is remembered per catalogue version (bounded), and pages that preload the
 * same image share one body, so its brotli/gzip forms are made once.
 */
export class ProductPages {
  #byUrl = new Map<string, { version: number; file: StaticFile }>();
  #byImage = new Map<string, StaticFile>();

  constructor(
    private readonly html: string,
    private readonly plain: StaticFile,
    private readonly catalogue: CatalogueReadModel,
  ) {}

  /** /product/{id}: the product's image; an unknown id gets the plain page (the SPA shows its 404). */
  product(id: string): StaticFile {
    const key = `p\u0000${id.toLowerCase()}`;
    return this.#page(key, () => {
      const body = this.catalogue.product(id);
      return body ? imageOf(JSON.parse(body.identity.toString('utf8')) as ProductJson) : null;
    });
  }

  /** /products?…: the first product of the page and filters the SPA will ask for. */
  list(search: string): StaticFile {
    const query = parseProductsQuery(search);
    const listQuery = {
      page: query.page,
      limit: PAGE_SIZE,
      category: lowerOrNull(query.category),
      parentCategory: lowerOrNull(query.parentCategory),
      gender: null,
      featured: query.featured === true,
    };
    const key = `l\u0000${listQuery.page}\u0000${listQuery.category}\u0000${listQuery.parentCategory}\u0000${listQuery.featured}`;
    return this.#page(key, () => {
      const body = this.catalogue.list(listQuery);
      const answer = JSON.parse(body.identity.toString('utf8')) as { data?: ProductJson[] };
      return imageOf(answer.data?.[0]);
    });
  }

  #page(key: string, image: () => string | null): StaticFile {
    const version = this.catalogue.version;
    const known = this.#byUrl.get(key);
    if (known && known.version === version) return known.file;
    const href = image();
    const file = href === null ? this.plain : this.#withImage(href);
    remember(this.#byUrl, key, { version, file });
    return file;
  }

  #withImage(href: string): StaticFile {
    const known = this.#byImage.get(href);
    if (known) return known;
    const file: StaticFile = {
      body: new EncodedBody(Buffer.from(injectImagePreload(this.html, href)), 'text/html; charset=utf-8'),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    };
    remember(this.#byImage, href, file);
    return file;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  // Maps iterate in insertion order: drop the oldest entry once full.
  if (map.size >= PAGE_CACHE_LIMIT) map.delete(map.keys().next().value as string);
  map.set(key, value);
}
