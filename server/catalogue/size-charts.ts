/**
 * The size charts of the catalogue: body measurements in inches for each size of a kind of garment,
 * keyed by the lower-cased type (parentCategory) or, failing that, category, as the demo catalogue
 * names them (seed-*.ts). GET /products/{id} carries the chart of the product's kind with a row for each
 * size it sells (snapshot.ts); products sold in one size (sarees, dupattas, bags, caps) have none.
 */
import type { components, SizeChart } from '../../contract/schema';
import { optionValues } from '../../shared/product-options';

type Chart = {
  name: string;
  note: string;
  columns: string[];
  /** Inches, in the order of `columns`, by upper-cased size. */
  sizes: Record<string, number[]>;
};

const CHEST_NOTE =
  'Body measurements. Chest: around the fullest part, under the arms. Length: from the highest point of the shoulder.';
const BUST_NOTE =
  'Body measurements. Bust: around the fullest part. Waist: around the natural waistline. Hip: around the fullest part.';

const TEE: Chart = {
  name: 'T-shirts',
  note: CHEST_NOTE,
  columns: ['Chest', 'Length', 'Shoulder'],
  sizes: {
    XS: [36, 26, 16],
    S: [38, 27, 17],
    M: [40, 28, 18],
    L: [42, 29, 19],
    XL: [44, 30, 20],
    XXL: [46, 31, 21],
  },
};

const OVERSIZED: Chart = {
  name: 'Oversized T-shirts',
  note: `${CHEST_NOTE} Cut roomy: pick your usual size.`,
  columns: ['Chest', 'Length', 'Shoulder'],
  sizes: {
    XS: [40, 27, 19],
    S: [42, 28, 20],
    M: [44, 29, 21],
    L: [46, 30, 22],
    XL: [48, 31, 23],
    XXL: [50, 32, 24],
  },
};

const MEN_KURTA: Chart = {
  name: "Men's kurtas",
  note: CHEST_NOTE,
  columns: ['Chest', 'Length', 'Shoulder', 'Sleeve'],
  sizes: {
    S: [38, 40, 17, 24],
    M: [40, 41, 18, 24.5],
    L: [42, 42, 19, 25],
    XL: [44, 43, 20, 25.5],
    XXL: [46, 44, 21, 26],
  },
};

const KURTA_PYJAMA: Chart = {
  name: 'Kurta pyjama sets',
  note: `${CHEST_NOTE} Waist: where the pyjama sits.`,
  columns: ['Chest', 'Kurta length', 'Waist', 'Pyjama length'],
  sizes: {
    S: [38, 40, 30, 39],
    M: [40, 41, 32, 40],
    L: [42, 42, 34, 41],
    XL: [44, 43, 36, 42],
    XXL: [46, 44, 38, 42],
  },
};

const NEHRU_JACKET: Chart = {
  name: 'Nehru jackets',
  note: CHEST_NOTE,
  columns: ['Chest', 'Length', 'Shoulder'],
  sizes: {
    S: [38, 27, 17],
    M: [40, 28, 18],
    L: [42, 29, 19],
    XL: [44, 30, 20],
    XXL: [46, 31, 21],
  },
};

/** Sherwanis are sold by chest size in inches (seed-men.ts). */
const SHERWANI: Chart = {
  name: 'Sherwanis',
  note: CHEST_NOTE,
  columns: ['Chest', 'Length', 'Shoulder', 'Sleeve'],
  sizes: {
    '38': [38, 42, 17.5, 24.5],
    '40': [40, 43, 18, 25],
    '42': [42, 44, 18.5, 25.5],
    '44': [44, 45, 19, 26],
    '46': [46, 46, 19.5, 26],
  },
};

const WOMEN_TOP: Chart = {
  name: "Women's tops",
  note: BUST_NOTE,
  columns: ['Bust', 'Waist', 'Length'],
  sizes: {
    XS: [32, 26, 23],
    S: [34, 28, 24],
    M: [36, 30, 25],
    L: [38, 32, 26],
    XL: [40, 34, 27],
  },
};

const CROP_TOP: Chart = {
  ...WOMEN_TOP,
  name: 'Crop tops',
  sizes: { XS: [32, 26, 17], S: [34, 28, 17.5], M: [36, 30, 18], L: [38, 32, 18.5] },
};

const TUNIC: Chart = {
  ...WOMEN_TOP,
  name: 'Tunics',
  sizes: {
    XS: [32, 26, 30],
    S: [34, 28, 31],
    M: [36, 30, 32],
    L: [38, 32, 33],
    XL: [40, 34, 34],
    'FREE SIZE': [40, 36, 32],
  },
};

const KURTI: Chart = {
  name: 'Kurtis and suits',
  note: BUST_NOTE,
  columns: ['Bust', 'Waist', 'Hip', 'Length'],
  sizes: {
    XS: [32, 26, 35, 44],
    S: [34, 28, 37, 45],
    M: [36, 30, 39, 46],
    L: [38, 32, 41, 47],
    XL: [40, 34, 43, 48],
  },
};

const ANARKALI: Chart = {
  ...KURTI,
  name: 'Anarkalis',
  sizes: {
    XS: [32, 26, 35, 50],
    S: [34, 28, 37, 51],
    M: [36, 30, 39, 52],
    L: [38, 32, 41, 53],
    XL: [40, 34, 43, 54],
  },
};

const LEHENGA: Chart = {
  name: 'Lehengas',
  note: `${BUST_NOTE} Length: from the waist to the hem.`,
  columns: ['Bust', 'Waist', 'Hip', 'Length'],
  sizes: { S: [34, 28, 38, 41], M: [36, 30, 40, 42], L: [38, 32, 42, 42] },
};

/** By lower-cased parentCategory first, then lower-cased category. */
const CHARTS: ReadonlyMap<string, Chart> = new Map([
  ['oversized', OVERSIZED],
  ['t shirts', TEE],
  ['kurta', MEN_KURTA],
  ['kurta pyjama set', KURTA_PYJAMA],
  ['nehru jacket', NEHRU_JACKET],
  ['sherwani', SHERWANI],
  ['crop top', CROP_TOP],
  ['tunic', TUNIC],
  ['tops', WOMEN_TOP],
  ['kurti', KURTI],
  ['salwar suit', KURTI],
  ['anarkali', ANARKALI],
  ['lehenga', LEHENGA],
]);

/**
 * The chart of a product of this category and type, with a row for each of `sizes` it has (in their
 * order); null when its kind has no chart or none of its sizes is in it (One Size).
 */
export function sizeChartFor(
  category: string,
  parentCategory: string | null,
  sizes: readonly string[],
): SizeChart | null {
  const chart =
    (parentCategory ? CHARTS.get(parentCategory.trim().toLowerCase()) : undefined) ??
    CHARTS.get(category.trim().toLowerCase());
  if (!chart) return null;
  const rows: SizeChart['rows'] = [];
  for (const size of sizes) {
    const values = chart.sizes[size.trim().toUpperCase()];
    if (values) rows.push({ size, values });
  }
  if (rows.length === 0) return null;
  return { name: chart.name, note: chart.note, unit: 'in', columns: chart.columns, rows };
}

/** A product's chart, from its own category, type and sizes (shared/product-options.ts reads them). */
export function sizeChartOf(
  product: Pick<components['schemas']['Product'], 'category' | 'parentCategory' | 'attributes'>,
): SizeChart | null {
  return sizeChartFor(product.category, product.parentCategory, optionValues(product.attributes, 'size'));
}
