import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { expectNoSeriousAxeViolations, findHeading, renderApp, STORE } from '../../setup/app-harness';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('top navigation', () => {
  it('shows the store name and the first 3 categories as lowercased product links', async () => {
    renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const nav = mainNav();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'T Shirts' })).toBeInTheDocument());
    expect(within(nav).getByRole('link', { name: 'T Shirts' })).toHaveAttribute(
      'href',
      '/products?category=t%20shirts',
    );
    expect(within(nav).getByRole('link', { name: 'Tops' })).toHaveAttribute(
      'href',
      '/products?category=tops',
    );
    expect(within(nav).getByRole('link', { name: 'Men' })).toHaveAttribute('href', '/products?category=men');
    expect(within(nav).queryByRole('link', { name: 'Women' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
    expect(screen.getAllByRole('link', { name: /Rangrez/ })[0]).toHaveAttribute('href', '/');
  });

  it('falls back to the company name when the store name is blank', async () => {
    renderApp({ path: '/404', store: { ...STORE, storeName: '' } });
    await waitFor(() => expect(document.title).toBe('Rangrez Textiles Pvt. Ltd.'));
    expect(screen.getAllByText('Rangrez Textiles Pvt. Ltd.').length).toBeGreaterThan(0);
  });

  it('falls back to the default brand and categories when store information fails', async () => {
    renderApp({ path: '/404', store: null });
    await findHeading('Oops! Page not found');
    expect(document.title).toBe('Statefront');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'men' })).toHaveAttribute('href', '/products?category=men');
    expect(within(nav).getByRole('link', { name: 'women' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'accessories' })).toBeInTheDocument();
  });

  it('shows the cart item count (sum of quantities) on the cart link', async () => {
    renderApp({
      path: '/404',
      cart: [
        { id: 'a', name: 'A', image: '', price: 100, quantity: 2 },
        { id: 'b', name: 'B', image: '', price: 50, quantity: 3, selectedSize: 'M' },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
  });

  it('shows a Login button to visitors and an account icon to signed-in shoppers', async () => {
    const visitor = renderApp({ path: '/404', token: null });
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(
      within(mainNav().parentElement as HTMLElement).queryByRole('link', { name: 'My Account' }),
    ).toBeNull();
    visitor.unmount();

    renderApp({ path: '/404', token: 'tok' });
    await findHeading('Oops! Page not found');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('opens the mobile menu as a dialog with the navigation links', async () => {
    const { user } = renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('changes the bar style after scrolling more than 20 px', async () => {
    renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const header = screen.getByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');
    Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled'));
    Object.defineProperty(window, 'scrollY', { value: 20, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(header).not.toHaveAttribute('data-scrolled'));
  });
});

describe('footer and tab bar', () => {
  it('links the help pages and company pages and shows the static shop texts', async () => {
    renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const href of ['/terms', '/privacy', '/refund', '/return', '/shipping', '/about', '/contact']) {
      expect(hrefs).toContain(href);
    }
    for (const href of ['/account', '/orders', '/track-order']) expect(hrefs).toContain(href);
    // The Shop items link to their categories.
    for (const [text, href] of [
      ['T-Shirts', '/products?category=t%20shirts'],
      ['Trendy Tops', '/products?category=tops'],
      ['Designer Wear', '/products?category=women'],
    ]) {
      expect(within(footer).getByRole('link', { name: text })).toHaveAttribute('href', href);
    }
    expect(within(footer).getByText(STORE.companyAddress)).toBeInTheDocument();
  });

  it('ends the copyright line with a single full stop when the company name ends with one', async () => {
    renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const footer = screen.getByRole('contentinfo');
    // STORE.companyName is 'Rangrez Textiles Pvt. Ltd.'
    expect(within(footer).getByText(/All rights reserved\.$/).textContent).toMatch(
      /^© \d{4} Rangrez Textiles Pvt\. Ltd\. All rights reserved\.$/,
    );
  });

  it('has a bottom tab bar with Home, Category, My Account and Cart', async () => {
    renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const tabs = screen.getByRole('navigation', { name: 'Tab bar' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(tabs).getByRole('link', { name: 'Category' })).toHaveAttribute('href', '/products');
    expect(within(tabs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(within(tabs).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
  });
});

describe('routes', () => {
  it('shows the 404 page with Return to Home for an unknown path', async () => {
    renderApp({ path: '/no/such/page' });
    await findHeading('Oops! Page not found');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expectNoSeriousAxeViolations();
  });

  it.each(['login-x', 'product', 'nonsense'])('redirects /%s to /404', async (slug) => {
    const { location } = renderApp({ path: `/${slug}` });
    // The 404 page at once (the server renders it there too), then the address moves to /404.
    await findHeading('Oops! Page not found');
    await waitFor(() => expect(location()).toBe('/404'));
  });

  it('titles the document with the store name', async () => {
    renderApp({ path: '/404' });
    await waitFor(() => expect(document.title).toBe('Rangrez'));
  });

  it("leaves a page's own load where the browser placed it: no scroll on the first render", async () => {
    // A server-rendered page may be scrolled before it hydrates; jumping it to the top would lose the place.
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[][] }; mockClear: () => void };
    scrollTo.mockClear();
    renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    expect(scrollTo.mock.calls).toEqual([]);
  });

  it('scrolls to the top on every route change', async () => {
    const { router } = renderApp({ path: '/404' });
    await findHeading('Oops! Page not found');
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[][] }; mockClear: () => void };
    scrollTo.mockClear();
    await router.navigate('/contact');
    await findHeading('Contact Us');
    expect(scrollTo.mock.calls.at(-1)?.[0]).toMatchObject({ top: 0 });
  });
});

describe('login-required group', () => {
  it('redirects a visitor to /login remembering the path and query', async () => {
    const { location, router } = renderApp({ path: '/orders?page=2', token: null });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/orders?page=2' });
  });

  it('renders nothing of the guarded screen while the token is being read', async () => {
    const { location } = renderApp({
      path: '/account',
      token: 'tok',
      adjust: (m) => ({
        ...m,
        // The token read never finishes: the auth machine stays in 'checking'.
        auth: m.auth.provide({
          actors: { readToken: fromPromise<string | null>(() => new Promise(() => {})) },
        }),
      }),
    });
    // The layout is up (store name in the footer) but the guarded screen is not, and no redirect.
    expect(await within(await screen.findByRole('contentinfo')).findByText('Rangrez')).toBeInTheDocument();
    expect(location()).toBe('/account');
    expect(within(screen.getByRole('main')).queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
