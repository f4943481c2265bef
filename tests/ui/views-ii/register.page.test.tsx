import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_FAILED_ALERT } from '../../../src/features/accounts/register.page';
import { type Handler, heldAnswer } from '../../setup/app-harness';
import { expectNoSeriousAxeViolations, findToast, json, renderApp } from './support/app';

async function fill(user: ReturnType<typeof renderApp>['user'], values: Record<string, string>) {
  const labels: Record<string, RegExp> = {
    firstName: /^First name/,
    lastName: /^Last name/,
    email: /^Email/,
    password: /^Password/,
    confirmPassword: /^Confirm password/,
  };
  for (const [name, value] of Object.entries(values)) {
    const label = labels[name];
    if (!label) throw new Error(name);
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

/** Fills the form for Asha Verma with `email` and `password` (confirmed) and presses Create Account. */
async function registerAs(user: ReturnType<typeof renderApp>['user'], email: string, password = 'secret1') {
  await fill(user, { firstName: 'Asha', lastName: 'Verma', email, password, confirmPassword: password });
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** /register as a visitor (no sign-in kept), with `api` answering the page's requests. */
const openRegister = (api: Record<string, Handler> = {}) =>
  renderApp({ path: '/register', token: null, api });

describe('/register', () => {
  it('shows every §5 registration message when submitted with short or invalid values', async () => {
    const { user, calls } = openRegister();
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(user, { firstName: 'A', lastName: 'B', email: 'asha@', password: '123', confirmPassword: '' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/register')).toBe(false);
  });

  it('toasts Invalid Email as well as the inline message when the email fails the simple pattern', async () => {
    const { user, calls } = openRegister();
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await registerAs(user, 'asha@example', 'saree-sunday-42');
    await findToast('Invalid Email', 'Please enter a valid email address.');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/register')).toBe(false);
  });

  it('shows the mismatch on confirmPassword when the passwords differ', async () => {
    const { user } = openRegister();
    await screen.findByRole('heading', { level: 1 });
    await fill(user, { password: 'secret1', confirmPassword: 'secret2' });
    await user.tab();
    const confirm = screen.getByLabelText(/^Confirm password/);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm.getAttribute('aria-describedby')?.split(' ')).toContain(
      screen.getByText('Passwords do not match').id,
    );
  });

  it('recommends a common email provider', async () => {
    openRegister();
    expect(await screen.findByText(/gmail\.com or outlook\.com/)).toBeInTheDocument();
  });

  it('registers with a trimmed, lowercased email, toasts and goes home without signing in', async () => {
    const held = heldAnswer();
    const { user, calls, location, token } = openRegister({
      'POST /users/register': held.hold(() => json({ id: 'u1', email: 'asha@gmail.com' }, 201)),
      'GET /products': () => json({ data: [], count: 0 }),
    });
    await screen.findByRole('heading', { level: 1 });
    await registerAs(user, '  Asha@Gmail.COM ');
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    held.release();
    await findToast('Success!');
    expect(screen.getByText('Account created successfully. You can now log in.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(token()).toBeNull();
    expect(calls.find((c) => c.path === '/users/register')?.body).toEqual({
      email: 'asha@gmail.com',
      password: 'secret1',
      firstName: 'Asha',
      lastName: 'Verma',
    });
  });

  it('shows the provider alert and the Registration Error toast when registration fails', async () => {
    const { user, location } = openRegister({
      'POST /users/register': () => json({ error: 'Email already registered' }, 409),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await registerAs(user, 'asha@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTRATION_FAILED_ALERT);
    expect(REGISTRATION_FAILED_ALERT).toBe(
      'Registration failed. Please try using a different email provider (like gmail.com or outlook.com).',
    );
    await findToast('Registration Error');
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
    expect(location()).toBe('/register');
  });

  it('links to login, terms, privacy and home', async () => {
    openRegister();
    await screen.findByRole('heading', { level: 1 });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/login', '/terms', '/privacy', '/']) expect(hrefs).toContain(href);
  });

  it('has no serious or critical axe violations with errors showing', async () => {
    const { user } = openRegister();
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    await screen.findByText('First name must be at least 2 characters');
    await expectNoSeriousAxeViolations();
  });
});
