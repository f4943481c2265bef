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
  {
    path: '^/product/([^/]+)/?$',
    files: ['assets/product.js'],
    images: [],
    api: ['/api/v1/products/$1', '/api/v1/reviews/$1'],
    first: true,
  },
];

/**
 * Runs the boot script on a product page the server rendered (its first screen in the frame's <main>
 * and, with `answer`, the API answer as the first-answer block); returns the page's first image.
 */
function bootRendered(path: string, answer: boolean): HTMLImageElement {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root"><div data-shell=""><header><img src="/logo.svg" alt=""></header><main><img src="/images/p1.svg" alt=""></main></div></div>${
    answer ? '<script type="application/json" id="first-answer">{}</script>' : ''
  }`;
  const image = document.querySelector('main img') as HTMLImageElement;
  Object.defineProperty(image, 'complete', { configurable: true, value: false });
  new Function(bootScript('/', ENTRY, TABLE, MODULES))();
  return image;
}

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

  it('on a page the server rendered, waits for its first image and does not ask again for the answer it carries', () => {
    const image = bootRendered('/product/p1', true);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    vi.advanceTimersByTime(100);
    expect(entryStarted()).toBe(false);
    expect(preloads('preload')).toEqual([]);
    image.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
    expect(entryStarted()).toBe(true);
    expect(preloads('modulepreload')).toEqual([...MODULES, '/assets/product.js']);
    // The product's answer is in the page; the route's other reads are still preloaded.
    expect(preloads('preload')).toEqual(['/api/v1/reviews/p1']);
  });

  it('on such a route without a rendered screen (no answer in the page), starts at once and preloads every answer', () => {
    bootRendered('/product/p1', false);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(preloads('preload')).toEqual(['/api/v1/products/p1', '/api/v1/reviews/p1']);
    vi.advanceTimersByTime(50);
    expect(entryStarted()).toBe(true);
  });
});
