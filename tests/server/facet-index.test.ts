import { describe, expect, it } from 'vitest';
import { facetsOf, patchedFacets, valuesAt } from '../../server/catalogue/facet-index';

// Four products: sizes and colours as option_values gives them (attribute-values.ts).
const sizes = [['S', 'M'], ['M'], ['S', 'M'], ['One Size']];
const colors = [['Indigo'], ['Rust', 'Indigo'], ['Indigo'], ['Sage']];

describe('facet indexes patched in place', () => {
  it('keeps the facets when the written products keep their values, however they are written', () => {
    const base = facetsOf({ sizes, colors });
    const next = patchedFacets(base, [1, 2], {
      sizes: [[' m '], ['M', 's']],
      colors: [['indigo', 'RUST'], ['Indigo']],
    });
    expect(next.sizeIndex).toBe(base.sizeIndex);
    expect(next.colorIndex).toBe(base.colorIndex);
  });

  it('numbers the values again when a product takes a value or a combination the catalogue lacked', () => {
    const base = facetsOf({ sizes, colors });
    const next = patchedFacets(base, [3], { sizes: [['XL']], colors: [['Sage', 'Indigo']] });
    expect(valuesAt(next.sizeIndex, 3)).toEqual(['XL']);
    expect(valuesAt(next.colorIndex, 3)).toEqual(['Indigo', 'Sage']);
    // The others keep theirs, and a size no product holds any more is gone from the facet.
    expect([0, 1, 2].map((i) => valuesAt(next.sizeIndex, i))).toEqual([['S', 'M'], ['M'], ['S', 'M']]);
    expect(next.sizeIndex.names).toEqual(['S', 'M', 'XL']);
    expect(valuesAt(next.colorIndex, 1)).toEqual(['Indigo', 'Rust']);
  });

  it('moves a product to another set the catalogue already has without renumbering', () => {
    const base = facetsOf({ sizes, colors });
    const next = patchedFacets(base, [1], { sizes: [['S', 'M']], colors: [['Indigo']] });
    expect(valuesAt(next.sizeIndex, 1)).toEqual(['S', 'M']);
    expect(valuesAt(next.colorIndex, 1)).toEqual(['Indigo']);
    expect(valuesAt(base.colorIndex, 1)).toEqual(['Indigo', 'Rust']);
  });
});
