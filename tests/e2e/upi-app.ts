/**
 * The payment page's hand-over to a UPI app, as the browser reports it: the page asks to open a
 * `upi://` address (Chrome DevTools Protocol's Page.frameRequestedNavigation). In the browser of
 * launchShopperBrowser (tests/e2e/shop.ts) the shop may open such links without asking, as on a phone
 * with a UPI app, so the page stays and takes input after it.
 */
import type { Page } from 'playwright-core';

const HAND_OVER_TIMEOUT_MS = 15_000;

/** Runs `act` and resolves with the `upi://` address the page then asked the browser to open. */
export async function handOverToUpiApp(page: Page, act: () => Promise<unknown>): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  let timer: NodeJS.Timeout | undefined;
  try {
    await cdp.send('Page.enable');
    const requested = new Promise<string>((done, fail) => {
      cdp.on('Page.frameRequestedNavigation', (event) => {
        if (event.url.startsWith('upi:')) done(event.url);
      });
      timer = setTimeout(
        () => fail(new Error(`the page did not hand over to upi:// within ${HAND_OVER_TIMEOUT_MS} ms`)),
        HAND_OVER_TIMEOUT_MS,
      );
    });
    await act();
    return await requested;
  } finally {
    clearTimeout(timer);
    await cdp.detach().catch(() => {});
  }
}
