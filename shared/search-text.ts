/**
 * The free text a /products address searches: `q`, else `filter` other than `featured` (the API reads
 * `filter=<text>` as a search); '' for none. Its own module so the header's search box, which is on
 * every page, does not pull the catalogue model into the first JavaScript.
 */
export function searchTextOf(params: URLSearchParams): string {
  const filter = params.get('filter')?.trim();
  return (params.get('q') ?? (filter && filter !== 'featured' ? filter : '')).trim();
}
