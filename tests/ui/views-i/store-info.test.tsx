import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORE_INFO_FAILED } from '../../../machines/store-info.machine';
import { findHeading, findToast, json, renderApp, STORE } from '../../setup/app-harness';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('store information on start', () => {
  // The failure arrives before the first (lazy) screen has loaded and the shell subscribed to it.
  it.each(['/', '/404', '/products'])(
    'shows the error toast when /storeInfo fails at once on %s',
    async (path) => {
      renderApp({
        path,
        store: null,
        api: { 'GET /storeInfo': () => json({ error: 'down' }, 500) },
      });
      const toast = await findToast(STORE_INFO_FAILED);
      expect(toast).toBeVisible();
      expect(screen.getAllByText(STORE_INFO_FAILED)).toHaveLength(1);
    },
  );

  it("renders the last visit's store information at once while /storeInfo has not answered", async () => {
    const kept = { ...STORE, storeName: 'Kept Store', categories: ['Sarees', 'Kurtas'] };
    renderApp({
      path: '/404',
      storage: { storeInfo: JSON.stringify(kept) },
      // never answers: only the kept copy can name the store
      api: { 'GET /storeInfo': () => new Promise<Response>(() => {}) },
    });
    await findHeading('Oops! Page not found');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Sarees' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'men' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Kept Store/ }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Statefront')).toBeNull();
  });

  it("shows the last visit's description in the home hero, not the default text, before /storeInfo answers", async () => {
    const kept = { ...STORE, description: 'Block prints from the last visit.' };
    renderApp({
      path: '/',
      storage: { storeInfo: JSON.stringify(kept) },
      api: { 'GET /storeInfo': () => new Promise<Response>(() => {}) },
    });
    const hero = (await findHeading(/./)).closest('section') as HTMLElement;
    expect(within(hero).getByText('Block prints from the last visit.')).toBeInTheDocument();
    expect(screen.queryByText(/crafted with Indian weavers and printers/)).toBeNull();
  });

  it('replaces the kept store information with the fresh answer and keeps that for the next visit', async () => {
    const kept = { ...STORE, storeName: 'Kept Store', categories: ['Sarees'] };
    const { storage } = renderApp({
      path: '/404',
      storage: { storeInfo: JSON.stringify(kept) },
    });
    await findHeading('Oops! Page not found');
    expect(await within(mainNav()).findByRole('link', { name: 'T Shirts' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Sarees' })).toBeNull();
    expect(JSON.parse(storage.get('storeInfo') ?? '{}').storeName).toBe(STORE.storeName);
  });
});
