import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, renderApp, STORE } from '../../setup/app-harness';

afterEach(() => {
  vi.useRealTimers();
});

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

  it("reads 'Sending...' for 1.5 s, then thanks the sender and clears the form", async () => {
    const { user } = renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Asha');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'asha@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Sizes');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Do you have XXL?');
    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'Send Message' }).click());
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    expect(screen.queryByText('Message Sent')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    vi.useRealTimers();
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(
      screen.getByText("Thank you for contacting us. We'll get back to you shortly."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/contact' });
    await findHeading('Contact Us');
    await expectNoSeriousAxeViolations();
  });
});
