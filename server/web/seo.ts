/**
 * What crawlers and link previews read in the HTML the server sends, before any JavaScript runs: each
 * page's <title>, meta description, canonical URL, Open Graph and Twitter tags, schema.org/Product
 * JSON-LD on product pages; plus /robots.txt and /sitemap.xml. Page heads are put together in
 * server/web/page-head.ts; this file holds the pieces and the escaping every one of them goes through.
 */
import type { StoreInfo } from '../context';

/** At most this many URLs per sitemap file (the sitemaps.org limit); past it /sitemap.xml is an index. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  type: 'website' | 'product';
  /** Absolute, or null. */
  image: string | null;
  siteName: string;
  /** Search result pages: followed, not indexed (endless near-duplicates of the category pages). */
  noindex?: boolean;
  /** The price paid, for Open Graph's product:price tags. */
  price?: number;
  jsonLd?: Record<string, unknown>;
}

/** Text for an HTML element's content or a double-quoted attribute value. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON inside <script type="application/ld+json">: `<`, `>` and `&` as \u escapes so no `</script>` or
 * `<!--` in a product's text can end or confuse the block, and the line separators JavaScript
 * parsers dislike escaped too. Still the same JSON to any parser.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One line, at most DESCRIPTION_LENGTH characters, cut at a word with an ellipsis when longer. */
export function summarise(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** An absolute URL for a path or URL as the catalogue stores it (images are usually /images/…). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${origin}/`).toString();
  } catch {
    return `${origin}/`;
  }
}

/** The head tags for a page, one per line (the title and description included). */
function headTags(meta: PageMeta): string {
  const tag = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}">`;
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
  ];
  if (meta.noindex) lines.push(tag('robots', 'noindex, follow'));
  lines.push(
    property('og:site_name', meta.siteName),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.canonical),
    property('og:locale', 'en_IN'),
  );
  if (meta.image) lines.push(property('og:image', meta.image));
  if (meta.price !== undefined) {
    lines.push(property('product:price:amount', meta.price.toFixed(2)));
    lines.push(property('product:price:currency', 'INR'));
  }
  lines.push(
    tag('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('twitter:title', meta.title),
    tag('twitter:description', meta.description),
  );
  if (meta.image) lines.push(tag('twitter:image', meta.image));
  if (meta.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`);
  return lines.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * index.html with this page's head: the build's <title> and meta description give way to the page's,
 * and all its tags go near the top of the head, right after <meta charset> (crawlers and previews
 * read the first bytes; the LCP preload, added later, still comes first).
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const stripped = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const tags = headTags(meta);
  const anchor = /<meta charset[^>]*>/i.exec(stripped) ?? /<head[^>]*>/i.exec(stripped);
  if (!anchor) return `${tags}\n${stripped}`;
  const at = anchor.index + anchor[0].length;
  return `${stripped.slice(0, at)}\n    ${tags}${stripped.slice(at)}`;
}

/** The name a shopper sees for the store (the SPA's storeDisplayName rule). */
export function storeName(store: Partial<StoreInfo> | null | undefined): string {
  return store?.storeName?.trim() || store?.companyName?.trim() || 'Statefront';
}

/** robots.txt: everything may be crawled but the shopper's own pages and the API. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account',
    'Disallow: /checkout',
    'Disallow: /payment',
    'Disallow: /api',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A <urlset> of these absolute URLs. */
function urlSet(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${xmlText(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** A <sitemapindex> of these absolute sitemap URLs. */
function sitemapIndex(urls: readonly string[]): string {
  const entries = urls.map((url) => `<sitemap><loc>${xmlText(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/**
 * Every page URL the sitemap lists: home, the full list, each category and type (as the SPA links
 * them: lower-cased), then each product.
 */
export function sitemapUrls(
  origin: string,
  listing: { ids: Iterable<string>; categories: readonly string[]; parentCategories: readonly string[] },
): string[] {
  const urls = [`${origin}/`, `${origin}/products`];
  for (const category of listing.categories)
    urls.push(`${origin}/products?category=${encodeURIComponent(category)}`);
  for (const type of listing.parentCategories)
    urls.push(`${origin}/products?parentCategory=${encodeURIComponent(type)}`);
  for (const id of listing.ids) urls.push(`${origin}/product/${id}`);
  return urls;
}

/**
 * The sitemap files for these URLs: [the <urlset>] when they fit in one, else [a <sitemapindex> of
 * /sitemap-1.xml, /sitemap-2.xml, …, then those parts].
 */
export function sitemapFiles(origin: string, urls: readonly string[]): string[] {
  if (urls.length <= SITEMAP_URL_LIMIT) return [urlSet(urls)];
  const parts: string[] = [];
  for (let from = 0; from < urls.length; from += SITEMAP_URL_LIMIT)
    parts.push(urlSet(urls.slice(from, from + SITEMAP_URL_LIMIT)));
  return [sitemapIndex(parts.map((_, i) => `${origin}/sitemap-${i + 1}.xml`)), ...parts];
}
