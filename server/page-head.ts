import type { components } from '../contract/schema';
import {
  FIRST_ANSWER_ID,
  type FirstAnswer,
  type FirstScreenInput,
  type FirstScreenRenderer,
} from '../shared/first-screen';
import { listPageLabel, listPageTitle, productPageTitle, SEARCH_TEXT_LIMIT } from '../shared/page-titles';
import { PAGE_SIZE, PRODUCT_SORTS, parseProductsQuery, productsPath } from '../shared/products-query';
import { STORE_SNAPSHOT_ID } from '../shared/store-snapshot';
import type { CatalogueSort } from './catalogue/catalogue-query';
import type { CatalogueReadModel } from './catalogue/read-model';
import { toFindQuery } from './handlers/products.handlers';
import { EncodedBody } from './http/cache';
import {
  absoluteUrl,
  injectPageMeta,
  type PageMeta,
  robotsTxt,
  sitemapFiles,
  sitemapUrls,
  storeName,
  summarise,
} from './seo';
import { REVALIDATE_CACHE_CONTROL, type StaticFile } from './static';

type StoreInfo = components['schemas']['StoreInfo'];

/** Per-URL pages remembered (and image-specific index.html bodies); the oldest go first beyond it. */
const PAGE_CACHE_LIMIT = 1000;

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

/** Around the prerendered frame's markup inside #root (scripts/prerender-shell.tsx). */
export const FRAME_START = '<!--frame-->';
export const FRAME_END = '<!--/frame-->';

/**
 * index.html with a page's first screen (the frame with the page in it, from the renderer) in place of
 * the prerendered frame, and the answer it was rendered from as a JSON data block for the client's
 * machines (src/app/actors/first-answer.ts). Unchanged when the build has no frame markers.
 */
export function injectFirstScreen(html: string, markup: string, first: FirstAnswer): string {
  const start = html.indexOf(FRAME_START);
  const end = html.indexOf(FRAME_END, start);
  if (start < 0 || end < 0) return html;
  const json = JSON.stringify(first).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${FIRST_ANSWER_ID}">${json}</script>`;
  const page = `${html.slice(0, start + FRAME_START.length)}${markup}${html.slice(end)}`;
  const close = page.search(/<\/body>/i);
  return close >= 0 ? `${page.slice(0, close)}${block}\n${page.slice(close)}` : `${page}${block}`;
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
  id?: string;
  title?: string;
  description?: string;
  category?: string;
  parentCategory?: string | null;
  regularPrice?: number;
  discountedPrice?: number | null;
  imgUrl?: string | null;
  images?: { url?: string }[] | null;
}

/** The image a product card or page shows (machines/catalogue.model.ts toDisplayProduct). */
function imageOf(product: ProductJson | undefined): string | null {
  const url = product?.imgUrl || product?.images?.[0]?.url || '';
  return url === '' ? null : url;
}

const SORTS = new Set<string>(PRODUCT_SORTS);

/** `{ minPrice: 500 }` for a usable number in the URL, else nothing (the API would refuse it). */
const priceParam = (name: 'minPrice' | 'maxPrice', raw: string | null) => {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 10_000_000 ? { [name]: value } : {};
};

interface Built {
  meta: PageMeta;
  image: string | null;
  /** What the page's first screen is rendered from, when the server renders it. */
  first?: FirstScreenInput;
}

/**
 * The SPA's index.html for `/`, /products[?query] and /product/{id}, each with its own head (title,
 * description, canonical URL, Open Graph/Twitter tags and, for a product, schema.org/Product JSON-LD:
 * server/seo.ts) and its LCP image preloaded: the product's image, or the first card's for that list
 * page and filter, read from the in-memory catalogue. Each page is remembered per origin and catalogue
 * version (bounded), so its brotli/gzip forms are made once. The origin is PUBLIC_URL, or the
 * request's (server/payments/origin.ts).
 */
export class ProductPages {
  #byUrl = new Map<string, { version: number; file: StaticFile }>();
  #sitemaps = new Map<string, { version: number; files: StaticFile[] }>();
  readonly #siteName: string;

  constructor(
    private readonly html: string,
    private readonly plain: StaticFile,
    private readonly catalogue: CatalogueReadModel,
    private readonly store: StoreInfo | null = null,
    private readonly renderFirstScreen: FirstScreenRenderer | null = null,
  ) {
    this.#siteName = storeName(store);
  }

  /** `/`: the store's name and description. */
  home(origin: string): StaticFile {
    return this.#page(`h\u0000${origin}`, () => ({
      meta: {
        title: this.#siteName,
        description: summarise(this.store?.description?.trim() || DEFAULT_DESCRIPTION),
        canonical: `${origin}/`,
        type: 'website',
        image: this.store?.companyLogoUrl ? absoluteUrl(origin, this.store.companyLogoUrl) : null,
        siteName: this.#siteName,
      },
      image: null,
    }));
  }

  /** /product/{id}: the product's head and image; an unknown id gets the plain page (the SPA shows its 404). */
  product(id: string, origin: string): StaticFile {
    const key = `p\u0000${origin}\u0000${id.toLowerCase()}`;
    return this.#page(key, () => {
      const body = this.catalogue.product(id);
      if (!body) return null;
      const answer = JSON.parse(body.identity.toString('utf8'));
      const product = answer as ProductJson;
      const canonical = `${origin}/product/${(product.id ?? id).toLowerCase()}`;
      const image = imageOf(product);
      const images = [image, ...(product.images ?? []).map((i) => i.url)]
        .filter((url): url is string => typeof url === 'string' && url !== '')
        .map((url) => absoluteUrl(origin, url));
      const price = product.discountedPrice ?? product.regularPrice ?? 0;
      const name = product.title ?? '';
      const description = summarise(product.description ?? '');
      return {
        meta: {
          title: productPageTitle(name, this.#siteName),
          description,
          canonical,
          type: 'product',
          image: images[0] ?? null,
          siteName: this.#siteName,
          price,
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name,
            image: [...new Set(images)],
            description: product.description ?? '',
            sku: product.id,
            category: [product.category, product.parentCategory].filter(Boolean).join(' > '),
            brand: { '@type': 'Brand', name: this.#siteName },
            offers: {
              '@type': 'Offer',
              price,
              priceCurrency: 'INR',
              availability: 'https://schema.org/InStock',
              url: canonical,
            },
          },
        },
        image,
        first: { route: 'product', id: product.id ?? id, answer, url: `/product/${id}`, store: this.store },
      };
    });
  }

  /**
   * /products?…: a head naming the category, type or search and the page, and the first product of
   * the page the SPA will ask for preloaded. Search pages are marked noindex (followed): every query
   * would otherwise be another near-copy of a category page.
   */
  async list(search: string, origin: string): Promise<StaticFile> {
    const query = parseProductsQuery(search);
    const params = new URLSearchParams(search);
    // `q`, or `filter=<text>` (anything but `featured`), as the SPA and the API read it.
    const q = (query.q ?? '').slice(0, SEARCH_TEXT_LIMIT);
    // The same page of the same answer the SPA will ask for (sort and attribute filters included), so
    // the preloaded image is its first card's; the canonical URL leaves sort and filters out.
    const sort = params.get('sort') ?? '';
    const findQuery = toFindQuery({
      page: query.page,
      limit: PAGE_SIZE,
      ...(query.category ? { category: query.category } : {}),
      ...(query.parentCategory ? { parentCategory: query.parentCategory } : {}),
      ...(query.featured ? { filter: 'featured' } : {}),
      q,
      ...(SORTS.has(sort) ? { sort: sort as CatalogueSort } : {}),
      size: params.get('size') ?? '',
      color: params.get('color') ?? '',
      ...priceParam('minPrice', params.get('minPrice')),
      ...priceParam('maxPrice', params.get('maxPrice')),
      onSale: params.get('onSale') === 'true',
      // What the SPA asks for: the page and its filter counts, so the page can start from this answer.
      facets: true,
    });
    // The page's own reading of its query too: the first screen shows it (its title, its chips).
    const shown = productsPath(query);
    const key = `l\u0000${origin}\u0000${q}\u0000${shown}\u0000${JSON.stringify({ ...findQuery, search: null })}`;
    const known = this.#known(key);
    if (known) return known;
    // A search asks the database (once per query and catalogue version); the rest is in memory.
    const body = await this.catalogue.find(findQuery);
    return this.#page(key, () => {
      const raw = JSON.parse(body.identity.toString('utf8'));
      const answer = raw as { data?: ProductJson[]; count?: number };
      const count = answer.count ?? 0;
      const site = { name: this.#siteName, categories: this.store?.categories };
      const label = listPageLabel(query, site);
      const canonicalQuery = new URLSearchParams();
      if (findQuery.category) canonicalQuery.set('category', findQuery.category);
      if (findQuery.parentCategory) canonicalQuery.set('parentCategory', findQuery.parentCategory);
      if (findQuery.featured) canonicalQuery.set('featured', 'true');
      if (q) canonicalQuery.set('q', q);
      if (query.page > 1) canonicalQuery.set('page', String(query.page));
      const queryText = canonicalQuery.toString();
      const things = `${count} ${count === 1 ? 'product' : 'products'}`;
      const image = imageOf(answer.data?.[0]);
      return {
        meta: {
          title: listPageTitle(query, site),
          description: summarise(
            q
              ? `${things} matching “${q}” at ${this.#siteName}.`
              : `Shop ${things} in ${label} at ${this.#siteName}. ${this.store?.description ?? ''}`,
          ),
          canonical: `${origin}/products${queryText ? `?${queryText}` : ''}`,
          type: 'website',
          image: image ? absoluteUrl(origin, image) : null,
          siteName: this.#siteName,
          noindex: q !== '',
        },
        image,
        first: { route: 'products', search, answer: raw, url: shown, store: this.store },
      };
    });
  }

  /** /robots.txt, naming this origin's sitemap. */
  robots(origin: string): StaticFile {
    return this.#file(`r\u0000${origin}`, () => robotsTxt(origin), 'text/plain; charset=utf-8');
  }

  /**
   * /sitemap.xml (part 0), a <urlset> of every page; past 50,000 URLs it is a <sitemapindex> of
   * /sitemap-{n}.xml parts. Null for a part that does not exist.
   */
  sitemap(origin: string, part = 0): StaticFile | null {
    const key = `s\u0000${origin}`;
    const version = this.catalogue.version;
    let files = this.#sitemaps.get(key);
    if (!files || files.version !== version) {
      const texts = sitemapFiles(origin, sitemapUrls(origin, this.catalogue.listing()));
      files = {
        version,
        files: texts.map((text) => ({
          body: new EncodedBody(Buffer.from(text), 'application/xml; charset=utf-8'),
          cacheControl: REVALIDATE_CACHE_CONTROL,
        })),
      };
      remember(this.#sitemaps, key, files);
    }
    return files.files[part] ?? null;
  }

  #file(key: string, text: () => string, contentType: string): StaticFile {
    const known = this.#known(key);
    if (known) return known;
    const file: StaticFile = {
      body: new EncodedBody(Buffer.from(text()), contentType),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    };
    remember(this.#byUrl, key, { version: this.catalogue.version, file });
    return file;
  }

  #known(key: string): StaticFile | null {
    const known = this.#byUrl.get(key);
    return known && known.version === this.catalogue.version ? known.file : null;
  }

  #page(key: string, build: () => Built | null): StaticFile {
    const version = this.catalogue.version;
    const known = this.#known(key);
    if (known) return known;
    const built = build();
    let file = this.plain;
    if (built) {
      let html = injectPageMeta(this.html, built.meta);
      if (built.image !== null) html = injectImagePreload(html, built.image);
      if (built.first && this.renderFirstScreen) {
        const { url: _url, store: _store, ...first } = built.first;
        try {
          html = injectFirstScreen(html, this.renderFirstScreen(built.first), first as FirstAnswer);
        } catch {
          // A screen that cannot be rendered here is rendered by the app, as on any other page.
        }
      }
      file = {
        body: new EncodedBody(Buffer.from(html), 'text/html; charset=utf-8'),
        cacheControl: REVALIDATE_CACHE_CONTROL,
      };
    }
    remember(this.#byUrl, key, { version, file });
    return file;
  }
}

const DEFAULT_DESCRIPTION = 'T-shirts, trendy tops, ethnic wear and accessories, delivered across India.';

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  // Maps iterate in insertion order: drop the oldest entry once full.
  if (map.size >= PAGE_CACHE_LIMIT) map.delete(map.keys().next().value as string);
  map.set(key, value);
}
