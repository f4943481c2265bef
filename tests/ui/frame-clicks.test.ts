import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../scripts/route-preload';
import { FRAME_CLICKS, type FrameClick } from '../../shared/first-screen';
import { replayFrameClicks } from '../../src/app/frame-clicks';

const FRAME = `<div><header><a href="/cart">Cart</a><button aria-label="Open menu">≡</button></header><main><label><input type="radio" name="size">M</label><button>Add to Cart</button><input type="search" aria-label="Search"></main></div>`;
const queue = () => (window as unknown as Record<string, FrameClick[] | undefined>)[FRAME_CLICKS];

// The boot script, once per page as in a browser: its listener stays on the document.
new Function(bootScript('/', '/assets/index.js', []))();

/** The prerendered frame in #root, as on a page the app has not taken over yet. */
function frame() {
  document.body.innerHTML = `<div id="root"><div data-shell="">${FRAME}</div></div>`;
  (window as unknown as Record<string, unknown>)[FRAME_CLICKS] = undefined;
}

/** What the app's first commit puts in #root in the frame's place (`header` may differ). */
function takeOver(
  header = '<header><a href="/cart">Cart</a><button aria-label="Open menu">≡</button></header>',
) {
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML = FRAME.replace(/<header>.*<\/header>/, header);
  return root;
}

describe('taps on the prerendered frame', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('are kept (not acted on) while the frame is up, in order; links are left to the browser', () => {
    frame();
    const link = document.querySelector('a') as HTMLAnchorElement;
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    (document.querySelector('label') as HTMLElement).click();
    (document.querySelector('main button') as HTMLElement).click();
    expect((document.querySelector('input[type=radio]') as HTMLInputElement).checked).toBe(false);
    expect(queue()).toEqual([
      { path: [0, 1, 0], name: 'LABEL M' },
      { path: [0, 1, 1], name: 'BUTTON Add to Cart' },
    ]);
  });

  it('are repeated once on the same controls of the app, in order, then forgotten', async () => {
    frame();
    (document.querySelector('label') as HTMLElement).click();
    (document.querySelector('main button') as HTMLElement).click();
    (document.querySelector('input[type=search]') as HTMLElement).click();
    const root = takeOver();
    const addToCart = vi.fn();
    (root.querySelector('main button') as HTMLElement).addEventListener('click', addToCart);
    expect(await replayFrameClicks(root)).toBe(3);
    expect((root.querySelector('input[type=radio]') as HTMLInputElement).checked).toBe(true);
    expect(addToCart).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(root.querySelector('input[type=search]'));
    // The app's own controls are live: taps now are not kept, and nothing is repeated twice.
    (root.querySelector('main button') as HTMLElement).click();
    expect(queue()).toEqual([]);
    expect(await replayFrameClicks(root)).toBe(0);
    expect(addToCart).toHaveBeenCalledTimes(2);
  });

  it('find a control that moved by its name, and drop a tap whose control is not there for certain', async () => {
    frame();
    (document.querySelector('header button') as HTMLElement).click();
    // Signed in: the app's header has another button before the menu.
    const root = takeOver(
      '<header><a href="/cart">Cart</a><button>Logout</button><button aria-label="Open menu">≡</button></header>',
    );
    const menu = vi.fn();
    const logout = vi.fn();
    (root.querySelector('[aria-label="Open menu"]') as HTMLElement).addEventListener('click', menu);
    (root.querySelector('header button') as HTMLElement).addEventListener('click', logout);
    expect(await replayFrameClicks(root)).toBe(1);
    expect(menu).toHaveBeenCalledTimes(1);
    expect(logout).not.toHaveBeenCalled();
    (window as unknown as Record<string, FrameClick[]>)[FRAME_CLICKS] = [
      { path: [0, 0, 9], name: 'BUTTON Gone' },
    ];
    expect(await replayFrameClicks(root)).toBe(0);
  });
});
