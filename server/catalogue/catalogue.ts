/**
 * The demo catalogue of Statefront, seeded into the database on first start.
 *
 * How to edit it:
 * - Add, change or remove an entry in `entries` below. The product id, attribute ids and image paths are
 *   all derived from the slug of the title (or from `slug` when given), so keep a title's slug unchanged
 *   if links to the product should survive a reseed; set `slug` explicitly when renaming a product.
 * - Prices are rupees (`price`, and `sale` for the discounted price, which must be lower). The database
 *   stores paise, so at most two decimals.
 * - `colours` must be names known to the image generator's palette (scripts/generate-images.ts); the
 *   first colour is the one drawn in the product image. `sizes` may be `ONE_SIZE` for drapes and bags.
 * - `specs` become specification attributes (shown on the product page, at most 10); keys containing
 *   'phone' are hidden by the SPA. `origin: 'Made in India'` and `featured` are added for you.
 * - Then regenerate the artwork and check the invariants:
 *     npx tsx scripts/generate-images.ts   # writes public/images/** (commit the result)
 *     npx vitest run tests/scripts         # counts, ids, prices, and that the images are up to date
 *   An existing database keeps its rows: delete DATA_DIR (default ./.data) to reseed from this file.
 */
import { createHash } from 'node:crypto';

export interface SeedProduct {
  id: string;
  title: string;
  description: string;
  imgUrl: string;
  category: string;
  parentCategory: string | null;
  regularPrice: number;
  discountedPrice: number | null;
  featured: boolean;
  images: { url: string }[];
  attributes: { id: string; key: string; values: string[]; metricUnit: string | null }[];
  createdAt: string;
}

/** What the image generator needs beyond the product itself. */
export interface CatalogueArtwork {
  slug: string;
  /** Garment silhouette drawn for the product. */
  garment: GarmentKind;
  /** Whether an alternate close-up view `<slug>-alt.svg` exists. */
  alt: boolean;
}

export type GarmentKind =
  | 'tshirt'
  | 'oversized'
  | 'henley'
  | 'polo'
  | 'croptop'
  | 'blouse'
  | 'tunic'
  | 'peplum'
  | 'kurta'
  | 'kurtaset'
  | 'sherwani'
  | 'nehru'
  | 'saree'
  | 'kurti'
  | 'lehenga'
  | 'salwar'
  | 'anarkali'
  | 'dupatta'
  | 'stole'
  | 'potli'
  | 'jhola'
  | 'cap';

type SpecValue = string | { values: string[]; unit: string };

interface Entry {
  title: string;
  slug?: string;
  category: 'T Shirts' | 'Tops' | 'Men' | 'Women' | 'Accessories';
  parentCategory: string;
  price: number;
  sale?: number;
  featured?: boolean;
  alt?: boolean;
  sizes: string[];
  colours: string[];
  description: string;
  specs: Record<string, SpecValue>;
}

export const ONE_SIZE = ['One Size'];
const TEE_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const MEN_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const WOMEN_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
/** Chest sizes in inches, as sherwanis are sold. */
const CHEST_SIZES = ['38', '40', '42', '44', '46'];

const GARMENT_BY_TYPE: Record<string, GarmentKind> = {
  'Graphic Tee': 'tshirt',
  'Basic Tee': 'tshirt',
  Oversized: 'oversized',
  Henley: 'henley',
  Polo: 'polo',
  'Crop Top': 'croptop',
  Blouse: 'blouse',
  Tunic: 'tunic',
  Peplum: 'peplum',
  Kurta: 'kurta',
  'Kurta Pyjama Set': 'kurtaset',
  Sherwani: 'sherwani',
  'Nehru Jacket': 'nehru',
  Saree: 'saree',
  Kurti: 'kurti',
  Lehenga: 'lehenga',
  'Salwar Suit': 'salwar',
  Anarkali: 'anarkali',
  Dupatta: 'dupatta',
  Stole: 'stole',
  'Potli Bag': 'potli',
  'Jhola Bag': 'jhola',
  Cap: 'cap',
};

const TEE = {
  fit: 'Regular',
  sleeve: 'Half Sleeve',
  neck: 'Round Neck',
  care: 'Machine wash cold, inside out',
};
const POLO = { fit: 'Regular', sleeve: 'Half Sleeve', neck: 'Polo Collar', care: 'Machine wash cold' };
const KURTA = { fit: 'Straight', sleeve: 'Full Sleeve', neck: 'Mandarin Collar', occasion: 'Festive' };
const SAREE = {
  length: { values: ['5.5'], unit: 'm' },
  blousePiece: { values: ['0.8'], unit: 'm' },
  occasion: 'Wedding',
  care: 'Dry clean only',
};

const entries: Entry[] = [
  // ── T Shirts ──────────────────────────────────────────────────────────────
  {
    title: 'Chai Pe Charcha Graphic Tee',
    category: 'T Shirts',
    parentCategory: 'Graphic Tee',
    price: 699,
    sale: 499,
    featured: true,
    alt: true,
    sizes: TEE_SIZES,
    colours: ['White', 'Black', 'Mustard'],
    description:
      'Soft 180 GSM combed-cotton tee with a hand-drawn cutting-chai graphic in water-based ink. Made for long college days and longer conversations.',
    specs: { fabric: '100% Combed Cotton, 180 GSM', ...TEE, print: 'Screen Print', occasion: 'Casual' },
  },
  {
    title: 'Monsoon Mumbai Graphic Tee',
    category: 'T Shirts',
    parentCategory: 'Graphic Tee',
    price: 749,
    featured: true,
    sizes: TEE_SIZES,
    colours: ['Sky Blue', 'Navy'],
    description:
      'A rain-washed Marine Drive skyline printed across the chest of a breathable bio-washed cotton tee. Pre-shrunk, so it keeps its fit after every wash.',
    specs: { fabric: 'Bio-washed Cotton, 170 GSM', ...TEE, print: 'Screen Print', occasion: 'Casual' },
  },
  {
    title: 'Block Print Paisley Pocket Tee',
    category: 'T Shirts',
    parentCategory: 'Graphic Tee',
    price: 599,
    sizes: TEE_SIZES,
    colours: ['Off White'],
    description:
      'Everyday crew-neck tee with a patch pocket hand block-printed with paisley buttis by artisans in Sanganer.',
    specs: { fabric: '100% Cotton', ...TEE, craft: 'Sanganeri Hand Block Print', occasion: 'Casual' },
  },
  {
    title: 'Rangoli Graphic Tee',
    category: 'T Shirts',
    parentCategory: 'Graphic Tee',
    price: 649,
    sizes: TEE_SIZES,
    colours: ['Peach', 'White'],
    description:
      'A bright rangoli mandala printed on soft jersey cotton, easy to wear from Diwali mornings to weekend brunches.',
    specs: {
      fabric: 'Cotton Jersey, 160 GSM',
      ...TEE,
      print: 'Water-based Print',
      occasion: 'Festive Casual',
    },
  },
  {
    title: 'Essential Crew Neck Tee',
    category: 'T Shirts',
    parentCategory: 'Basic Tee',
    price: 399,
    sizes: TEE_SIZES,
    colours: ['White', 'Black', 'Navy', 'Grey Melange'],
    description:
      'The plain crew-neck you reach for every day: combed cotton with a taped neck that stays in shape wash after wash.',
    specs: { fabric: '100% Combed Cotton, 160 GSM', ...TEE, occasion: 'Everyday' },
  },
  {
    title: 'Supima V-Neck Tee',
    category: 'T Shirts',
    parentCategory: 'Basic Tee',
    price: 549,
    sizes: MEN_SIZES,
    colours: ['Charcoal'],
    description:
      'Long-staple Supima cotton with a silky hand feel and a clean V-neck for layering under shirts.',
    specs: { fabric: 'Supima Cotton', ...TEE, neck: 'V-Neck', occasion: 'Everyday' },
  },
  {
    title: 'Classic Pique Polo',
    category: 'T Shirts',
    parentCategory: 'Polo',
    price: 999,
    sale: 799,
    featured: true,
    alt: true,
    sizes: MEN_SIZES,
    colours: ['Navy', 'White', 'Bottle Green', 'Maroon'],
    description:
      'Breathable cotton pique polo with a ribbed collar and two-button placket. Smart enough for the office, easy enough for the weekend.',
    specs: { fabric: 'Cotton Pique, 220 GSM', ...POLO, occasion: 'Smart Casual' },
  },
  {
    title: 'Tipped Collar Polo',
    category: 'T Shirts',
    parentCategory: 'Polo',
    price: 1099,
    sizes: MEN_SIZES,
    colours: ['Black'],
    description:
      'A slim-fit polo with contrast tipping on the collar and cuffs, knitted from mercerised cotton.',
    specs: { fabric: 'Mercerised Cotton', ...POLO, fit: 'Slim', occasion: 'Smart Casual' },
  },
  {
    title: 'Khadi Cotton Polo',
    category: 'T Shirts',
    parentCategory: 'Polo',
    price: 1299,
    sizes: MEN_SIZES,
    colours: ['Cream', 'Indigo'],
    description: 'Hand-spun khadi cotton cut as a polo: textured, airy and soft, with coconut-shell buttons.',
    specs: { fabric: 'Handspun Khadi Cotton', ...POLO, craft: 'Handspun, Handwoven', occasion: 'Casual' },
  },
  {
    title: 'Heavyweight Oversized Tee',
    category: 'T Shirts',
    parentCategory: 'Oversized',
    price: 899,
    sale: 649,
    featured: true,
    alt: true,
    sizes: TEE_SIZES,
    colours: ['Black', 'Sage', 'Grey Melange'],
    description:
      'A 240 GSM heavyweight tee with dropped shoulders and a boxy, relaxed drape. Size down for a regular fit.',
    specs: { fabric: '100% Cotton, 240 GSM', ...TEE, fit: 'Oversized', occasion: 'Streetwear' },
  },
  {
    title: 'Desi Pop Oversized Tee',
    category: 'T Shirts',
    parentCategory: 'Oversized',
    price: 949,
    sizes: TEE_SIZES,
    colours: ['Lavender', 'White'],
    description: 'Oversized cotton tee with a retro Bollywood-poster typography print on the back.',
    specs: {
      fabric: 'Cotton Jersey, 220 GSM',
      ...TEE,
      fit: 'Oversized',
      print: 'Puff Print',
      occasion: 'Casual',
    },
  },
  {
    title: 'Washed Terracotta Oversized Tee',
    category: 'T Shirts',
    parentCategory: 'Oversized',
    price: 1049,
    sale: 849.5,
    sizes: TEE_SIZES,
    colours: ['Terracotta'],
    description:
      'Garment-dyed and stone-washed for a lived-in, earthy terracotta shade that softens further with every wear.',
    specs: { fabric: '100% Cotton, 230 GSM', ...TEE, fit: 'Oversized', occasion: 'Casual' },
  },
  {
    title: 'Waffle Knit Henley',
    category: 'T Shirts',
    parentCategory: 'Henley',
    price: 1199,
    sale: 899,
    featured: true,
    sizes: MEN_SIZES,
    colours: ['Olive', 'Charcoal'],
    description:
      'Full-sleeve waffle-knit henley with a three-button placket. Warm enough for Delhi winter mornings, light enough for Bengaluru evenings.',
    specs: {
      fabric: 'Cotton Waffle Knit',
      ...TEE,
      sleeve: 'Full Sleeve',
      neck: 'Henley',
      occasion: 'Casual',
    },
  },
  {
    title: 'Slub Cotton Henley',
    category: 'T Shirts',
    parentCategory: 'Henley',
    price: 999,
    sizes: MEN_SIZES,
    colours: ['Rust', 'Navy', 'Off White'],
    description: 'Textured slub cotton henley with long sleeves and a relaxed placket.',
    specs: { fabric: 'Slub Cotton', ...TEE, sleeve: 'Full Sleeve', neck: 'Henley', occasion: 'Casual' },
  },

  // ── Tops ──────────────────────────────────────────────────────────────────
  {
    title: 'Ribbed Square-Neck Crop Top',
    category: 'Tops',
    parentCategory: 'Crop Top',
    price: 599,
    featured: true,
    alt: true,
    sizes: ['XS', 'S', 'M', 'L'],
    colours: ['Black', 'White', 'Rani Pink'],
    description:
      'Stretchy rib-knit crop top with a square neckline and short sleeves. Pairs with high-rise denims.',
    specs: { fabric: 'Cotton Rib with Elastane', fit: 'Fitted', sleeve: 'Short Sleeve', neck: 'Square Neck' },
  },
  {
    title: 'Bandhani Print Crop Top',
    category: 'Tops',
    parentCategory: 'Crop Top',
    price: 749,
    sale: 549.5,
    sizes: ['XS', 'S', 'M', 'L'],
    colours: ['Red'],
    description: 'Rayon crop top printed with a classic Gujarati bandhani dot pattern.',
    specs: { fabric: 'Rayon', fit: 'Regular', sleeve: 'Short Sleeve', neck: 'Round Neck', print: 'Bandhani' },
  },
  {
    title: 'Smocked Puff-Sleeve Crop Top',
    category: 'Tops',
    parentCategory: 'Crop Top',
    price: 899,
    sizes: ['XS', 'S', 'M', 'L'],
    colours: ['Sky Blue', 'Yellow'],
    description: 'A smocked cotton crop top with puffed sleeves, breezy enough for summer holidays in Goa.',
    specs: { fabric: 'Cotton Poplin', fit: 'Fitted', sleeve: 'Puff Sleeve', neck: 'Sweetheart Neck' },
  },
  {
    title: 'Chikankari Cotton Blouse',
    category: 'Tops',
    parentCategory: 'Blouse',
    price: 1499,
    sale: 1199,
    featured: true,
    alt: true,
    sizes: WOMEN_SIZES,
    colours: ['White'],
    description:
      'Hand-embroidered Lucknowi chikankari on soft cotton. Wear it with jeans or tuck it into a handloom skirt.',
    specs: {
      fabric: 'Cotton Cambric',
      fit: 'Regular',
      sleeve: 'Three-Quarter Sleeve',
      neck: 'V-Neck',
      craft: 'Lucknowi Chikankari',
      care: 'Gentle hand wash',
    },
  },
  {
    title: 'Mulmul Tie-Neck Blouse',
    category: 'Tops',
    parentCategory: 'Blouse',
    price: 1299,
    sizes: WOMEN_SIZES,
    colours: ['Peach', 'Mint'],
    description: 'Feather-light mulmul cotton blouse with a tie neck and gathered puff sleeves.',
    specs: { fabric: 'Mulmul Cotton', fit: 'Relaxed', sleeve: 'Puff Sleeve', neck: 'Tie Neck' },
  },
  {
    title: 'Linen Button-Down Blouse',
    category: 'Tops',
    parentCategory: 'Blouse',
    price: 1799,
    sizes: WOMEN_SIZES,
    colours: ['Sand', 'Sky Blue'],
    description: 'Pure linen blouse with mother-of-pearl buttons, cool and crisp for long office days.',
    specs: {
      fabric: 'Pure Linen',
      fit: 'Relaxed',
      sleeve: 'Full Sleeve',
      neck: 'Collared',
      care: 'Dry clean',
    },
  },
  {
    title: 'Ikat Cotton Tunic',
    category: 'Tops',
    parentCategory: 'Tunic',
    price: 1399,
    sizes: WOMEN_SIZES,
    colours: ['Indigo'],
    description: 'Handwoven Odisha ikat tunic with three-quarter sleeves and side slits.',
    specs: {
      fabric: 'Handloom Cotton',
      fit: 'A-Line',
      sleeve: 'Three-Quarter Sleeve',
      weave: 'Sambalpuri Ikat',
    },
  },
  {
    title: 'Kalamkari Print Tunic',
    category: 'Tops',
    parentCategory: 'Tunic',
    price: 1599,
    sale: 1149,
    sizes: WOMEN_SIZES,
    colours: ['Mustard', 'Rust'],
    description: 'A longline tunic printed with Andhra kalamkari florals in natural dyes.',
    specs: { fabric: 'Cotton', fit: 'A-Line', sleeve: 'Three-Quarter Sleeve', craft: 'Kalamkari Print' },
  },
  {
    title: 'Rayon Longline Tunic',
    category: 'Tops',
    parentCategory: 'Tunic',
    price: 999,
    sizes: ['Free Size'],
    colours: ['Bottle Green', 'Maroon', 'Black'],
    description: 'Fluid rayon tunic in a generous free size that flatters everyone.',
    specs: { fabric: 'Rayon', fit: 'Relaxed', sleeve: 'Three-Quarter Sleeve', neck: 'Round Neck' },
  },
  {
    title: 'Schiffli Peplum Top',
    category: 'Tops',
    parentCategory: 'Peplum',
    price: 1199,
    sizes: WOMEN_SIZES,
    colours: ['Lavender', 'White'],
    description: 'Cotton peplum top with schiffli eyelet embroidery and a flared hem.',
    specs: { fabric: 'Cotton Schiffli', fit: 'Fitted Waist', sleeve: 'Cap Sleeve', neck: 'Round Neck' },
  },
  {
    title: 'Floral Peplum Top',
    category: 'Tops',
    parentCategory: 'Peplum',
    price: 899,
    sale: 699,
    sizes: WOMEN_SIZES,
    colours: ['Coral'],
    description: 'A floral-print georgette peplum with a cinched waist, ready for brunch plans.',
    specs: { fabric: 'Georgette', fit: 'Fitted Waist', sleeve: 'Cap Sleeve', neck: 'Round Neck' },
  },

  // ── Men (ethnic wear) ─────────────────────────────────────────────────────
  {
    title: 'Indigo Block-Print Kurta',
    category: 'Men',
    parentCategory: 'Kurta',
    price: 1899,
    sale: 1499,
    featured: true,
    alt: true,
    sizes: MEN_SIZES,
    colours: ['Indigo'],
    description:
      'Hand block-printed with natural indigo in Bagru, this cotton kurta has a mandarin collar and side pockets.',
    specs: {
      fabric: 'Cotton',
      ...KURTA,
      occasion: 'Casual',
      craft: 'Bagru Hand Block Print',
      care: 'Hand wash cold',
    },
  },
  {
    title: 'Lucknowi Chikankari Kurta',
    category: 'Men',
    parentCategory: 'Kurta',
    price: 2499,
    sizes: MEN_SIZES,
    colours: ['White', 'Sky Blue'],
    description: 'Fine shadow-work chikankari on a breathable cotton kurta, hand-embroidered in Lucknow.',
    specs: { fabric: 'Cotton Voile', ...KURTA, craft: 'Lucknowi Chikankari', care: 'Gentle hand wash' },
  },
  {
    title: 'Khadi Mandarin Collar Kurta',
    category: 'Men',
    parentCategory: 'Kurta',
    price: 1599,
    sizes: MEN_SIZES,
    colours: ['Off White', 'Mustard', 'Olive'],
    description:
      'Handspun khadi kurta with a mandarin collar; it breathes in summer and softens with every wash.',
    specs: { fabric: 'Handspun Khadi', ...KURTA, occasion: 'Everyday', care: 'Hand wash cold' },
  },
  {
    title: 'Linen Short Kurta',
    category: 'Men',
    parentCategory: 'Kurta',
    price: 1299,
    sizes: MEN_SIZES,
    colours: ['Sage', 'Beige'],
    description: 'A hip-length linen kurta to wear over jeans, with a concealed placket.',
    specs: { fabric: 'Linen Blend', ...KURTA, occasion: 'Casual', care: 'Machine wash gentle' },
  },
  {
    title: 'Festive Silk Blend Kurta',
    category: 'Men',
    parentCategory: 'Kurta',
    price: 3499,
    sale: 2799,
    sizes: MEN_SIZES,
    colours: ['Maroon', 'Royal Blue'],
    description:
      'Lustrous silk-blend kurta with a self jacquard weave and a tonal embroidered placket for Diwali nights.',
    specs: { fabric: 'Art Silk Jacquard', ...KURTA, care: 'Dry clean only' },
  },
  {
    title: 'Ivory Zardozi Sherwani',
    category: 'Men',
    parentCategory: 'Sherwani',
    price: 18999,
    featured: true,
    alt: true,
    sizes: CHEST_SIZES,
    colours: ['Ivory'],
    description:
      'A raw-silk wedding sherwani with zardozi embroidery in antique gold thread on the collar and placket. Comes with a matching churidar.',
    specs: {
      fabric: 'Raw Silk',
      fit: 'Tailored',
      sleeve: 'Full Sleeve',
      neck: 'Band Collar',
      closure: 'Concealed Hooks with Zardozi Buttons',
      lining: 'Cotton Satin',
      length: { values: ['42'], unit: 'in' },
      craft: 'Hand Zardozi',
      includes: 'Sherwani, Churidar',
      occasion: 'Wedding',
      care: 'Dry clean only',
    },
  },
  {
    title: 'Raw Silk Wedding Sherwani',
    category: 'Men',
    parentCategory: 'Sherwani',
    price: 14999,
    sale: 12499,
    sizes: CHEST_SIZES,
    colours: ['Wine', 'Maroon'],
    description: 'Deep wine raw-silk sherwani with tonal thread embroidery and gold-tone buttons.',
    specs: {
      fabric: 'Raw Silk',
      fit: 'Tailored',
      sleeve: 'Full Sleeve',
      neck: 'Band Collar',
      occasion: 'Wedding',
    },
  },
  {
    title: 'Jacquard Sherwani with Stole',
    category: 'Men',
    parentCategory: 'Sherwani',
    price: 9999,
    sizes: CHEST_SIZES,
    colours: ['Emerald'],
    description:
      'Brocade jacquard sherwani paired with a contrast stole, for sangeet and reception evenings.',
    specs: {
      fabric: 'Jacquard Brocade',
      fit: 'Tailored',
      sleeve: 'Full Sleeve',
      includes: 'Sherwani, Stole',
    },
  },
  {
    title: 'Bandhgala Nehru Jacket',
    category: 'Men',
    parentCategory: 'Nehru Jacket',
    price: 1999,
    sizes: MEN_SIZES,
    colours: ['Navy', 'Black', 'Mustard'],
    description: 'A sleeveless bandhgala jacket in textured cotton-silk to layer over any kurta.',
    specs: {
      fabric: 'Cotton Silk',
      fit: 'Slim',
      sleeve: 'Sleeveless',
      neck: 'Band Collar',
      occasion: 'Festive',
    },
  },
  {
    title: 'Jute-Silk Nehru Jacket',
    category: 'Men',
    parentCategory: 'Nehru Jacket',
    price: 2499,
    sale: 1899,
    sizes: MEN_SIZES,
    colours: ['Rust'],
    description: 'Handwoven jute-silk Nehru jacket from Bhagalpur with wooden buttons.',
    specs: {
      fabric: 'Jute Silk',
      fit: 'Slim',
      sleeve: 'Sleeveless',
      neck: 'Band Collar',
      weave: 'Bhagalpuri',
    },
  },
  {
    title: 'Cotton Kurta Pyjama Set',
    category: 'Men',
    parentCategory: 'Kurta Pyjama Set',
    price: 1999,
    sizes: MEN_SIZES,
    colours: ['White', 'Sky Blue'],
    description:
      'A crisp cotton kurta with a matching drawstring pyjama: the set for pujas and family functions.',
    specs: { fabric: 'Cotton', ...KURTA, includes: 'Kurta, Pyjama', care: 'Machine wash cold' },
  },
  {
    title: 'Haldi Ceremony Kurta Pyjama Set',
    category: 'Men',
    parentCategory: 'Kurta Pyjama Set',
    price: 2799,
    sale: 2199,
    sizes: MEN_SIZES,
    colours: ['Haldi Yellow'],
    description: 'A sunny haldi-yellow cotton-silk kurta set with mirror-work on the yoke.',
    specs: { fabric: 'Cotton Silk', ...KURTA, craft: 'Mirror Work', occasion: 'Haldi, Mehendi' },
  },

  // ── Women (ethnic wear) ───────────────────────────────────────────────────
  {
    title: 'Banarasi Silk Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 12999,
    sale: 10999,
    featured: true,
    alt: true,
    sizes: ONE_SIZE,
    colours: ['Maroon'],
    description:
      'Pure Katan silk from Varanasi woven with gold zari buttis and a rich pallu. Comes with an unstitched blouse piece.',
    specs: { fabric: 'Katan Silk', weave: 'Banarasi Zari', ...SAREE },
  },
  {
    title: 'Kanjivaram Silk Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 14999,
    featured: true,
    sizes: ONE_SIZE,
    colours: ['Peacock Blue'],
    description:
      'Mulberry silk Kanjivaram with a contrast temple border and a heavy zari pallu, woven in Kanchipuram.',
    specs: { fabric: 'Mulberry Silk', weave: 'Kanjivaram', ...SAREE },
  },
  {
    title: 'Handloom Chanderi Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 4499,
    sizes: ONE_SIZE,
    colours: ['Peach', 'Mint'],
    description: 'Sheer silk-cotton Chanderi with delicate coin buttis, light enough for summer weddings.',
    specs: { fabric: 'Silk Cotton', weave: 'Chanderi Handloom', ...SAREE, occasion: 'Festive' },
  },
  {
    title: 'Jamdani Cotton Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 3299,
    sizes: ONE_SIZE,
    colours: ['Off White'],
    description: 'Airy Bengal jamdani with motifs woven in by hand on the loom, finished with a red border.',
    specs: {
      fabric: 'Cotton',
      weave: 'Jamdani',
      ...SAREE,
      occasion: 'Durga Puja',
      care: 'Starch and dry clean',
    },
  },
  {
    title: 'Pochampally Ikat Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 5999,
    sizes: ONE_SIZE,
    colours: ['Rust', 'Indigo'],
    description:
      'Double-ikat silk woven by a Telangana weavers’ cooperative; every saree carries the weaver’s name tag.',
    specs: {
      fabric: 'Silk',
      weave: 'Pochampally Double Ikat',
      ...SAREE,
      occasion: 'Festive',
      artisanHelpPhone: '+91 94405 21873',
    },
  },
  {
    title: 'Printed Georgette Saree',
    category: 'Women',
    parentCategory: 'Saree',
    price: 1499,
    sizes: ONE_SIZE,
    colours: ['Pink'],
    description:
      'Lightweight georgette with a floral print and a satin border; drapes easily for office days.',
    specs: { fabric: 'Georgette', ...SAREE, occasion: 'Office, Everyday', care: 'Hand wash cold' },
  },
  {
    title: 'Block Print Cotton Kurti',
    category: 'Women',
    parentCategory: 'Kurti',
    price: 999,
    sale: 749,
    featured: true,
    sizes: WOMEN_SIZES,
    colours: ['Indigo', 'Mustard'],
    description:
      'A-line cotton kurti hand block-printed in Jaipur, with three-quarter sleeves and a printed yoke.',
    specs: {
      fabric: 'Cotton Cambric',
      fit: 'A-Line',
      sleeve: 'Three-Quarter Sleeve',
      neck: 'Round Neck',
      craft: 'Jaipuri Hand Block Print',
      occasion: 'Everyday',
    },
  },
  {
    title: 'Mirror Work A-Line Kurti',
    category: 'Women',
    parentCategory: 'Kurti',
    price: 1299,
    sizes: WOMEN_SIZES,
    colours: ['Teal', 'Rani Pink'],
    description: 'Rayon kurti with Kutch-style mirror work around the neckline.',
    specs: { fabric: 'Rayon', fit: 'A-Line', sleeve: 'Three-Quarter Sleeve', craft: 'Kutch Mirror Work' },
  },
  {
    title: 'Chikankari Georgette Kurti',
    category: 'Women',
    parentCategory: 'Kurti',
    price: 1799,
    sizes: WOMEN_SIZES,
    colours: ['White', 'Blush', 'Mint'],
    description: 'Hand chikankari on flowing georgette with a matching slip.',
    specs: { fabric: 'Georgette', fit: 'Straight', sleeve: 'Full Sleeve', craft: 'Lucknowi Chikankari' },
  },
  {
    title: 'Zari Embroidered Lehenga',
    category: 'Women',
    parentCategory: 'Lehenga',
    price: 11999,
    sale: 9499,
    featured: true,
    alt: true,
    sizes: ['S', 'M', 'L'],
    colours: ['Red'],
    description:
      'A bridal-red silk lehenga with zari and sequin embroidery, a padded choli and a net dupatta. The skirt flares to nine metres at the hem.',
    specs: {
      fabric: 'Art Silk',
      craft: 'Zari and Sequin Embroidery',
      includes: 'Lehenga, Choli, Dupatta',
      occasion: 'Wedding',
      care: 'Dry clean only',
    },
  },
  {
    title: 'Pastel Organza Lehenga',
    category: 'Women',
    parentCategory: 'Lehenga',
    price: 8999,
    sizes: ['S', 'M', 'L'],
    colours: ['Lavender', 'Mint'],
    description: 'Organza lehenga with thread-work florals in soft pastels for day functions.',
    specs: {
      fabric: 'Organza',
      craft: 'Thread Embroidery',
      includes: 'Lehenga, Choli, Dupatta',
      occasion: 'Mehendi',
    },
  },
  {
    title: 'Cotton Salwar Suit Set',
    category: 'Women',
    parentCategory: 'Salwar Suit',
    price: 1899,
    sizes: WOMEN_SIZES,
    colours: ['Saffron'],
    description: 'Printed cotton kameez, salwar and a mulmul dupatta: the three-piece set for everyday wear.',
    specs: {
      fabric: 'Cotton',
      fit: 'Straight',
      sleeve: 'Three-Quarter Sleeve',
      includes: 'Kameez, Salwar, Dupatta',
    },
  },
  {
    title: 'Phulkari Salwar Suit',
    category: 'Women',
    parentCategory: 'Salwar Suit',
    price: 2599,
    sale: 2099,
    sizes: WOMEN_SIZES,
    colours: ['Bottle Green'],
    description: 'A Patiala salwar suit with a hand-embroidered Phulkari dupatta from Punjab.',
    specs: {
      fabric: 'Cotton Silk',
      fit: 'Straight',
      craft: 'Phulkari Embroidery',
      includes: 'Kameez, Salwar, Dupatta',
    },
  },
  {
    title: 'Flared Anarkali Kurta Set',
    category: 'Women',
    parentCategory: 'Anarkali',
    price: 2999,
    sizes: WOMEN_SIZES,
    colours: ['Wine', 'Navy'],
    description: 'Floor-length anarkali with twenty-four panels, paired with churidar and dupatta.',
    specs: {
      fabric: 'Rayon Crepe',
      fit: 'Flared',
      sleeve: 'Full Sleeve',
      includes: 'Anarkali, Churidar, Dupatta',
    },
  },
  {
    title: 'Gota Patti Anarkali Gown',
    category: 'Women',
    parentCategory: 'Anarkali',
    price: 4499,
    sale: 3599,
    sizes: WOMEN_SIZES,
    colours: ['Mustard'],
    description: 'Chanderi anarkali gown with Rajasthani gota patti trims on the yoke and hem.',
    specs: {
      fabric: 'Chanderi',
      fit: 'Flared',
      sleeve: 'Three-Quarter Sleeve',
      craft: 'Gota Patti',
      occasion: 'Festive',
    },
  },

  // ── Accessories ───────────────────────────────────────────────────────────
  {
    title: 'Phulkari Dupatta',
    category: 'Accessories',
    parentCategory: 'Dupatta',
    price: 1299,
    sale: 999,
    featured: true,
    alt: true,
    sizes: ONE_SIZE,
    colours: ['Orange'],
    description: 'Hand-embroidered Phulkari dupatta in silk floss on cotton, finished with tassels.',
    specs: {
      fabric: 'Cotton',
      craft: 'Phulkari',
      length: { values: ['2.5'], unit: 'm' },
      care: 'Dry clean only',
    },
  },
  {
    title: 'Bandhani Silk Dupatta',
    category: 'Accessories',
    parentCategory: 'Dupatta',
    price: 1499,
    sizes: ONE_SIZE,
    colours: ['Rani Pink', 'Yellow'],
    description: 'Art-silk dupatta tie-dyed by hand in Jamnagar with a gota border.',
    specs: { fabric: 'Art Silk', craft: 'Bandhani Tie-Dye', length: { values: ['2.25'], unit: 'm' } },
  },
  {
    title: 'Kullu Wool Stole',
    category: 'Accessories',
    parentCategory: 'Stole',
    price: 1199,
    sizes: ONE_SIZE,
    colours: ['Charcoal', 'Beige'],
    description: 'Handwoven Himachali wool stole with a geometric Kullu border.',
    specs: { fabric: 'Sheep Wool', weave: 'Kullu Handloom', length: { values: ['2'], unit: 'm' } },
  },
  {
    title: 'Kashmiri Aari Stole',
    category: 'Accessories',
    parentCategory: 'Stole',
    price: 1499,
    sizes: ONE_SIZE,
    colours: ['Mauve'],
    description: 'Fine wool stole with aari embroidery along both ends, made in Srinagar.',
    specs: { fabric: 'Fine Wool', craft: 'Aari Embroidery', length: { values: ['2'], unit: 'm' } },
  },
  {
    title: 'Embroidered Silk Potli Bag',
    category: 'Accessories',
    parentCategory: 'Potli Bag',
    price: 799,
    sizes: ONE_SIZE,
    colours: ['Gold', 'Maroon', 'Emerald'],
    description: 'A drawstring potli in dupion silk with beadwork and tassels for weddings.',
    specs: { fabric: 'Dupion Silk', closure: 'Drawstring', weight: { values: ['180'], unit: 'g' } },
  },
  {
    title: 'Zardozi Velvet Potli Bag',
    category: 'Accessories',
    parentCategory: 'Potli Bag',
    price: 999,
    sale: 749,
    sizes: ONE_SIZE,
    colours: ['Wine'],
    description: 'Velvet potli with hand zardozi embroidery and a pearl-string handle.',
    specs: {
      fabric: 'Velvet',
      craft: 'Zardozi',
      closure: 'Drawstring',
      weight: { values: ['220'], unit: 'g' },
    },
  },
  {
    title: 'Block Print Jhola Bag',
    category: 'Accessories',
    parentCategory: 'Jhola Bag',
    price: 599,
    sizes: ONE_SIZE,
    colours: ['Indigo', 'Rust'],
    description: 'A roomy cotton-canvas jhola with dabu block print and an inner pocket.',
    specs: { fabric: 'Cotton Canvas', craft: 'Dabu Block Print', weight: { values: ['250'], unit: 'g' } },
  },
  {
    title: 'Upcycled Canvas Jhola Bag',
    category: 'Accessories',
    parentCategory: 'Jhola Bag',
    price: 449,
    sizes: ONE_SIZE,
    colours: ['Khaki'],
    description: 'Made from upcycled canvas offcuts by a women’s collective in Dharavi.',
    specs: { fabric: 'Upcycled Canvas', weight: { values: ['300'], unit: 'g' } },
  },
  {
    title: 'Statefront Logo Cap',
    category: 'Accessories',
    parentCategory: 'Cap',
    price: 499,
    sizes: ONE_SIZE,
    colours: ['Black', 'Navy', 'Off White'],
    description: 'Six-panel cotton twill cap with an embroidered Statefront mark and an adjustable strap.',
    specs: { fabric: 'Cotton Twill', closure: 'Adjustable Strap' },
  },
  {
    title: 'Khadi Dad Cap',
    category: 'Accessories',
    parentCategory: 'Cap',
    price: 399,
    sale: 299,
    sizes: ONE_SIZE,
    colours: ['Olive'],
    description: 'Unstructured khadi cap with a curved brim and a brass buckle.',
    specs: { fabric: 'Handspun Khadi', closure: 'Brass Buckle' },
  },
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A name-based UUID (version 5 layout: SHA-1 of the name, version and variant bits set) so the same slug
 * always yields the same id and links survive a reseed.
 */
export function productIdFor(slug: string): string {
  const bytes = createHash('sha1').update(`statefront:${slug}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The newest product is dated here; the rest spread back over about ten months. */
const NEWEST = Date.UTC(2026, 10, 14, 10, 30);
const SPREAD_DAYS = 300;

/**
 * Spreads creation dates so that every category has old and new products: the i-th entry gets a rank by
 * a stride coprime with the count, and a few hours of jitter from its slug keep the times irregular.
 */
function createdAtFor(index: number, slug: string): string {
  const count = entries.length;
  let stride = 37;
  while (gcd(stride, count) !== 1) stride += 2;
  const rank = (index * stride) % count;
  const jitterHours = createHash('sha1').update(slug).digest()[0]! % 11;
  const ageMs = ((rank * SPREAD_DAYS) / count) * 86_400_000 + jitterHours * 3_600_000;
  return new Date(NEWEST - Math.round(ageMs / 60_000) * 60_000).toISOString();
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function attributeKeyId(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function build(entry: Entry, index: number): { product: SeedProduct; artwork: CatalogueArtwork } {
  const slug = entry.slug ?? slugify(entry.title);
  const garment = GARMENT_BY_TYPE[entry.parentCategory];
  if (!garment) throw new Error(`No garment artwork for parent category '${entry.parentCategory}'`);
  const imgUrl = `/images/products/${slug}.svg`;
  const attribute = (key: string, values: string[], metricUnit: string | null = null) => ({
    id: `${slug}-${attributeKeyId(key)}`,
    key,
    values,
    metricUnit,
  });
  const withOrigin: Record<string, SpecValue> = { ...entry.specs, origin: 'Made in India' };
  const specs = Object.entries(withOrigin).map(([key, value]) =>
    typeof value === 'string' ? attribute(key, [value]) : attribute(key, value.values, value.unit),
  );
  const product: SeedProduct = {
    id: productIdFor(slug),
    title: entry.title,
    description: entry.description,
    imgUrl,
    category: entry.category,
    parentCategory: entry.parentCategory,
    regularPrice: entry.price,
    discountedPrice: entry.sale ?? null,
    featured: entry.featured ?? false,
    images: entry.alt ? [{ url: imgUrl }, { url: `/images/products/${slug}-alt.svg` }] : [{ url: imgUrl }],
    attributes: [
      attribute('size', entry.sizes),
      attribute('color', entry.colours),
      ...specs,
      ...(entry.featured ? [attribute('featured', ['true'])] : []),
    ],
    createdAt: createdAtFor(index, slug),
  };
  return { product, artwork: { slug, garment, alt: entry.alt ?? false } };
}

const built = entries.map(build);

export const catalogue: SeedProduct[] = built.map((b) => b.product);

/** Artwork facts per product id, for scripts/generate-images.ts and the catalogue tests. */
export const artworkById: ReadonlyMap<string, CatalogueArtwork> = new Map(
  built.map((b) => [b.product.id, b.artwork]),
);
