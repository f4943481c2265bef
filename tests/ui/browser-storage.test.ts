import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage } from '../../src/app/actors/browser';

describe('browserStorage', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the browser's localStorage when there is one", () => {
    expect(browserStorage()).toBe(window.localStorage);
  });

  it('keeps things in memory for the page when reading localStorage itself throws (storage blocked)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    browserStorage().setItem('cart', '[1]');
    // Another call (another actor) sees what the first one kept.
    expect(browserStorage().getItem('cart')).toBe('[1]');
  });
});
