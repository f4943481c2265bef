import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, json, renderApp } from '../../setup/app-harness';

const INVALID = 'This link is invalid. Please use the link from your email.';
const CONFIRMED = 'Your subscription is confirmed. Thank you!';
const UNSUBSCRIBED = 'You are unsubscribed and will get no more newsletters.';

/** The two mailed links: the page, the call it makes, and how it is opened without a token. */
const CONFIRM = {
  page: '/newsletter/confirm',
  route: 'POST /newsletter/confirmations',
  noToken: '/newsletter/confirm',
};
const UNSUBSCRIBE = {
  page: '/newsletter/unsubscribe',
  route: 'POST /newsletter/unsubscribe',
  noToken: '/newsletter/unsubscribe?token=',
};

/**
 * Opens a mailed link whose POST the server answers with `message` (a confirmation once the shopper
 * presses Confirm subscription); the page must say it under `title`.
 */
async function openAnswered(link: typeof CONFIRM, token: string, message: string, title: string) {
  const { calls, user } = renderApp({
    path: `${link.page}?token=${token}`,
    api: { [link.route]: () => json({ message }) },
  });
  if (link === CONFIRM) await confirm(user, calls);
  await findHeading(title);
  expect(screen.getByText(message)).toBeInTheDocument();
  return calls;
}

/** The confirmation page before the click: it has sent nothing; then the shopper confirms. */
async function confirm(
  user: ReturnType<typeof renderApp>['user'],
  calls: ReturnType<typeof renderApp>['calls'],
) {
  await findHeading('Confirm your subscription');
  expect(calls.some((c) => c.path === '/newsletter/confirmations')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Confirm subscription' }));
}

/** The page a refused or token-less link shows. */
async function expectLinkFailed() {
  await findHeading('This link did not work');
  expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
}

describe('/newsletter/confirm', () => {
  it("confirms with the link's token when the shopper confirms, and shows the server's message", async () => {
    const calls = await openAnswered(CONFIRM, 'abc.123', CONFIRMED, 'Subscription confirmed');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(calls.filter((c) => c.path === '/newsletter/confirmations').map((c) => c.body)).toEqual([
      { token: 'abc.123' },
    ]);
    await expectNoSeriousAxeViolations();
  });

  it('offers to try again when the shop cannot be reached', async () => {
    let down = true;
    const { user, calls } = renderApp({
      path: '/newsletter/confirm?token=abc.123',
      api: {
        'POST /newsletter/confirmations': () => {
          if (down) throw new TypeError('Failed to fetch');
          return json({ message: CONFIRMED });
        },
      },
    });
    await confirm(user, calls);
    await findHeading('This link did not work');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the shop.');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findHeading('Subscription confirmed');
  });
});

describe('/newsletter/unsubscribe', () => {
  it('unsubscribes as soon as the link is opened (the one click) and says so', async () => {
    const calls = await openAnswered(UNSUBSCRIBE, 'abc.456', UNSUBSCRIBED, 'You are unsubscribed');
    const posted = calls.filter((c) => c.path === '/newsletter/unsubscribe');
    expect(posted.map((c) => c.query.get('token'))).toEqual(['abc.456']);
    await expectNoSeriousAxeViolations();
  });
});

describe.each([CONFIRM, UNSUBSCRIBE])('$page', ({ page, route, noToken }) => {
  it("shows the server's reason when the link is refused", async () => {
    const { user, calls } = renderApp({
      path: `${page}?token=forged`,
      api: { [route]: () => json({ error: INVALID }, 400) },
    });
    if (page === CONFIRM.page) await confirm(user, calls);
    await expectLinkFailed();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
    // Trying a refused link again cannot help.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the link is invalid and calls no server when the token is missing', async () => {
    const { calls } = renderApp({ path: noToken });
    await expectLinkFailed();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/newsletter'))).toBe(false);
    await expectNoSeriousAxeViolations();
  });
});
