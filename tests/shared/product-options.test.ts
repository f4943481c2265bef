import { describe, expect, it } from 'vitest';
import { COLOR_KEYS, optionOfKey, optionValues, SIZE_KEYS } from '../../shared/product-options';

describe('optionOfKey', () => {
  it('names the size and colour keys in any case and spelling, trimmed, and nothing else', () => {
    for (const key of [...SIZE_KEYS, 'Size', ' SIZES ']) expect(optionOfKey(key), key).toBe('size');
    for (const key of [...COLOR_KEYS, 'Colour', 'COLORS', ' color '])
      expect(optionOfKey(key), key).toBe('color');
    for (const key of ['colorFamily', 'fit', 'sized', '', 'colour name'])
      expect(optionOfKey(key), key).toBeNull();
  });
});

describe('optionValues', () => {
  it('reads the first attribute of the option, its values trimmed and blanks dropped; [] when it has none', () => {
    const attributes = [
      { key: 'fabric', values: ['cotton'] },
      { key: 'Colour', values: [' Indigo ', '', 'Rust'] },
      { key: 'sizes', values: ['S', 'M'] },
    ];
    expect(optionValues(attributes, 'color')).toEqual(['Indigo', 'Rust']);
    expect(optionValues(attributes, 'size')).toEqual(['S', 'M']);
    expect(optionValues([{ key: 'fabric', values: ['silk'] }], 'size')).toEqual([]);
  });
});
