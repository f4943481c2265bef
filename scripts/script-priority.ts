/**
 * The page's scripts at low fetch priority (`fetchpriority="low"` on the entry's `<script type=module>`
 * and its `<link rel=modulepreload>`s in index.html). Every page arrives painted from the server's HTML:
 * its stylesheet and its largest image are what the first paint needs, and the JavaScript (deferred as
 * module scripts are) only hydrates what is already shown. At high priority the scripts share the
 * connection with the stylesheet and the hero image, and Lighthouse's simulation counts every
 * high-priority script requested before the first paint as blocking it (FCP ≈ 2.0 s on a slow 4G
 * phone against ≈ 1.0 s without). The server's own modulepreloads (server/page-head.ts) say the same.
 */
import type { Plugin } from 'vite';

const SCRIPT_TAG = /<(script\b[^>]*\btype="module"[^>]*|link\b[^>]*\brel="modulepreload"[^>]*)>/g;

/** `html` with `fetchpriority="low"` on every module script and modulepreload that has no priority. */
export function lowerScriptPriority(html: string): string {
  return html.replace(SCRIPT_TAG, (tag, inner: string) =>
    /\bfetchpriority=/.test(inner) ? tag : `<${inner} fetchpriority="low">`,
  );
}

/** Vite plugin: lowerScriptPriority over the built index.html, after Vite has added its tags. */
export function scriptPriority(): Plugin {
  return {
    name: 'statefront:script-priority',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowerScriptPriority },
  };
}
