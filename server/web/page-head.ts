import { LRUCache } from 'lru-cache';
import type { StoreInfo } from '../../contract/schema';
import {
  FIRST_ANSWER_ID,
  type FirstAnswer,
  PAGE_CODE_TEMPLATE_ID,
  PAGE_PARTS_ATTRIBUTE,
  type PageRenderer,
  type RenderedPage,
} from '../../shared/first-screen';
import { listPageLabel, listPageTitle, productPageTitle, SEARCH_TEXT_LIMIT } from '../../shared/page-titles';
import { FEATURED_LIMIT, PAGE_SIZE, PRODUCT_SORTS, parseProductsQuery } from '../../shared/products-query';
import { STORE_SNAPSHOT_ID } from '../../shared/store-snapshot';
import type { CatalogueSort } from '../catalogue/catalogue-query';
import { toFindQuery } from '../catalogue/find-query';
import type { CatalogueReadModel } from '../catalogue/read-model';
import { EncodedBody } from '../http/cache';
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

/** Per-URL pages remembered (and image-specific index.html bodies); the least recently served go first beyond it. */
const PAGE_CACHE_LIMIT = 1000;

const SNAPSHOT_BLOCK = new RegExp(
  `<script type="application/json" id="${STORE_SNAPSHOT_ID}">[\\s\\S]*?</script>`,
);

/** The store snapshot JSON block (src/app/actors/store-snapshot.ts reads it); `<` cannot close it. */
function storeSnapshotBlock(store: StoreInfo): string {
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

const ROOT_OPEN = '<div id="root">';

/**
 * A page as the server writes it: the app's markup inside #root (React hydrates it), with the lazy parts
 * it shows named on #root (PAGE_PARTS_ATTRIBUTE), the answer it was
 * rendered from as a JSON data block for the client's machines (src/app/actors/first-answer.ts), and
 * the `<link rel=modulepreload>`s of its code (the app and its screens' chunks) in a `<template>` that
 * src/boot.ts makes live after the first paint, so they download together instead of one after another.
 * Unchanged when index.html has no empty #root.
 */
export function injectPage(
  html: string,
  page: Pick<RenderedPage, 'html'> & Partial<Pick<RenderedPage, 'modules'>>,
  first: FirstAnswer | null,
  preloads: readonly string[] = [],
): string {
  const empty = `${ROOT_OPEN}</div>`;
  const at = html.indexOf(empty);
  if (at < 0) return html;
  const parts = page.modules?.length
    ? `<div id="root" ${PAGE_PARTS_ATTRIBUTE}="${escapeAttribute(page.modules.join(' '))}">`
    : ROOT_OPEN;
  let out = `${html.slice(0, at)}${parts}${page.html}</div>${html.slice(at + empty.length)}`;
  if (first) {
    const json = JSON.stringify(first).replace(/</g, '\\u003c');
    const block = `<script type="application/json" id="${FIRST_ANSWER_ID}">${json}</script>`;
    const close = out.search(/<\/body>/i);
    out = close >= 0 ? `${out.slice(0, close)}${block}\n${out.slice(close)}` : `${out}${block}`;
  }
  if (preloads.length > 0) {
    // Inert until src/boot.ts makes them live after the first paint, with the app's own (the build put
    // those in the template: scripts/defer-page-code.ts): the paint needs none of them, and a request
    // made before it is charged to the page's largest paint on a slow phone.
    const links = preloads
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
      .join('');
    const open = `<template id="${PAGE_CODE_TEMPLATE_ID}">`;
    const at = out.indexOf(open);
    if (at >= 0) {
      const end = out.indexOf('</template>', at);
      out = `${out.slice(0, end)}${links}${out.slice(end)}`;
    } else {
      const close = out.search(/<\/head>/i);
      if (close >= 0) out = `${out.slice(0, close)}${open}${links}</template>\n${out.slice(close)}`;
    }
  }
  return out;
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
  /** The page's own head, or null for the store's (index.html's). */
  meta: PageMeta | null;
  image: string | null;
  /** The answer the page's machine starts from (embedded beside the markup), if it has one. */
  first?: FirstAnswer;
  /** The page's path and query as the app routes it. */
  url: string;
}

/** A page as answered: the file, and whether it is the storefront's 404 (sent with that status). */
export interface Page {
  file: StaticFile;
  notFound: boolean;
}

/** What the pages are written with, beside the catalogue. */
export interface PageTools {
  /** React's server rendering of the app (shared/first-screen.ts); null renders none (the app does it all). */
  render: PageRenderer | null;
  /** The files to preload for these screen modules (server/web/page-assets.ts); none by default. */
  preloads?: (modules: readonly string[]) => string[];
}

/**
 * Every page of the storefront, rendered by React on the server (`tools.render`) into index.html with
 * its own head: `/`, /products[?query] and /product/{id} with their title, description, canonical URL,
 * Open Graph/Twitter tags and, for a product, schema.org/Product JSON-LD (server/web/seo.ts), their LCP
 * image preloaded (the hero; the product's image, or the first card's for that list page and filter,
 * read from the in-memory catalogue) and the API answer the page's machine starts from; every other
 * route with the store's head. No page holds anything of one visitor (the cart, the session and the
 * wishlist are read by the browser after it hydrates), so each is remembered per origin, URL and
 * catalogue version (bounded), and its brotli/gzip forms are made once. The origin is PUBLIC_URL, or
 * the request's (server/payments/origin.ts).
 */
export class StorefrontPages {
  readonly #byUrl = new LRUCache<string, { version: number; page: Page }>({ max: PAGE_CACHE_LIMIT });
  readonly #sitemaps = new LRUCache<string, { version: number; files: StaticFile[] }>({
    max: PAGE_CACHE_LIMIT,
  });
  readonly #siteName: string;

  constructor(
    private readonly html: string,
    private readonly plain: StaticFile,
    private readonly catalogue: CatalogueReadModel,
    private readonly store: StoreInfo | null = null,
    private readonly tools: PageTools = { render: null },
  ) {
    this.#siteName = storeName(store);
  }

  /** `/`: the store's name and description, its hero preloaded and its featured products embedded. */
  async home(origin: string): Promise<Page> {
    const key = `h\u0000${origin}`;
    const known = this.#known(key);
    if (known) return known;
    // What the home page's Featured Styles ask for (src/features/catalogue/featured-products.live.ts).
    const featured = await this.catalogue.find(toFindQuery({ filter: 'featured', limit: FEATURED_LIMIT }));
    const answer = JSON.parse(featured.identity.toString('utf8'));
    return this.#page(key, origin, () => ({
      meta: {
        title: this.#siteName,
        description: summarise(this.store?.description?.trim() || DEFAULT_DESCRIPTION),
        canonical: `${origin}/`,
        type: 'website',
        image: this.store?.companyLogoUrl ? absoluteUrl(origin, this.store.companyLogoUrl) : null,
        siteName: this.#siteName,
      },
      // The hero (src/features/catalogue/home/hero.tsx) is the home page's largest paint.
      image: HERO_IMAGE,
      first: { route: 'home', answer },
      url: '/',
    }));
  }

  /**
   * /product/{id}: the product's head and image; an unknown id gets the store's head and the page as
   * the app renders it without an answer (it asks the API, and shows the product's 404).
   */
  product(id: string, origin: string): Promise<Page> {
    const key = `p\u0000${origin}\u0000${id.toLowerCase()}`;
    return this.#page(key, origin, async () => {
      const body = await this.catalogue.product(id);
      if (!body) return this.#plain(`/product/${encodeURIComponent(id)}`);
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
        first: { route: 'product', id: product.id ?? id, answer },
        url: `/product/${encodeURIComponent(id)}`,
      };
    });
  }

  /**
   * /products?…: a head naming the category, type or search and the page, and the first product of
   * the page the SPA will ask for preloaded. Search pages are marked noindex (followed): every query
   * would otherwise be another near-copy of a category page.
   */
  async list(search: string, origin: string): Promise<Page> {
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
    // The page is rendered at its own address (the app reads the query as it stands).
    const key = `l\u0000${origin}\u0000${search}`;
    const known = this.#known(key);
    if (known) return known;
    // A search asks the database (once per query and catalogue version); the rest is in memory.
    const body = await this.catalogue.find(findQuery);
    return this.#page(key, origin, () => {
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
        first: { route: 'products', search, answer: raw },
        url: `/products${search ? `?${search}` : ''}`,
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
      this.#sitemaps.set(key, files);
    }
    return files.files[part] ?? null;
  }

  /**
   * Any other route (/cart, /login, a policy, /track-order?…, an unknown path): the store's head and the
   * page as the app renders it there; the storefront's 404 says so in its status too.
   */
  page(url: string, origin: string, { remembered = true }: { remembered?: boolean } = {}): Promise<Page> {
    return this.#page(`a\u0000${origin}\u0000${url}`, origin, () => this.#plain(url), remembered);
  }

  #plain(url: string): Built {
    return { meta: null, image: null, url };
  }

  #file(key: string, text: () => string, contentType: string): StaticFile {
    const known = this.#known(key);
    if (known) return known.file;
    const file: StaticFile = {
      body: new EncodedBody(Buffer.from(text()), contentType),
      cacheControl: REVALIDATE_CACHE_CONTROL,
    };
    this.#byUrl.set(key, { version: this.catalogue.version, page: { file, notFound: false } });
    return file;
  }

  #known(key: string): Page | null {
    const known = this.#byUrl.get(key);
    return known && known.version === this.catalogue.version ? known.page : null;
  }

  async #page(
    key: string,
    origin: string,
    build: () => Built | Promise<Built>,
    remembered = true,
  ): Promise<Page> {
    const version = this.catalogue.version;
    const known = this.#known(key);
    if (known) return known;
    const built = await build();
    let html = built.meta ? injectPageMeta(this.html, built.meta) : this.html;
    if (built.image !== null) html = injectImagePreload(html, built.image);
    let notFound = false;
    const { render, preloads } = this.tools;
    if (render) {
      try {
        const first = built.first ?? null;
        const page = await render({ url: built.url, store: this.store, origin, first });
        html = injectPage(html, page, first, preloads?.(page.modules) ?? []);
        notFound = page.notFound;
      } catch (error) {
        // A page that cannot be rendered here is rendered by the browser (src/main.tsx), as before.
        this.onRenderError?.(error);
      }
    }
    const page: Page = {
      file:
        html === this.html
          ? this.plain
          : {
              body: new EncodedBody(Buffer.from(html), 'text/html; charset=utf-8'),
              cacheControl: REVALIDATE_CACHE_CONTROL,
            },
      notFound,
    };
    if (remembered) this.#byUrl.set(key, { version, page });
    return page;
  }

  /** Told of a page the renderer failed on (server/web/spa.ts logs it). */
  onRenderError?: (error: unknown) => void;
}

/** The home page's LCP image (src/features/catalogue/home/hero.tsx). */
const HERO_IMAGE = '/images/hero.svg';

const DEFAULT_DESCRIPTION = 'T-shirts, trendy tops, ethnic wear and accessories, delivered across India.';
