import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type ApiCall,
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  json,
  productPage,
  renderApp,
} from '../../setup/app-harness';

const kurta = apiProduct({ id: 'p-kurta', title: 'Indigo Block-Print Kurta', regularPrice: 1899 });
const kurtaSet = apiProduct({ id: 'p-set', title: 'Kurta Pyjama Set', regularPrice: 2499 });

const facets = {
  sizes: [
    { value: 'S', count: 4 },
    { value: 'M', count: 9 },
    { value: 'XXL', count: 0 },
  ],
  colors: [{ value: 'Indigo', count: 6 }],
  price: { min: 499, max: 2999 },
  onSale: 3,
};

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/products' && c.query.get('facets') === 'true');

/** The list answers with the kurtas and facet counts; a short suggestions call answers the kurtas. */
const api = {
  'GET /products': (call: ApiCall) =>
    json({ ...productPage(call.query.get('q') === 'zzz' ? [] : [kurta, kurtaSet]), facets }),
};

describe('search box', () => {
  it('suggests as the shopper types, with the matches marked, and Enter on a highlighted one opens it', async () => {
    const { user, calls, location } = renderApp({ path: '/', api });
    const combobox = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(combobox, 'kur');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(within(options[0] as HTMLElement).getByText('Kur').tagName).toBe('MARK');
    // One request, for the text once typing paused, not one per keystroke.
    const suggestionCalls = calls.filter((c) => c.path === '/products' && c.query.get('limit') === '6');
    expect(suggestionCalls.map((c) => c.query.get('q'))).toEqual(['kur']);
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/product/p-kurta'));
  });

  it('Escape closes the suggestions and Enter on the text opens the results page', async () => {
    const { user, location } = renderApp({ path: '/', api });
    const combobox = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(combobox, 'kurta');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/products?q=kurta'));
    await findHeading('Results for "kurta"');
  });
});

describe('search box on the results page', () => {
  it('shows the search of the page landed on and empties on a page without one', async () => {
    const { router } = renderApp({ path: '/products?q=kurta', api });
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('kurta');
    await router.navigate('/products?filter=silk%20saree');
    await waitFor(() => expect(box).toHaveValue('silk saree'));
    await router.navigate('/products?category=men');
    await waitFor(() => expect(box).toHaveValue(''));
    await router.navigate(-1);
    await waitFor(() => expect(box).toHaveValue('silk saree'));
  });

  it('keeps in step with links and Back/Forward after typing, and typing still works', async () => {
    const { user, router, location } = renderApp({ path: '/products?q=kurta', api });
    const combobox = await screen.findByRole('combobox', { name: 'Search products' });
    expect(combobox).toHaveValue('kurta');
    await user.type(combobox, ' set');
    expect(combobox).toHaveValue('kurta set');
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/products?q=kurta+set'));
    expect(combobox).toHaveValue('kurta set');
    await router.navigate('/cart');
    await waitFor(() => expect(combobox).toHaveValue(''));
    await router.navigate(-1);
    await waitFor(() => expect(combobox).toHaveValue('kurta set'));
    await router.navigate(-1);
    await waitFor(() => expect(combobox).toHaveValue('kurta'));
    await router.navigate(1);
    await waitFor(() => expect(combobox).toHaveValue('kurta set'));
  });
});

describe('results, sort and filters', () => {
  it('titles the results, counts them and marks the matches in the names', async () => {
    const { calls } = renderApp({ path: '/products?q=kurta', api });
    await findHeading('Results for "kurta"');
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Results for "kurta"' });
    expect([...list.querySelectorAll('h3 mark')].map((m) => m.textContent)).toEqual(['Kurta', 'Kurta']);
    expect(listCalls(calls)[0]?.query.get('q')).toBe('kurta');
    await expectNoSeriousAxeViolations();
  });

  it('helps when nothing matches: spelling, and links to the categories', async () => {
    renderApp({ path: '/products?q=zzz', api });
    const heading = await screen.findByRole('heading', { name: 'No results for "zzz"' });
    const help = heading.parentElement as HTMLElement;
    expect(within(help).getByText(/Check the spelling/)).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'Men' })).toHaveAttribute('href', '/products?category=men');
  });

  it('sorts through the URL: the sort is in the address and in the request', async () => {
    const { user, calls, location } = renderApp({ path: '/products?category=men', api });
    await findHeading("Men's Ethnic Wear");
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');
    await waitFor(() => expect(location()).toBe('/products?category=men&sort=price-asc'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('sort')).toBe('price-asc'));
  });

  it('ticks sizes (multi-select) with their counts, shows chips, removes one and clears all', async () => {
    const { user, calls, location } = renderApp({ path: '/products', api });
    await findHeading('All Products');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    // A size nothing would match is left out.
    expect(within(filters).getByRole('checkbox', { name: /^M/ })).toBeInTheDocument();
    expect(within(filters).queryByRole('checkbox', { name: /XXL/ })).toBeNull();
    await user.click(within(filters).getByText('M'));
    await waitFor(() => expect(location()).toBe('/products?size=M'));
    await user.click(within(filters).getByText('S'));
    await waitFor(() => expect(location()).toBe('/products?size=M%2CS'));
    expect(listCalls(calls).at(-1)?.query.get('size')).toBe('M,S');
    const chips = screen.getByRole('region', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Size M' }));
    await waitFor(() => expect(location()).toBe('/products?size=S'));
    await user.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull();
  });

  it('applies a price range and on sale from the panel', async () => {
    const { user, location } = renderApp({ path: '/products', api });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await user.type(within(filters).getByRole('spinbutton', { name: 'Minimum price' }), '500');
    await user.type(within(filters).getByRole('spinbutton', { name: 'Maximum price' }), '2000');
    await user.click(within(filters).getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(location()).toBe('/products?minPrice=500&maxPrice=2000'));
    await user.click(within(filters).getByText('On sale'));
    await waitFor(() => expect(location()).toBe('/products?minPrice=500&maxPrice=2000&onSale=true'));
    const chips = screen.getByRole('region', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter ₹500 – ₹2,000' })).toBeInTheDocument();
  });

  it('opens the filters in a drawer from the Filters button (the phone layout)', async () => {
    const { user, location } = renderApp({ path: '/products?size=M', api });
    const button = await screen.findByRole('button', { name: 'Filters (1)' });
    // Disabled until the answer brings the counts the drawer shows.
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByText('Indigo'));
    await waitFor(() => expect(location()).toBe('/products?size=M&color=Indigo'));
    await user.click(within(drawer).getByRole('button', { name: 'Show 2 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });
});
