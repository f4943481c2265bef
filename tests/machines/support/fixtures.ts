/** Data the fake actors answer with in the model tests and journeys. */
import type { CartLine } from '../../../machines/cart.model';
import type { DisplayProduct } from '../../../machines/catalogue.model';
import { RequestError } from '../../../machines/errors';
import type { ToastVariant } from '../../../machines/events';
import type { DisplayOrder } from '../../../machines/orders.model';
import { StockShortageError } from '../../../machines/shortage.model';
import type { StoreInfo } from '../../../machines/store-info.machine';
import type { PaymentField } from '../../../shared/payment-fields';

export const storeInfo: StoreInfo = {
  storeName: 'Statefront',
  companyName: 'Statefront Apparel Pvt. Ltd.',
  companyAddress: 'Plot 7, Sector 63, Noida',
  companyEmail: 'care@statefront.in',
  companyPhone: '+91 120 456 7890',
  companyLogoUrl: '/assets/logo.svg',
  description: 'Everyday T-shirts.',
  categories: ['T Shirts', 'Tops'],
  categoryImages: {},
  policies: {},
};

export const kurta: DisplayProduct = {
  id: 'p-kurta',
  name: 'Indigo Block-Print Kurta',
  price: 1499,
  originalPrice: 1899,
  description: 'Hand block-printed cotton kurta.',
  image: '/images/kurta.svg',
  images: ['/images/kurta.svg', '/images/kurta-alt.svg'],
  category: 'men',
  parentCategory: 'Kurta',
  featured: true,
  sizes: ['S', 'M'],
  colors: ['Indigo'],
  attributes: [],
};

export const scarf: DisplayProduct = {
  id: 'p-scarf',
  name: 'Silk Scarf',
  price: 799,
  description: 'A scarf.',
  image: '/images/scarf.svg',
  images: ['/images/scarf.svg'],
  category: 'accessories',
  parentCategory: 'Scarf',
  featured: false,
  sizes: ['One Size'],
  attributes: [],
};

export const tee: DisplayProduct = {
  id: 'p-tee',
  name: 'Plain Tee',
  price: 499,
  description: 'A tee.',
  image: '/images/tee.svg',
  images: ['/images/tee.svg'],
  category: 't shirts',
  parentCategory: '',
  featured: false,
  attributes: [],
};

export const kurtaLine: CartLine = {
  id: kurta.id,
  name: kurta.name,
  image: kurta.image,
  price: kurta.price,
  quantity: 1,
  selectedSize: 'M',
  selectedColor: 'Indigo',
};

export const teeLine: CartLine = {
  id: tee.id,
  name: tee.name,
  image: tee.image,
  price: tee.price,
  quantity: 2,
};

/** One Plain Tee as a product card adds it: no size or colour chosen yet, the ones it offers kept. */
export const teeToChoose: CartLine = {
  ...teeLine,
  quantity: 1,
  sizeOptions: ['S', 'M', 'L'],
  colorOptions: ['White', 'Black'],
};

/** How an order to 14 MG Road, Bengaluru shows before it ships: Standard Shipping, 'Not available' tracking. */
export const untrackedShipping: DisplayOrder['shipping'] = {
  address: '14 MG Road, Bengaluru, Karnataka, 560038',
  method: 'Standard Shipping',
  tracking: 'Not available',
  trackingUrl: null,
  carrier: null,
};

export const order: DisplayOrder = {
  id: 'SF-TEST0001',
  date: '2026-11-01T10:00:00.000Z',
  status: 0,
  statusLabel: 'Pending',
  statusColor: 'yellow',
  items: [
    { id: 'i1', name: 'Plain Tee', quantity: 2, price: 499, variant: 'Colour: White · Size: M', image: '' },
  ],
  shipping: untrackedShipping,
  total: 998,
  canPay: true,
  payBy: '2026-11-01T10:30:00.000Z',
  canCancel: true,
  timeline: [],
};

export const shipping = {
  fullName: 'Asha Verma',
  address: '14 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+919876543210',
};

export const paymentFields: PaymentField[] = [
  {
    name: 'payerName',
    label: 'Name',
    type: 'text',
    rules: { required: true },
    rulesMessages: ['Name is required'],
  },
  { name: 'email', label: 'Email', type: 'email', rules: { required: true } },
  { name: 'phone', label: 'Phone', type: 'tel', rules: { required: true } },
  { name: 'gstin', label: 'GSTIN', type: 'text', showWhenFilled: ['company'] },
];

/** The gateway's method choice (§3): a select of the sandbox's methods, UPI QR code by default. */
export const methodField: PaymentField = {
  name: 'method',
  label: 'Pay with',
  type: 'select',
  options: [
    { label: 'UPI app', value: 'upi_intent' },
    { label: 'UPI QR code', value: 'upi_qr' },
    { label: 'Card / net banking', value: 'card' },
  ],
  defaultValue: 'upi_qr',
};

/** The toast a machine emits, spelled out in full: what the shopper reads, and in which style. */
export const toast = (title: string, description: string | undefined, variant: ToastVariant) => ({
  type: 'toast',
  title,
  description,
  variant,
});

export const serverError = (message: string, status = 500) =>
  new RequestError(message, { status, serverMessage: message });
/** A 400 about one form field, as `call` throws for `{ error, field }`. */
export const fieldError = (message: string, field: string) =>
  new RequestError(message, { status: 400, serverMessage: message, field });
/**
 * POST /orders's 409 for the kurta and two tees: the kurta's M in Indigo is sold out, one tee is left
 * (as `createOrder` throws it from the answer's `shortages`).
 */
export const shortageError = () =>
  new StockShortageError('Only 1 left of "Plain Tee"', [
    {
      productId: 'p-kurta',
      title: 'Indigo Block-Print Kurta',
      size: 'M',
      color: 'Indigo',
      requested: 1,
      left: 0,
    },
    { productId: 'p-tee', title: 'Plain Tee', size: null, color: null, requested: 2, left: 1 },
  ]);
export const noResponse = () =>
  new RequestError('No response from server. Please try again later.', { noResponse: true });

/** A saved address of the shopper's address book (GET /addresses), in Delhi (another state than `shipping`). */
export const savedDelhi = {
  id: 'a1',
  fullName: 'Meera Iyer',
  address: '12 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
  phone: '+919876543210',
};
