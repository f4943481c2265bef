import { describe, expect, it } from 'vitest';
import {
  type ApiProduct,
  byName,
  cardCartLine,
  imageOf,
  imagesOf,
  isOnSale,
  paginationWindow,
  parentCategoryOptions,
  parseProductsQuery,
  percentOff,
  productsPath,
  productsTitle,
  showingRange,
  shownColour,
  sizeLabel,
  toDisplayProduct,
} from '../../machines/catalogue.model';
import { attributeLabel, isShopperAttribute, specifications } from '../../machines/specifications.model';

const base: ApiProduct = {
  id: 'p1',
  title: 'Indigo Kurta',
  description: 'Cotton.',
  imgUrl: '/k.svg',
  category: 'men',
  parentCategory: 'Kurta',
  regularPrice: 1899,
  discountedPrice: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [{ url: '/k2.svg' }],
  attributes: [],
};
const attr = (key: string, values: string[]) => ({ id: key, key, values, metricUnit: null });

describe('toDisplayProduct', () => {
  it('uses the regular price and no original price when there is no discount', () => {
    const p = toDisplayProduct(base);
    expect(p).toMatchObject({
      id: 'p1',
      name: 'Indigo Kurta',
      price: 1899,
      image: '/k.svg',
      featured: false,
    });
    expect(p.originalPrice).toBeUndefined();
  });
  it('offers the sizes and colours of any key spelling the server accepts in an order ("Colour", " SIZES ")', () => {
    const p = toDisplayProduct({
      ...base,
      attributes: [attr(' SIZES ', ['S', ' M ', '']), attr('Colour', ['Indigo', 'Rust'])],
    });
    expect(p.sizes).toEqual(['S', 'M']);
    expect(p.colors).toEqual(['Indigo', 'Rust']);
    expect(toDisplayProduct({ ...base, attributes: [attr('size', ['  '])] }).sizes).toBeUndefined();
  });
  it('uses the discounted price and keeps the regular one as original price when discounted', () => {
    expect(toDisplayProduct({ ...base, discountedPrice: 1499 })).toMatchObject({
      price: 1499,
      originalPrice: 1899,
    });
  });
  it('falls back to the first image, then to an empty image', () => {
    expect(toDisplayProduct({ ...base, imgUrl: '' }).image).toBe('/k2.svg');
    expect(toDisplayProduct({ ...base, imgUrl: '', images: [] }).image).toBe('');
  });
  it('lists every image once, the main one first, and none when there are none', () => {
    expect(
      toDisplayProduct({ ...base, imgUrl: '/k.svg', images: [{ url: '/k.svg' }, { url: '/k-alt.svg' }] })
        .images,
    ).toEqual(['/k.svg', '/k-alt.svg']);
    expect(toDisplayProduct({ ...base, imgUrl: '/k.svg', images: [{ url: '/k-alt.svg' }] }).images).toEqual([
      '/k.svg',
      '/k-alt.svg',
    ]);
    expect(toDisplayProduct({ ...base, imgUrl: '', images: [] }).images).toEqual([]);
  });
  it('reads sizes from size/sizes and colours from color/colours/colors, case-insensitively', () => {
    const p = toDisplayProduct({
      ...base,
      attributes: [attr('SIZES', ['S', 'M']), attr('Colours', ['Red'])],
    });
    expect(p.sizes).toEqual(['S', 'M']);
    expect(p.colors).toEqual(['Red']);
    expect(toDisplayProduct({ ...base, attributes: [attr('color', ['Blue'])] }).colors).toEqual(['Blue']);
  });
  it('is featured when a featured attribute has a value containing true', () => {
    expect(toDisplayProduct({ ...base, attributes: [attr('featured', ['TRUE'])] }).featured).toBe(true);
    expect(toDisplayProduct({ ...base, attributes: [attr('featured', ['no'])] }).featured).toBe(false);
  });
  it('has a parent category of "" when the server has none', () => {
    expect(toDisplayProduct({ ...base, parentCategory: null }).parentCategory).toBe('');
  });
});

describe('isOnSale', () => {
  it('is true only when an original price is set and the price is below it', () => {
    expect(isOnSale({ price: 10, originalPrice: 12 })).toBe(true);
    expect(isOnSale({ price: 12, originalPrice: 12 })).toBe(false);
    expect(isOnSale({ price: 10 })).toBe(false);
  });
});

describe('percentOff', () => {
  it('is the whole per cent off the MRP, rounded down so it never promises more', () => {
    expect(percentOff({ price: 999, originalPrice: 1299 })).toBe(23); // 23.09%
    expect(percentOff({ price: 10999, originalPrice: 12999 })).toBe(15); // 15.39%
    expect(percentOff({ price: 500, originalPrice: 1000 })).toBe(50);
    expect(percentOff({ price: 1, originalPrice: 3 })).toBe(66); // 66.67%, not 67
  });
  it('counts in paise, so rupee fractions do not tip it a per cent down', () => {
    // (1000 - 900.10) / 1000 = 9.99% → 9; ₹0.90 of ₹1 is 10% off, which rupee arithmetic makes 9.99…
    expect(percentOff({ price: 900.1, originalPrice: 1000 })).toBe(9);
    expect(percentOff({ price: 0.9, originalPrice: 1 })).toBe(10);
    expect(percentOff({ price: 1.1, originalPrice: 2.2 })).toBe(50);
  });
  it('is 0 when the product is not on sale', () => {
    expect(percentOff({ price: 499 })).toBe(0);
    expect(percentOff({ price: 499, originalPrice: 499 })).toBe(0);
    expect(percentOff({ price: 599, originalPrice: 499 })).toBe(0);
    expect(percentOff({ price: 0, originalPrice: 0 })).toBe(0);
  });
});

describe('isShopperAttribute and attributeLabel', () => {
  it('keeps what a shopper reads about the garment', () => {
    for (const key of ['fabric', 'blousePiece', 'sleeve_length', 'Neck', 'braid', 'origin', 'Acid Wash']) {
      expect(isShopperAttribute(key), key).toBe(true);
    }
  });
  it("hides the pickers' attributes, flags, ids and phone keys", () => {
    for (const key of [
      'size',
      'Sizes',
      'color',
      'Colour',
      'colours',
      'featured',
      ' FEATURED ',
      'id',
      'ID',
      'productId',
      'productID',
      'vendor_id',
      'Vendor ID',
      'sku',
      '_internal',
      'artisanHelpPhone',
      '',
    ]) {
      expect(isShopperAttribute(key), key).toBe(false);
    }
  });
  it('labels keys in words, title case, en-IN spelling', () => {
    expect(attributeLabel('blousePiece')).toBe('Blouse Piece');
    expect(attributeLabel('BLOUSEPIECE')).toBe('Blousepiece');
    expect(attributeLabel('sleeve_length')).toBe('Sleeve Length');
    expect(attributeLabel('neck-type')).toBe('Neck Type');
    expect(attributeLabel('colorFamily')).toBe('Colour Family');
    expect(attributeLabel('fabric GSM')).toBe('Fabric GSM');
    expect(attributeLabel('  care  ')).toBe('Care');
  });
});

describe('productsTitle', () => {
  it('follows spec §2: parent category, men, women, capitalised category, All Products', () => {
    expect(productsTitle({ category: 'men', parentCategory: 'Kurta' })).toBe('Kurta');
    expect(productsTitle({ category: 'men' })).toBe("Men's Ethnic Wear");
    expect(productsTitle({ category: 'women' })).toBe("Women's Ethnic Wear");
    // One display name with the navigation's 'T Shirts'.
    expect(productsTitle({ category: 't shirts' })).toBe('T Shirts');
    expect(productsTitle({})).toBe('All Products');
    expect(productsTitle({ featured: true })).toBe('Featured');
  });
});

describe('products query and path', () => {
  it('leaves out page 1 and empty filters', () => {
    expect(productsPath({ page: 1 })).toBe('/products');
    expect(productsPath({ category: 't shirts', parentCategory: 'Polo', page: 2 })).toBe(
      '/products?category=t+shirts&parentCategory=Polo&page=2',
    );
  });
  it('defaults to page 1 when the page parameter is missing or junk', () => {
    expect(parseProductsQuery('category=men')).toEqual({ category: 'men', page: 1 });
    expect(parseProductsQuery('page=-3')).toEqual({ page: 1 });
    expect(parseProductsQuery('page=4&featured=true')).toEqual({ page: 4, featured: true });
  });
});

describe('paginationWindow', () => {
  it('shows first, last, two either side of the current page and ellipses in the gaps', () => {
    expect(paginationWindow(6, 12)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]);
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(2, 9)).toEqual([1, 2, 3, 4, 'ellipsis', 9]);
  });
  it("says 'Showing X to Y of Z items'", () => {
    expect(showingRange(2, 30)).toBe('Showing 13 to 24 of 30 items');
    expect(showingRange(3, 30)).toBe('Showing 25 to 30 of 30 items');
  });
});

describe('sizeLabel and specifications', () => {
  const p = toDisplayProduct(base);
  it("labels 'Shoe Size', 'Size' (One Size) or 'Clothing Size'", () => {
    expect(sizeLabel({ ...p, category: 'Footwear' })).toBe('Shoe Size');
    expect(sizeLabel({ ...p, description: 'A leather shoe' })).toBe('Shoe Size');
    expect(sizeLabel({ ...p, sizes: ['One Size'] })).toBe('Size');
    expect(sizeLabel(p)).toBe('Clothing Size');
  });
  it("hides attributes whose key contains 'phone' and shows at most 10", () => {
    const attributes = [
      attr('supportPhone', ['1']),
      ...Array.from({ length: 12 }, (_, i) => attr(`k${i}`, ['v'])),
    ];
    const rows = specifications({ attributes });
    expect(rows).toHaveLength(10);
    expect(rows.some((row) => row.label.includes('Phone'))).toBe(false);
  });
  it('shows shopper attributes only, labelled, with values and unit joined', () => {
    const rows = specifications({
      attributes: [
        attr('size', ['One Size']),
        attr('color', ['Maroon']),
        attr('fabric', ['Katan Silk']),
        { id: 'saree-blouse-piece', key: 'blousePiece', values: ['0.8'], metricUnit: 'm' },
        attr('occasion', ['Wedding', 'Festive']),
        attr('featured', ['true']),
        attr('productId', ['2844e290']),
        attr('empty', []),
      ],
    });
    expect(rows).toEqual([
      { id: 'fabric', label: 'Fabric', value: 'Katan Silk' },
      { id: 'saree-blouse-piece', label: 'Blouse Piece', value: '0.8 m' },
      { id: 'occasion', label: 'Occasion', value: 'Wedding, Festive' },
    ]);
  });
});

describe('byName', () => {
  it('orders type names as localeCompare does, without loading collation data', () => {
    const names = [
      'Tee',
      'kurta',
      'Kurta',
      'T-Shirt',
      'Nehru Jacket',
      'nehru',
      'Dupatta',
      'Saree',
      'Co-ord Set',
      'co-ord set',
    ];
    expect([...names].sort(byName)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('parentCategoryOptions and cardCartLine', () => {
  it('lists each non-empty parent category once, sorted', () => {
    expect(
      parentCategoryOptions([
        { parentCategory: 'Saree' },
        { parentCategory: '' },
        { parentCategory: 'Kurta' },
        { parentCategory: 'Saree' },
      ]),
    ).toEqual(['Kurta', 'Saree']);
  });
  it('adds quantity 1 from a card with a lone size or colour preselected', () => {
    const p = { ...toDisplayProduct(base), sizes: ['One Size'], colors: ['Red', 'Blue'] };
    expect(cardCartLine(p)).toEqual({
      id: 'p1',
      name: 'Indigo Kurta',
      image: '/k.svg',
      price: 1899,
      quantity: 1,
      selectedSize: 'One Size',
      // Several colours: the cart line keeps them so it can ask for one in place.
      colorOptions: ['Red', 'Blue'],
    });
  });
});

describe('pictures per colour', () => {
  const tee = toDisplayProduct({
    ...base,
    imgUrl: '/tee.svg',
    images: [
      { url: '/tee.svg', color: 'White' },
      { url: '/tee-alt.svg', color: 'White' },
      { url: '/tee--navy.svg', color: 'Navy' },
    ],
    attributes: [attr('size', ['S', 'M']), attr('color', ['White', 'Navy'])],
  });

  it("shows the main image's colour until a colour is chosen, then that colour's", () => {
    expect(tee.images).toEqual(['/tee.svg', '/tee-alt.svg']);
    expect(imagesOf(tee, 'Navy')).toEqual(['/tee--navy.svg']);
    expect(imageOf(tee, 'Navy')).toBe('/tee--navy.svg');
    expect(imagesOf(tee, null)).toEqual(tee.images);
    expect(imageOf(tee, 'Maroon')).toBe('/tee.svg');
  });

  it("shows the filtered colour on a list's card, and Add to Cart picks it", () => {
    expect(shownColour(tee, ['navy'])).toBe('Navy');
    expect(shownColour(tee, undefined)).toBeUndefined();
    expect(shownColour(tee, ['Maroon'])).toBeUndefined();
    expect(cardCartLine(tee, 'Navy')).toMatchObject({ selectedColor: 'Navy', image: '/tee--navy.svg' });
  });

  it("keeps each colour's picture on a line whose colour is chosen in the cart", () => {
    expect(cardCartLine(tee).colorImages).toEqual({ White: '/tee.svg', Navy: '/tee--navy.svg' });
    expect(cardCartLine(tee).image).toBe('/tee.svg');
  });
});
