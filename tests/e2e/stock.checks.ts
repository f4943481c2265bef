/**
 * Stock per size and colour in the browser (docs/stock.md, docs/storefront.md): a size sold out in every
 * colour is a disabled "Sold out" chip on the product page and a low one says "Only 3 left"; the cart
 * says "Only 1 left" on a line asking for more; and the checkout's 409 lists the short line, "Adjust my
 * bag" fits the cart and Place Order then places the order. Counts are set as an operator sets them,
 * through the signed `PUT /api/v1/fulfilment/stock`. The two widths run at once against one server, so
 * each takes a product of its own.
 */

import type { Page } from 'playwright-core';
import { sign } from '../../scripts/operator-api';
import { at, type Check, h1, open, registerShopper, text } from './checks';
import { shot } from './payments.checks';
import { E2E_FULFILMENT_SECRET } from './shop';

type ApiProduct = {
  id: string;
  title: string;
  regularPrice: number;
  discountedPrice: number | null;
  attributes: { key: string; values: string[] }[];
};
type Variant = { productId: string; size: string | null; color: string | null; units: number };

/** A product sold in at least two sizes and a colour: the first such for 1280 px, the second for 375 px. */
async function productWithSizes(page: Page) {
  const list = await page.request.get(at(page, '/api/v1/products?limit=50'));
  const products = ((await list.json()) as { data: ApiProduct[] }).data;
  const valuesOf = (p: ApiProduct, key: string) => p.attributes.find((a) => a.key === key)?.values ?? [];
  const sized = products.filter((p) => valuesOf(p, 'size').length >= 2 && valuesOf(p, 'color').length >= 1);
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  const product = sized[mobile ? 1 : 0];
  if (!product) throw new Error('no product sold in two sizes and a colour');
  return { product, sizes: valuesOf(product, 'size'), colors: valuesOf(product, 'color') };
}

/** Sets units as `npm run stock` does: the signed PUT /fulfilment/stock (absolute counts). */
async function setStock(page: Page, items: Variant[]) {
  const body = JSON.stringify({ items });
  const answer = await page.request.put(at(page, '/api/v1/fulfilment/stock'), {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-statefront-signature': sign(E2E_FULFILMENT_SECRET, body),
    },
  });
  if (answer.status() !== 200) throw new Error(`PUT /fulfilment/stock answered ${answer.status()}`);
}

/**
 * Runs `work` and then puts the product's counts back as they were, so the checks after these (the
 * purchase journey, the other routes) find the demo catalogue's stock, not a sold-out size.
 */
async function keepingStock(page: Page, productId: string, work: () => Promise<void>) {
  const before = await page.request.get(at(page, `/api/v1/stock?products=${productId}`));
  const { items } = (await before.json()) as {
    items: { size: string | null; color: string | null; left: number }[];
  };
  try {
    await work();
  } finally {
    await setStock(
      page,
      items.map(({ size, color, left }) => ({ productId, size, color, units: left })),
    );
  }
}

/** Every size and colour of the product at `units`, but for the counts given. */
function counts(
  productId: string,
  sizes: string[],
  colors: string[],
  units: (size: string, color: string) => number,
): Variant[] {
  return sizes.flatMap((size) =>
    colors.map((color) => ({ productId, size, color, units: units(size, color) })),
  );
}

const chip = (page: Page, name: string) => page.getByRole('main').getByRole('radio', { name, exact: true });

/** A chip's pill (the radio input itself is visually hidden), as a shopper taps it. */
const pill = (page: Page, group: 'size' | 'color', value: string) =>
  page.getByRole('main').locator('[data-scope=radio-group][data-part=item]', {
    has: page.locator(`input[name="${group}"][value="${value}"]`),
  });

async function signIn(page: Page) {
  const { email, password } = await registerShopper(page, 'stock');
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
}

export const STOCK_CHECKS: Check[] = [
  {
    name: 'stock-sold-out-chip',
    path: '/',
    expect: async (page) => {
      const { product, sizes, colors } = await productWithSizes(page);
      await keepingStock(page, product.id, async () => {
        const [gone, low] = sizes as [string, string];
        const [first] = colors as [string];
        await setStock(
          page,
          counts(product.id, sizes, colors, (size, color) =>
            size === gone ? 0 : size === low && color === first ? 3 : 40,
          ),
        );
        await open(page, `/product/${product.id}`);
        await h1(page, product.title);
        // Sold out in every colour: there, disabled, and said so in its name.
        const soldOut = chip(page, `${gone} Sold out`);
        await soldOut.waitFor({ state: 'attached', timeout: 10_000 });
        if (!(await soldOut.isDisabled())) throw new Error(`the ${gone} chip can be picked`);
        await pill(page, 'size', gone).click({ force: true });
        if (await soldOut.isChecked()) throw new Error(`a tap picked the sold-out ${gone}`);
        await pill(page, 'size', low).click();
        await pill(page, 'color', first).click();
        await chip(page, `${low} Only 3 left`).waitFor({ state: 'attached', timeout: 10_000 });
        if (!(await chip(page, `${low} Only 3 left`).isChecked())) throw new Error(`${low} is not picked`);
        const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();
        if (await add.isDisabled()) throw new Error('Add to Cart is disabled for a size with 3 left');
        await pill(page, 'size', low).scrollIntoViewIfNeeded();
        await shot(page, 'stock-product');
      });
    },
  },
  {
    name: 'stock-checkout-409',
    path: '/',
    // The browser logs the 409 the check provokes on purpose.
    allowConsole: /the server responded with a status of 409/,
    expect: async (page) => {
      const { product, sizes, colors } = await productWithSizes(page);
      await keepingStock(page, product.id, async () => {
        const size = sizes[1] as string;
        const color = colors[0] as string;
        await signIn(page);
        // Three in the bag; then someone else's order leaves one.
        await setStock(
          page,
          counts(product.id, sizes, colors, () => 40),
        );
        const line = {
          id: product.id,
          name: product.title,
          image: '',
          price: product.discountedPrice ?? product.regularPrice,
          quantity: 3,
          selectedSize: size,
          selectedColor: color,
        };
        await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([line]));
        await setStock(page, [{ productId: product.id, size, color, units: 1 }]);

        // The cart says so on the line, and still lets the shopper go on.
        await open(page, '/cart');
        await h1(page, 'Shopping Cart');
        await text(page, 'Only 1 left');
        await page.getByRole('button', { name: `Keep 1 of ${product.title}` }).waitFor();
        await shot(page, 'stock-cart');

        await open(page, '/checkout');
        await h1(page, 'Checkout');
        await page
          .getByText('Looking for your saved addresses…')
          .waitFor({ state: 'hidden', timeout: 15_000 });
        await page.getByLabel('Full name').fill('Asha Verma');
        await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12, 3rd Cross, Indiranagar');
        await page.getByLabel('PIN code').fill('560038');
        await text(page, 'Bangalore, Karnataka');
        await page.getByLabel('City').fill('Bengaluru');
        await page.getByLabel('Phone').fill('98765 43210');
        await page.getByRole('button', { name: 'Place Order', exact: true }).click();

        // 409: the short line, what is left, and Place Order waits for the bag to be adjusted.
        const shortage = page
          .getByRole('alert')
          .filter({ hasText: 'Some items are no longer available in full' });
        await shortage.waitFor({ timeout: 15_000 });
        await shortage.getByText(`${product.title} · ${size} · ${color}:`).waitFor();
        await shortage.getByText('Only 1 left', { exact: true }).waitFor();
        if (!(await page.getByRole('button', { name: 'Place Order', exact: true }).isDisabled()))
          throw new Error('Place Order is enabled beside the short line');
        await shortage.scrollIntoViewIfNeeded();
        await shot(page, 'stock-checkout-shortage');

        await shortage.getByRole('button', { name: 'Adjust my bag' }).click();
        await shortage.waitFor({ state: 'detached', timeout: 10_000 });
        if ((await page.getByLabel('Full name').inputValue()) !== 'Asha Verma')
          throw new Error('the form lost what was typed');
        const placeOrder = page.getByRole('button', { name: 'Place Order', exact: true });
        await placeOrder.click();
        await page.waitForURL((u) => u.pathname === '/payment' && u.searchParams.has('orderId'), {
          timeout: 30_000,
        });
        // The order took the one left.
        const left = await page.request.get(at(page, `/api/v1/stock?products=${product.id}`));
        const { items } = (await left.json()) as {
          items: { size: string | null; color: string | null; left: number }[];
        };
        const row = items.find((i) => i.size === size && i.color === color);
        if (row?.left !== 0) throw new Error(`${row?.left} left after the order, not 0`);
      });
    },
  },
];
