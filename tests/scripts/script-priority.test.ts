import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from '../../scripts/script-priority';

describe('lowerScriptPriority (the built index.html)', () => {
  it('puts the entry script and its modulepreloads at low priority, and nothing else', () => {
    const html = [
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-A.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/css-B.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
      '<script type="application/json" id="data">{}</script>',
    ].join('\n');
    expect(lowerScriptPriority(html).split('\n')).toEqual([
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
      '<script type="module" crossorigin src="/assets/index-A.js" fetchpriority="low"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/css-B.js" fetchpriority="low">',
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css">',
      '<script type="application/json" id="data">{}</script>',
    ]);
  });

  it('leaves a tag that already says its priority', () => {
    const tag = '<script type="module" src="/a.js" fetchpriority="high"></script>';
    expect(lowerScriptPriority(tag)).toBe(tag);
  });
});
