/**
 * The shape of one entry of the demo catalogue (see catalogue.ts for how entries become products) and
 * the size runs several categories share.
 */

export type SpecValue = string | { values: string[]; unit: string };

export interface Entry {
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
export const TEE_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const MEN_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
export const WOMEN_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
