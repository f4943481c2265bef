/**
 * Stored text holds no control characters (server/plugins/request-validation.ts): what shoppers type
 * reaches operators' terminals (npm run orders) and couriers' tools. A field refuses C0/C1 controls
 * with a 400 naming it, except the newlines and tabs a multi-line field (`x-multiline` in
 * openapi.yaml: a contact message, a fulfilment note) may hold.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING } from './fixtures';
import { API, bearer, setupShopper, setupTestApp } from './helpers';

const t = setupTestApp();
const shopper = setupShopper(t);

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

const contact = { name: 'Asha', email: 'asha@example.in', subject: 'Sizes', message: 'Hello' };

describe('stored text refuses control characters', () => {
  it.each([
    ['fullName', 'Asha\u001b[2K\r\u001b[1A\u001b[2K'],
    ['address', '14 MG Road\nSF-FORGED  Delivered'],
    ['city', 'Bengaluru\u009b2K'],
    ['state', 'Karnataka\u0007'],
  ])('an order whose shippingAddress.%s holds one: 400 naming the field', async (field, value) => {
    const page = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
    const [product] = page.json<{ data: { id: string }[] }>().data;
    const answer = await post(
      '/orders',
      { products: { [product?.id ?? '']: 1 }, shippingAddress: { ...DEFAULT_SHIPPING, [field]: value } },
      shopper.token,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: `shippingAddress.${field} must not contain control characters` });
  });

  it('a saved address, a registration and a contact subject: 400 naming the field', async () => {
    const saved = await post(
      '/addresses',
      { ...DEFAULT_SHIPPING, fullName: 'Asha\u001b]8;;x\u0007' },
      shopper.token,
    );
    expect(saved.json()).toEqual({ error: 'fullName must not contain control characters' });
    const registered = await post('/users/register', {
      email: 'ctl@example.in',
      password: 'saree-sunday-42',
      firstName: 'As\rha',
      lastName: 'Verma',
    });
    expect(registered.json()).toEqual({ error: 'firstName must not contain control characters' });
    const subject = await post('/contact', { ...contact, subject: 'Sizes\nBcc: all' });
    expect(subject.statusCode).toBe(400);
    expect(subject.json()).toEqual({ error: 'subject must not contain control characters' });
  });

  it('forgives line breaks and tabs around a one-line value (trimmed, as a paste leaves them)', async () => {
    const pasted = await post('/contact', { ...contact, subject: '\tSizes\r\n' });
    expect(pasted.statusCode).toBe(202);
  });

  it('a contact message keeps its lines and tabs, but not an escape', async () => {
    const lines = await post('/contact', { ...contact, message: 'Hello,\r\n\tsize M please.\nThanks' });
    expect(lines.statusCode).toBe(202);
    const erase = await post('/contact', { ...contact, message: 'Hello\u001b[2J' });
    expect(erase.json()).toEqual({ error: 'message must not contain control characters' });
  });

  it('names a key holding one, and reports a NUL anywhere in the body before any control', async () => {
    const key = await post(
      '/orders',
      { products: { 'a\u001b[2Kb': 1 }, shippingAddress: DEFAULT_SHIPPING },
      shopper.token,
    );
    expect(key.json()).toEqual({ error: 'a key of products must not contain control characters' });
    // One walk finds both; the NUL (text no database stores) is the answer, wherever it is.
    for (const [subject, message] of [
      ['Sizes\u0007', 'Hello\u0000'],
      ['Sizes\u0000', 'Hello\u0007'],
    ])
      expect((await post('/contact', { ...contact, subject, message })).json()).toEqual({
        error: 'Text must not contain NUL characters',
      });
  });
});
