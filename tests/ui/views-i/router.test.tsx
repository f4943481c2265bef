/**
 * The router in declarative mode (src/app/routes.tsx): the first screen renders in the first commit
 * once its chunk is preloaded, a navigation keeps the page up until the next screen's chunk is in, a
 * chunk that fails to load shows an error until the next navigation, and the app actor's navigate
 * reaches the router even when called before it has rendered.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createNavigator } from '../../../src/app/navigator';
import { preloadScreens } from '../../../src/app/routes';
import { findHeading, renderApp } from '../../setup/app-harness';

const trackOrderChunk = vi.hoisted(() => {
  let open = () => {};
  let requested = () => {};
  return {
    gate: new Promise<void>((resolve) => {
      open = resolve;
    }),
    wasRequested: new Promise<void>((resolve) => {
      requested = resolve;
    }),
    open: () => open(),
    requested: () => requested(),
  };
});

// The Track order screen's chunk arrives when the test says so.
vi.mock('../../../src/features/orders/track-order.page', async (importOriginal) => {
  trackOrderChunk.requested();
  await trackOrderChunk.gate;
  return importOriginal();
});

// The API test screen's chunk fails to load, as after a deploy removed it.
vi.mock('../../../src/features/store/api-test.page', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

/** The text of every h1 the container showed, one entry per DOM change ('' for none). */
function recordHeadings(container: HTMLElement) {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    seen.push(container.querySelector('h1')?.textContent ?? '');
  });
  observer.observe(container, { childList: true, subtree: true, characterData: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('first render', () => {
  it("renders the whole page in the first commit once the screen's chunk is preloaded", async () => {
    await preloadScreens('/contact');
    renderApp({ path: '/contact' });
    // No findBy: the heading is there as render returns, with the frame around it.
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it("keeps the page up, at its location, until the next screen's chunk is in", async () => {
    await preloadScreens('/contact');
    const { container, user, location } = renderApp({ path: '/contact' });
    const headings = recordHeadings(container);
    await user.click(screen.getAllByRole('link', { name: 'Track Order' })[0] as HTMLElement);
    await trackOrderChunk.wasRequested;
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(location()).toBe('/contact');
    trackOrderChunk.open();
    await findHeading('Track Your Order');
    expect(location()).toBe('/track-order');
    headings.stop();
    // Never a blank page or a fallback in between: the old heading, then the new one.
    expect(headings.seen).not.toContain('');
    expect(headings.seen.at(-1)).toBe('Track Your Order');
  });

  it('shows the error of a chunk that failed to load, until the next navigation', async () => {
    const { router } = renderApp({ path: '/api-test' });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    // The error's message (here vitest's words for the failed import).
    expect(screen.getByRole('heading', { level: 3 }).textContent).toMatch(/error when mocking a module/);
    await preloadScreens('/contact');
    await router.navigate('/contact');
    await findHeading('Contact Us');
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});

describe("the app actor's navigate", () => {
  it('reaches the router once it has rendered (in order, when called before) and after', async () => {
    const { navigate, NavigatorBridge } = createNavigator();
    navigate('/orders', { state: { from: 'test' } });
    navigate('/cart', { replace: true });
    const seen: { path: string; state: unknown }[] = [];
    function LocationLog() {
      const location = useLocation();
      useLayoutEffect(() => {
        seen.push({ path: location.pathname, state: location.state });
      }, [location]);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <NavigatorBridge />
        <LocationLog />
      </MemoryRouter>,
    );
    // The push, then the replace of what it pushed (the other way round would end at /orders).
    await waitFor(() => expect(seen.at(-1)).toEqual({ path: '/cart', state: null }));
    act(() => {
      navigate('/wishlist', { state: { from: '/cart' } });
    });
    await waitFor(() => expect(seen.at(-1)).toEqual({ path: '/wishlist', state: { from: '/cart' } }));
  });
});
