import type { PaymentField } from '../../../../shared/payment-fields';
import { methodField } from '../../../machines/support/fixtures';

/** One field of every §3 type, with inline, mask, defaultValue, rules, rulesMessages, showWhenFilled. */
export const PAYMENT_FIELDS: PaymentField[] = [
  {
    name: 'payerName',
    label: 'Name',
    type: 'text',
    description: 'As on your bank account or card',
    rules: { required: true, minLength: 2, maxLength: 100 },
    rulesMessages: ['Please enter your name'],
  },
  { name: 'email', label: 'Email', type: 'email', rules: { required: true } },
  {
    name: 'phone',
    label: 'Mobile number',
    type: 'tel',
    rules: { required: true, minLength: 13, maxLength: 13, pattern: '^\\+91[0-9]{10}$' },
  },
  { ...methodField, rules: { required: true } },
  { name: 'businessName', label: 'Business name', type: 'text', inline: true, rules: { required: false } },
  {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    inline: true,
    showWhenFilled: ['businessName'],
    rules: { required: true, minLength: 15, maxLength: 15 },
    rulesMessages: ['Please enter the GSTIN for the invoice'],
  },
  { name: 'cardNumber', label: 'Card number', type: 'text', mask: '9999 9999 9999 9999' },
  { name: 'upiPin', label: 'Test PIN', type: 'password' },
  { name: 'tip', label: 'Tip for the courier', type: 'number' },
  { name: 'note', label: 'Delivery note', type: 'textarea', defaultValue: 'Leave at the door' },
  { name: 'whatsapp', label: 'Send updates on WhatsApp', type: 'checkbox', defaultValue: true },
];
