import { describe, expect, it } from 'vitest';
import { listPageTitle, productPageTitle, SEARCH_TEXT_LIMIT } from '../../shared/page-titles';

const site = { name: 'Rangrez', categories: ['T Shirts', 'Women'] };

describe('listPageTitle', () => {
  it('names the search before the type, the type before the category, then featured, else all', () => {
    const query = { q: 'kurta', parentCategory: 'kurta', category: 'men', featured: true, page: 1 };
    expect(listPageTitle(query, site)).toBe('Search results for “kurta” | Rangrez');
    expect(listPageTitle({ ...query, q: '' }, site)).toBe('Kurta | Rangrez');
    expect(listPageTitle({ category: 'men', featured: true, page: 1 }, site)).toBe('Men | Rangrez');
    expect(listPageTitle({ featured: true, page: 1 }, site)).toBe('Featured products | Rangrez');
    expect(listPageTitle({ page: 1 }, site)).toBe('All products | Rangrez');
  });

  it("spells a category the store's way whatever its case in the address, and adds pages past the first", () => {
    expect(listPageTitle({ category: 't SHIRTS', page: 3 }, site)).toBe('T Shirts – Page 3 | Rangrez');
    expect(listPageTitle({ category: 'ethnic wear', page: 1 }, site)).toBe('Ethnic Wear | Rangrez');
  });

  it('cuts a search longer than the server searches', () => {
    const q = 'k'.repeat(SEARCH_TEXT_LIMIT + 50);
    expect(listPageTitle({ q, page: 1 }, site)).toBe(`Search results for “${'k'.repeat(200)}” | Rangrez`);
  });
});

describe('productPageTitle', () => {
  it('is the product, then the store', () => {
    expect(productPageTitle('Indigo Kurta', 'Rangrez')).toBe('Indigo Kurta | Rangrez');
  });
});
