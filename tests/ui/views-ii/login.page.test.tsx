import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, heldAnswer } from '../../setup/app-harness';
import { expectNoSeriousAxeViolations, findToast, json, renderApp } from './support/app';

/** Types `email` and `password` and presses Sign In. */
async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** /login as a visitor (no sign-in kept), with `api` answering the page's requests. */
const openLogin = (api: Record<string, Handler> = {}) => renderApp({ path: '/login', token: null, api });

describe('/login', () => {
  it('shows the §5 messages on blur when the email and password are invalid', async () => {
    const { user } = openLogin();
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // Ark's Field links the message with aria-errormessage and announces it through aria-live.
    const message = screen.getByText('Invalid email address');
    expect(email).toHaveAttribute('aria-errormessage', message.id);
    expect(message).toHaveAttribute('aria-live', 'polite');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, '123');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('sends nothing when submitted empty', async () => {
    const { user, calls } = openLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/users/authorize')).toHaveLength(0);
  });

  it('signs in, toasts and returns to the remembered origin when the credentials are accepted', async () => {
    const held = heldAnswer();
    const { user, calls, location, token } = renderApp({
      path: '/login',
      state: { from: '/orders?payment=failed' },
      token: null,
      api: {
        'POST /users/authorize': held.hold(() => json({ token: 'tok-1' })),
        'GET /orders': () => json([]),
      },
    });
    // Ticked from the start: the spec's 30-day sign-in cookie.
    expect(await screen.findByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await signIn(user, '  Asha@Example.com ', 'secret1');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    held.release();
    await findToast('Success!');
    expect(screen.getByText('Logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/orders?payment=failed'));
    expect(token()).toBe('tok-1');
    expect(calls.find((c) => c.path === '/users/authorize')?.body).toEqual({
      email: 'Asha@Example.com',
      password: 'secret1',
    });
  });

  it('goes home after signing in when no origin was remembered', async () => {
    const { user, location } = openLogin({
      'POST /users/authorize': () => json({ token: 'tok-1' }),
      'GET /products': () => json({ data: [], count: 0 }),
    });
    await signIn(user, 'asha@example.com', 'secret1');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("shows the server's error in an Error toast when the credentials are refused", async () => {
    const { user, location } = openLogin({
      'POST /users/authorize': () => json({ error: 'Invalid email or password' }, 401),
    });
    await signIn(user, 'asha@example.com', 'wrong-one');
    await findToast('Error');
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = openLogin();
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(
      screen.getByRole('button', { name: /show password|toggle password|password visibility/i }),
    );
    expect(password).toHaveAttribute('type', 'text');
  });

  it('links to register, forgot password, terms, privacy and home', async () => {
    openLogin();
    await screen.findByRole('heading', { level: 1 });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/register', '/forgot-password', '/terms', '/privacy', '/'])
      expect(hrefs).toContain(href);
  });

  it('has no serious or critical axe violations', async () => {
    openLogin();
    await screen.findByRole('heading', { level: 1 });
    await expectNoSeriousAxeViolations();
  });
});
