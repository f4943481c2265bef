import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../setup/app-harness';
import { expectNoSeriousAxeViolations, findHeading, findToast, json } from './support/app';

describe('/forgot-password and /reset-password', () => {
  it('is where Forgot password? leads: sends the email and shows the server’s answer', async () => {
    const { user, calls } = renderApp({
      path: '/forgot-password',
      api: {
        'POST /users/password-reset': () => json({ message: 'If an account exists, we sent a link.' }, 202),
      },
    });
    await findHeading('Reset your password');
    await user.type(screen.getByLabelText(/^Email/), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists, we sent a link.');
    expect(calls.find((c) => c.path === '/users/password-reset')?.body).toEqual({ email: 'asha@example.in' });
    await expectNoSeriousAxeViolations();
  });

  it('sets the new password with the token and goes to sign in', async () => {
    const { user, calls, location } = renderApp({
      path: '/reset-password?token=abc',
      api: { 'POST /users/password-reset/confirm': () => json({ message: 'Your password has been reset.' }) },
    });
    await findHeading('Choose a new password');
    await user.type(screen.getByLabelText(/^New password/), 'new-secret-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'different-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-secret-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await findToast('Password reset');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.find((c) => c.path === '/users/password-reset/confirm')?.body).toEqual({
      token: 'abc',
      password: 'new-secret-42',
    });
  }, 20_000);

  it('shows the server’s reason when the link has expired', async () => {
    const { user } = renderApp({
      path: '/reset-password?token=old',
      api: {
        'POST /users/password-reset/confirm': () =>
          json(
            { error: 'This password reset link is invalid or has expired. Please request a new one.' },
            400,
          ),
      },
    });
    await findHeading('Choose a new password');
    await user.type(screen.getByLabelText(/^New password/), 'new-secret-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-secret-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
  }, 20_000);
});
