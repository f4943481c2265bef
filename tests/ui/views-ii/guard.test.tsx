import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findHeading, json, renderApp } from './support/app';

describe('login-required routes', () => {
  it.each(['/account', '/checkout', '/orders', '/payment?orderId=SF-1'])(
    'redirects a visitor from %s to /login remembering the path',
    async (path) => {
      const { router, location } = renderApp({ path, token: null });
      await findHeading('Sign in to your account');
      expect(location()).toBe('/login');
      expect(router.state.location.state).toEqual({ from: path });
    },
  );

  it('returns to the original path with its query after signing in', async () => {
    const { user, location } = renderApp({
      path: '/orders?payment=failed',
      token: null,
      api: { 'POST /users/authorize': () => json({ token: 'tok' }), 'GET /orders': () => json([]) },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/orders?payment=failed'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  });

  it('signs the shopper out and sends them to /login when a call answers 401', async () => {
    const { location, token } = renderApp({
      path: '/orders',
      token: 'expired',
      api: { 'GET /orders': () => json({ error: 'Unauthorized' }, 401) },
    });
    await findHeading('Sign in to your account');
    expect(location()).toBe('/login');
    expect(token()).toBeNull();
  });
});
