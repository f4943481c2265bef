import { describe, expect, it } from 'vitest';
import { pictureOfColour, picturesOfColour } from '../../shared/product-images';

const keyed = [
  { url: '/tee.svg', color: 'White' },
  { url: '/tee-alt.svg', color: 'White' },
  { url: '/tee--navy.svg', color: 'Navy' },
  { url: '/tee--navy-alt.svg', color: 'Navy' },
  { url: '/label.svg', color: null },
];

describe('picturesOfColour', () => {
  it("shows the chosen colour's pictures and those of every colour, in the product's order", () => {
    expect(picturesOfColour(keyed, '/tee.svg', 'Navy')).toEqual([
      '/tee--navy.svg',
      '/tee--navy-alt.svg',
      '/label.svg',
    ]);
  });

  it("shows the main image's colour when none is chosen, or one without pictures", () => {
    const white = ['/tee.svg', '/tee-alt.svg', '/label.svg'];
    expect(picturesOfColour(keyed, '/tee.svg')).toEqual(white);
    expect(picturesOfColour(keyed, '/tee.svg', null)).toEqual(white);
    expect(picturesOfColour(keyed, '/tee.svg', 'Maroon')).toEqual(white);
  });

  it('matches a colour as the pickers do: trimmed, in any case', () => {
    expect(pictureOfColour(keyed, '/tee.svg', ' navy ')).toBe('/tee--navy.svg');
  });

  it('shows every picture, the main one first, when none names a colour', () => {
    const plain = [{ url: '/a.svg' }, { url: '/b.svg' }];
    expect(picturesOfColour(plain, '/b.svg', 'Navy')).toEqual(['/b.svg', '/a.svg']);
    expect(pictureOfColour([], '/only.svg', 'Navy')).toBe('/only.svg');
  });

  it('keeps a main image that is not among the pictures first, unless a colour it may not show is chosen', () => {
    expect(picturesOfColour(keyed.slice(2), '/main.svg')).toEqual([
      '/main.svg',
      '/tee--navy.svg',
      '/tee--navy-alt.svg',
      '/label.svg',
    ]);
    expect(pictureOfColour(keyed.slice(2), '/main.svg', 'Navy')).toBe('/tee--navy.svg');
  });
});
