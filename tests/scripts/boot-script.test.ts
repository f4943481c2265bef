// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScript, LCP_WAIT_MS } from '../../scripts/route-preload';

const ENTRY = '/assets/index-abc.js';
const MODULES = [ENTRY, '/assets/cx-1.js'];
const TABLE = [
  {
    path: '^/$',
    files: ['assets/home.js'],
    images: ['/images/hero.svg'],
    api: ['/api/v1/products?filter=featured&limit=4'],
  },
  { path: '^/products/?$', files: ['assets/products.js'], images: [], api: ['/api/v1/products?page=1'] },
];

/** Runs the boot script on `path` over a prerendered frame holding the hero; returns the hero image. */
function boot(path: string): HTMLImageElement {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div id="root"><div data-shell=""><img src="/images/hero.svg" alt=""></div></div>';
  const hero = document.querySelector('img') as HTMLImageElement;
  // jsdom loads no images: the hero is still on its way until the test says otherwise.
  Object.defineProperty(hero, 'complete', { configurable: true, value: false });
  new Function(bootScript('/', ENTRY, TABLE, MODULES))();
  return hero;
}

const entryStarted = () => document.head.querySelector(`script[src="${ENTRY}"]`) !== null;
const preloads = (rel: string) =>
  [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));

describe('the boot script', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the app only after the frame’s LCP image has loaded, on the page it belongs to', () => {
    const hero = boot('/');
    vi.advanceTimersByTime(LCP_WAIT_MS - 100);
    expect(entryStarted()).toBe(false);
    hero.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
    expect(entryStarted()).toBe(true);
  });

  it('asks for the JavaScript and the API answers only once the frame’s LCP image has painted', () => {
    const hero = boot('/');
    expect(preloads('preload')).toEqual(['/images/hero.svg']);
    expect(preloads('modulepreload')).toEqual([]);
    hero.dispatchEvent(new Event('load'));
    // Not before the frame that paints it: requests started earlier would count against that paint.
    expect(preloads('modulepreload')).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(preloads('modulepreload')).toEqual([...MODULES, '/assets/home.js']);
    expect(preloads('preload')).toEqual(['/images/hero.svg', '/api/v1/products?filter=featured&limit=4']);
  });

  it('asks for the JavaScript and the API answers at once on a page whose LCP the app renders', () => {
    boot('/products');
    expect(preloads('modulepreload')).toEqual([...MODULES, '/assets/products.js']);
    expect(preloads('preload')).toEqual(['/api/v1/products?page=1']);
  });

  it('waits for the browser to report the hero as the largest paint where it reports LCP', () => {
    let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
    const observe = vi.fn();
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe = observe;
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      const hero = boot('/');
      expect(observe).toHaveBeenCalledWith({ type: 'largest-contentful-paint', buffered: true });
      hero.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(100);
      expect(entryStarted()).toBe(false);
      report?.({ getEntries: () => [{ element: hero, url: 'http://shop.test/images/hero.svg' }] });
      vi.advanceTimersByTime(50);
      expect(entryStarted()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts the app at once when the shopper taps or types before the hero has painted', () => {
    boot('/');
    expect(entryStarted()).toBe(false);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(entryStarted()).toBe(true);
    expect(preloads('modulepreload')).toEqual([...MODULES, '/assets/home.js']);
    boot('/');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Tab' }));
    expect(entryStarted()).toBe(true);
  });

  it('starts the app anyway when the LCP image takes longer than the wait', () => {
    boot('/');
    vi.advanceTimersByTime(LCP_WAIT_MS);
    expect(entryStarted()).toBe(true);
  });

  it('starts the app after the first frame on a page whose LCP the app renders', () => {
    boot('/products');
    vi.advanceTimersByTime(50);
    expect(entryStarted()).toBe(true);
  });
});
