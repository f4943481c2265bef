import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { POLICY_TITLES } from '../../../src/features/store/policy-meta';
import { expectNoSeriousAxeViolations, findHeading, renderApp, STORE } from '../../setup/app-harness';

describe('policy pages', () => {
  it.each(Object.entries(POLICY_TITLES))(
    'shows /%s titled %s with the Policy Information badge',
    async (slug, title) => {
      renderApp({ path: `/${slug}` });
      await findHeading(title);
      expect(screen.getByText('Policy Information')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${title} | ${STORE.companyName}`));
    },
  );

  it.each([
    'login',
    'register',
    'forgot-password',
    'reset-password',
    'account',
    'cart',
    'products',
    'product',
    'contact',
    'track-order',
    'orders',
    '404',
  ])('never shows a policy for the reserved word /%s', async (word) => {
    renderApp({ path: `/${word}` });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Policy Information')).toBeNull();
  });

  it('fills the company placeholders from store information', async () => {
    renderApp({ path: '/privacy' });
    await findHeading('Privacy Policy');
    const grievance = screen.getByRole('region', { name: 'Grievance Officer' });
    expect(grievance).toHaveTextContent(
      `${STORE.companyName}, ${STORE.companyAddress}. Email: ${STORE.companyEmail}. Phone: ${STORE.companyPhone}. Available Monday to Friday 10:00-17:00.`,
    );
  });

  it('uses the fallbacks when store information is missing', async () => {
    renderApp({ path: '/privacy', store: null });
    await findHeading('Privacy Policy');
    expect(screen.getByRole('region', { name: 'Grievance Officer' })).toHaveTextContent(
      'Company Name, Company Address. Email: contact@example.com. Phone: Phone Number.',
    );
  });

  it('states the spec durations and jurisdiction', async () => {
    const refund = renderApp({ path: '/refund' });
    await findHeading('Refund Policy');
    expect(screen.getByText(/within 0-7 working days/)).toBeInTheDocument();
    refund.unmount();
    const shipping = renderApp({ path: '/shipping' });
    await findHeading('Shipping Policy');
    expect(
      screen.getByText(/0-7 working days.*Bulk orders are delivered within 10-15 business days/),
    ).toBeInTheDocument();
    shipping.unmount();
    renderApp({ path: '/terms' });
    await findHeading('Terms and Conditions');
    expect(screen.getByText(/laws of India.*Gautam Buddha Nagar, Uttar Pradesh/)).toBeInTheDocument();
  });

  it('renders store-supplied HTML with placeholders filled and scripts stripped', async () => {
    const html =
      '<h2>Our refunds</h2><p>Write to {{companyEmail}} at {{companyName}}.</p>' +
      '<img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>' +
      '<a href="javascript:alert(1)">bad link</a>';
    renderApp({ path: '/refund', store: { ...STORE, policies: { refund: html } } });
    await findHeading('Refund Policy');
    expect(await screen.findByRole('heading', { name: 'Our refunds' })).toBeInTheDocument();
    expect(screen.getByText(`Write to ${STORE.companyEmail} at ${STORE.companyName}.`)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('bad link')).not.toHaveAttribute('href', 'javascript:alert(1)');
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    // The default text is replaced, not appended to.
    expect(screen.queryByText(/credited to the original payment method/)).toBeNull();
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/about' });
    await findHeading('About Us');
    await expectNoSeriousAxeViolations();
  });
});
