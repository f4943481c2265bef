import { z } from 'zod';
import { normaliseShippingPhone } from '../../machines/shipping.model';

/** The 28 states and 8 union territories of India, as a shopper picks them for a shipping address. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/** The rules POST /orders enforces (server/handlers/orders.handlers.ts), so the form never disagrees. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PHONE_PATTERN = /^\+91[0-9]{10}$/;

export const FULL_NAME_REQUIRED = 'Full name is required';
export const ADDRESS_REQUIRED = 'Address is required';
export const CITY_REQUIRED = 'City is required';
export const STATE_REQUIRED = 'Please select your state or union territory';
export const PIN_CODE_INVALID = 'Enter a valid 6-digit PIN code';
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_PREFIX_INVALID = 'Phone number must start with +91';
export const PHONE_DIGITS_INVALID = 'Enter +91 followed by a 10-digit mobile number';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

export const checkoutSchema = z.object({
  fullName: required(FULL_NAME_REQUIRED, 100),
  address: required(ADDRESS_REQUIRED, 300),
  city: required(CITY_REQUIRED, 100),
  state: z.enum(INDIAN_STATES, { error: STATE_REQUIRED }),
  postalCode: z
    .string({ error: PIN_CODE_INVALID })
    .trim()
    .regex(PIN_CODE_PATTERN, { error: PIN_CODE_INVALID }),
  phone: z
    .string({ error: PHONE_REQUIRED })
    .transform(normaliseShippingPhone)
    .check((ctx) => {
      if (!ctx.value.startsWith('+91')) {
        ctx.issues.push({ code: 'custom', message: PHONE_PREFIX_INVALID, input: ctx.value });
      } else if (!PHONE_PATTERN.test(ctx.value)) {
        ctx.issues.push({ code: 'custom', message: PHONE_DIGITS_INVALID, input: ctx.value });
      }
    }),
});

export type CheckoutValues = z.infer<typeof checkoutSchema>;
