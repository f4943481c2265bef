import { PGlite } from '@electric-sql/pglite';
const c = new PGlite(process.argv[2] + '/pglite');
await c.waitReady;
const q = `select string_agg(concat_ws(E'\\x1f', id, title, description, img_url, category, coalesce(parent_category, E'\\x1e'), regular_price_paise, coalesce(discounted_price_paise::text, ''), featured::int, (extract(epoch from created_at) * 1000)::bigint, images::text, attributes::text), E'\\x1d' order by created_at desc, id) m from products`;
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const r = await c.query<any>(q);
  const s = r.rows[0].m as string;
  const t2 = performance.now();
  const out: string[] = [];
  for (const line of s.split('\x1d')) {
    const f = line.split('\x1f');
    const attrs = JSON.parse(f[11]!);
    out.push(JSON.stringify({ id: f[0], title: f[1], description: f[2], imgUrl: f[3], category: f[4], parentCategory: f[5] === '\x1e' ? null : f[5], regularPrice: Number(f[6]) / 100, discountedPrice: f[7] ? Number(f[7]) / 100 : null, createdAt: new Date(Number(f[9])).toISOString(), images: JSON.parse(f[10]!), attributes: attrs }));
  }
  console.log('agg raw', Math.round(t2 - t), Math.round(performance.now() - t2), out.length, s.length);
}
await c.close();
