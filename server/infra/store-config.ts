import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DELIVERY_ZONES } from '../../shared/delivery';
import { PIN_CODE_PATTERN } from '../../shared/pincode';
import { DEFAULT_DELIVERY_DAYS, type DeliveryConfig } from '../addresses/delivery';
import type { StoreInfo } from '../context';

const POLICY_SLUGS = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;

const text = z.string().trim().min(1, 'must be a non-empty string');

/**
 * The store config file: every StoreInfo field of openapi.yaml plus an optional UPI payee. Unknown
 * top-level keys (e.g. notes for editors) are dropped rather than fatal, so documentation can live in the file.
 */
const storeConfigSchema = z.object({
  $schema: z.string().optional(),
  storeName: text,
  companyName: text,
  companyAddress: text,
  companyEmail: z.email('must be an email address'),
  companyPhone: text,
  companyLogoUrl: text,
  description: text,
  categories: z.array(text).min(1, 'must list at least one category'),
  categoryImages: z.record(z.string(), text),
  policies: z.partialRecord(z.enum(POLICY_SLUGS), z.string()),
  upi: z
    .object({
      vpa: z.string().regex(/^[\w.-]{2,256}@[a-zA-Z][\w.-]{1,63}$/, 'must be a UPI id like name@bank'),
      payeeName: text,
    })
    .optional(),
  /** Where orders leave from and how long each zone takes: GET /pincodes/{pin}'s delivery estimate. */
  delivery: z
    .object({
      fromPin: z.string().regex(PIN_CODE_PATTERN, 'must be a six-digit PIN code'),
      days: z
        .partialRecord(
          z.enum(DELIVERY_ZONES),
          z
            .tuple([z.int().min(0).max(60), z.int().min(0).max(60)])
            .refine(([min, max]) => min <= max, 'must be [fewest, most] working days'),
        )
        .optional(),
    })
    .optional(),
});

export interface LoadedStoreConfig {
  store: StoreInfo;
  upi: { vpa: string; payeeName: string } | null;
  /** Null when the config names no dispatch PIN: PIN answers then carry no delivery estimate. */
  delivery: DeliveryConfig | null;
}

export class StoreConfigError extends Error {
  override name = 'StoreConfigError';
}

/** Validates parsed store config JSON; the error names every bad field with its path. */
export function parseStoreConfig(raw: unknown, source = 'store config'): LoadedStoreConfig {
  const result = storeConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
      return `  - ${path}: ${issue.message}`;
    });
    throw new StoreConfigError(`Invalid ${source}:\n${problems.join('\n')}`);
  }
  const { upi, delivery, $schema: _schema, ...store } = result.data;
  return {
    store,
    upi: upi ?? null,
    delivery: delivery
      ? { fromPin: delivery.fromPin, days: { ...DEFAULT_DELIVERY_DAYS, ...delivery.days } }
      : null,
  };
}

/** Reads and validates the store config file named by STORE_CONFIG (default store.config.json, from the folder the server starts in). */
export function loadStoreConfig(path: string): LoadedStoreConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new StoreConfigError(`Cannot read the store config ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new StoreConfigError(`The store config ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseStoreConfig(raw, `store config ${path}`);
}
