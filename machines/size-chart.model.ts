import type { components } from '../contract/schema';
import type { DisplayProduct } from './catalogue.model';

/** The measurements of a product's sizes, in inches (GET /products/{id}'s `sizeChart`: openapi.yaml). */
export type SizeChart = components['schemas']['SizeChart'];

/** The product page's product: the display product plus its size chart, when the answer has one. */
export type PageProduct = DisplayProduct & { sizeChart?: SizeChart | null };

/** A display product with the chart of the answer it was made from (absent in lists: null). */
export function withSizeChart(
  product: DisplayProduct,
  answer: Pick<components['schemas']['Product'], 'sizeChart'>,
): PageProduct {
  return { ...product, sizeChart: answer.sizeChart ?? null };
}

export type MeasureUnit = 'in' | 'cm';

const CM_PER_INCH = 2.54;

/** A measurement as the chart shows it: inches as given (38, 24.5), centimetres to the nearest half. */
export function measure(inches: number, unit: MeasureUnit): string {
  if (unit === 'in') return String(inches);
  return String(Math.round(inches * CM_PER_INCH * 2) / 2);
}
