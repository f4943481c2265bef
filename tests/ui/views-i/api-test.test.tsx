import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, renderApp } from '../../setup/app-harness';

// The page uses the app's own client (the diagnostic must test the real base URL), so its fetch is
// faked globally here rather than through the harness.
describe('API test page', () => {
  it('shows the hostname, API base and host value', async () => {
    renderApp({ path: '/api-test' });
    await findHeading('API Connection Test');
    expect(screen.getByText('localhost')).toBeInTheDocument();
    expect(screen.getByText('http://localhost:8044/api/v1')).toBeInTheDocument();
    expect(screen.getByText('statefront.in')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });

  it('shows the success icon when the API answers', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ storeName: 'x' }));
    const { user } = renderApp({ path: '/api-test' });
    await findHeading('API Connection Test');
    await user.click(screen.getByRole('button', { name: 'Test API Connection' }));
    expect(await screen.findByRole('img', { name: 'Success' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows the failure icon and message when the API answers with an error', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ error: 'down' }, { status: 503 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp({ path: '/api-test' });
    await findHeading('API Connection Test');
    await user.click(screen.getByRole('button', { name: 'Test API Connection' }));
    expect(await screen.findByRole('img', { name: 'Failure' })).toBeInTheDocument();
    expect(screen.getByText('Connection failed. Check console for details.')).toBeInTheDocument();
    spy.mockRestore();
    log.mockRestore();
  });

  it('reports an unexpected error with its message when the call throws', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp({ path: '/api-test' });
    await findHeading('API Connection Test');
    await user.click(screen.getByRole('button', { name: 'Test API Connection' }));
    expect(await screen.findByText('Unexpected error: Failed to fetch')).toBeInTheDocument();
    spy.mockRestore();
    log.mockRestore();
  });
});
