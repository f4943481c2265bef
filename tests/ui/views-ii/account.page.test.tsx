import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FALLBACK } from '../../../src/features/accounts/account.page';
import { expectNoSeriousAxeViolations, failsOnce, findToast, json, renderApp } from './support/app';
import { SAVED_ADDRESS } from './support/orders';

const ACCOUNT = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  createdAt: '2025-04-18T10:30:00Z',
};

describe('/account', () => {
  it('shows name, email and an en-US long member-since date when the account loads', async () => {
    renderApp({ path: '/account', api: { 'GET /accountInfo': () => json(ACCOUNT) } });
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('April 18, 2025')).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(main.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('reads an answer wrapped in data', async () => {
    renderApp({ path: '/account', api: { 'GET /accountInfo': () => json({ data: ACCOUNT }) } });
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
  });

  it('shows the loading text and skeletons, never made-up details, while the account is loading', async () => {
    renderApp({ path: '/account', api: { 'GET /accountInfo': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByText('Loading account information...')).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_FALLBACK.name)).not.toBeInTheDocument();
    expect(screen.queryByText('customer@example.com')).not.toBeInTheDocument();
    expect(screen.queryByText('April 18, 2025')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Profile' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the §8 error with the status, a toast and Try Again, without made-up details', async () => {
    renderApp({ path: '/account', api: { 'GET /accountInfo': () => json({ error: 'boom' }, 500) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load account information (Status: 500)',
    );
    await findToast('Error');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_FALLBACK.name)).not.toBeInTheDocument();
    expect(screen.queryByText('customer@example.com')).not.toBeInTheDocument();
    expect(screen.queryByText('April 18, 2025')).not.toBeInTheDocument();
  });

  it('loads again when Try Again is pressed after a failure', async () => {
    const { user } = renderApp({
      path: '/account',
      api: { 'GET /accountInfo': failsOnce(ACCOUNT) },
    });
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs out with the Logged out toast and goes home when Sign Out is pressed', async () => {
    const { user, location, token } = renderApp({
      path: '/account',
      api: { 'GET /accountInfo': () => json(ACCOUNT), 'GET /products': () => json({ data: [], count: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await findToast('Logged out');
    await waitFor(() => expect(location()).toBe('/'));
    expect(token()).toBeNull();
  });

  it('has no serious or critical axe violations', async () => {
    renderApp({ path: '/account', api: { 'GET /accountInfo': () => json(ACCOUNT) } });
    await screen.findByText('Asha Verma');
    await expectNoSeriousAxeViolations();
  });
});

describe('/account saved addresses', () => {
  const SAVED = SAVED_ADDRESS;

  it('lists the saved addresses and deletes one with Delete', async () => {
    const { user, calls } = renderApp({
      path: '/account',
      api: {
        'GET /accountInfo': () => json(ACCOUNT),
        'GET /addresses': () => json({ items: [SAVED] }),
        'DELETE /addresses/:id': () => json({ items: [] }),
      },
    });
    const remove = await screen.findByRole('button', {
      name: 'Delete Meera Iyer, 12 Janpath, New Delhi, Delhi 110001',
    });
    expect(screen.getByText('12 Janpath')).toBeInTheDocument();
    await user.click(remove);
    expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/addresses/a1')).toBe(true);
  });

  it('keeps the address and says so when the delete fails', async () => {
    const { user } = renderApp({
      path: '/account',
      api: {
        'GET /accountInfo': () => json(ACCOUNT),
        'GET /addresses': () => json({ items: [SAVED] }),
        'DELETE /addresses/:id': () => json({ error: 'down' }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Delete Meera Iyer/ }));
    expect(
      await screen.findByText('The address could not be deleted. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('12 Janpath')).toBeInTheDocument();
  });
});
