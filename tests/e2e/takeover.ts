import type { Page } from 'playwright-core';

/**
 * The prerendered frame (header, tab bar) shows before the app runs but does nothing when tapped, and
 * a form submitted on it is the browser's own GET: a check or a journey that types or taps after a
 * full page load waits until React's first commit has replaced it.
 */
export async function takenOver(page: Page) {
  await page.waitForFunction(() => !document.querySelector('#root > [data-shell]'), null, {
    timeout: 30_000,
  });
}
