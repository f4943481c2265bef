import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, json, renderApp } from '../../setup/app-harness';

const INVALID = 'This link is invalid. Please use the link from your email.';

describe('/newsletter/confirm', () => {
  it("confirms with the link's token on load and shows the server's message", async () => {
    const { calls } = renderApp({
      path: '/newsletter/confirm?token=abc.123',
      api: {
        'POST /newsletter/confirmations': () =>
          json({ message: 'Your subscription is confirmed. Thank you!' }),
      },
    });
    await findHeading('Subscription confirmed');
    expect(screen.getByText('Your subscription is confirmed. Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(calls.filter((c) => c.path === '/newsletter/confirmations').map((c) => c.body)).toEqual([
      { token: 'abc.123' },
    ]);
    await expectNoSeriousAxeViolations();
  });

  it("shows the server's reason when the link is refused", async () => {
    renderApp({
      path: '/newsletter/confirm?token=forged',
      api: { 'POST /newsletter/confirmations': () => json({ error: INVALID }, 400) },
    });
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
    // Trying a refused link again cannot help.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the link is invalid and calls no server when the token is missing', async () => {
    const { calls } = renderApp({ path: '/newsletter/confirm' });
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/newsletter'))).toBe(false);
    await expectNoSeriousAxeViolations();
  });

  it('offers to try again when the shop cannot be reached', async () => {
    let down = true;
    const { user } = renderApp({
      path: '/newsletter/confirm?token=abc.123',
      api: {
        'POST /newsletter/confirmations': () => {
          if (down) throw new TypeError('Failed to fetch');
          return json({ message: 'Your subscription is confirmed. Thank you!' });
        },
      },
    });
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the shop.');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findHeading('Subscription confirmed');
  });
});

describe('/newsletter/unsubscribe', () => {
  it('unsubscribes as soon as the link is opened (the one click) and says so', async () => {
    const { calls } = renderApp({
      path: '/newsletter/unsubscribe?token=abc.456',
      api: {
        'POST /newsletter/unsubscribe': () =>
          json({ message: 'You are unsubscribed and will get no more newsletters.' }),
      },
    });
    await findHeading('You are unsubscribed');
    expect(screen.getByText('You are unsubscribed and will get no more newsletters.')).toBeInTheDocument();
    const posted = calls.filter((c) => c.path === '/newsletter/unsubscribe');
    expect(posted.map((c) => c.query.get('token'))).toEqual(['abc.456']);
    await expectNoSeriousAxeViolations();
  });

  it("shows the server's reason when the link is refused", async () => {
    renderApp({
      path: '/newsletter/unsubscribe?token=forged',
      api: { 'POST /newsletter/unsubscribe': () => json({ error: INVALID }, 400) },
    });
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
  });

  it('says the link is invalid and calls no server when the token is missing', async () => {
    const { calls } = renderApp({ path: '/newsletter/unsubscribe?token=' });
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(calls.some((c) => c.path.startsWith('/newsletter'))).toBe(false);
  });
});
