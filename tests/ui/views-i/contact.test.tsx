import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTACT_NOT_SENT } from '../../../machines/contact.machine';
import {
  expectNoSeriousAxeViolations,
  findHeading,
  findToast,
  heldAnswer,
  json,
  renderApp,
  STORE,
} from '../../setup/app-harness';

async function fillIn(user: UserEvent) {
  await findHeading('Contact Us');
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Asha');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'asha@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Sizes');
  await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Do you have XXL?');
}

/** Nothing typed is lost, and the shopper can send again. */
function expectKept() {
  expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Asha');
  expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('asha@example.com');
  expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Sizes');
  expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Do you have XXL?');
  expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
}

describe('contact page', () => {
  it('shows the store details with a mailto link and the support hours', async () => {
    renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    const details = screen.getByRole('region', { name: STORE.companyName });
    expect(within(details).getByRole('link', { name: STORE.companyEmail })).toHaveAttribute(
      'href',
      `mailto:${STORE.companyEmail}`,
    );
    expect(within(details).getByText(STORE.companyPhone)).toBeInTheDocument();
    expect(within(details).getByText('Monday to Saturday, 10AM - 6PM')).toBeInTheDocument();
    expect(within(details).getByText(STORE.companyAddress)).toBeInTheDocument();
  });

  it('uses default details when store information is absent', async () => {
    renderApp({ path: '/contact', store: null });
    await findHeading('Contact Us');
    expect(screen.getByRole('link', { name: 'support@statefront.in' })).toHaveAttribute(
      'href',
      'mailto:support@statefront.in',
    );
  });

  it('requires every field and sends nothing while one is missing', async () => {
    const { user } = renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("reads 'Sending...' while the message is sent, then thanks the sender and clears the form", async () => {
    const held = heldAnswer();
    const { user, calls } = renderApp({
      path: '/contact',
      api: {
        'POST /contact': held.hold(() =>
          json({ message: "Thank you for contacting us. We'll get back to you shortly." }, 202),
        ),
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.queryByText('Message Sent')).toBeNull();
    expect(calls.find((c) => c.path === '/contact')?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Sizes',
      message: 'Do you have XXL?',
    });
    held.release();
    await findToast('Message Sent', "Thank you for contacting us. We'll get back to you shortly.");
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("shows the server's reason and keeps everything typed when the message is refused", async () => {
    const { user } = renderApp({
      path: '/contact',
      api: {
        'POST /contact': () => json({ error: 'Too many requests, please try again in 42 seconds' }, 429),
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await findToast('Message not sent', 'Too many requests, please try again in 42 seconds');
    expectKept();
  });

  it('says the message was not sent and keeps the form when the API cannot be reached', async () => {
    const { user } = renderApp({
      path: '/contact',
      api: {
        'POST /contact': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await findToast('Message not sent', CONTACT_NOT_SENT);
    expectKept();
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    await expectNoSeriousAxeViolations();
  });
});
