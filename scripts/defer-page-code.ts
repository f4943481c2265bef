/**
 * The built index.html asks for nothing but its stylesheet and a tiny boot module before the first paint
 * (src/boot.ts): the app's entry `<script type=module>` becomes the boot script's `data-app`, and Vite's
 * `<link rel=modulepreload>`s move into an inert `<template id="page-code">` that boot makes live once the
 * page has painted (the server adds the screen's chunks to it: server/web/page-head.ts). Every page arrives
 * painted from the server's HTML, and the JavaScript only hydrates what is already shown; requested
 * before the paint it shares the connection with the stylesheet and the hero image, and Lighthouse's
 * simulation charges every such request to the first and the largest paint.
 */
import type { Plugin } from 'vite';
import { PAGE_CODE_TEMPLATE_ID } from '../shared/first-screen';

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g;

/**
 * `html` (index.html as Vite built it) with its entry script replaced by the boot module (`bootSrc`),
 * which names the entry in `data-app`, and its modulepreloads moved into the page-code template.
 * Unchanged when it has no module script.
 */
export function deferPageCode(html: string, bootSrc: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = (html.match(MODULE_PRELOAD) ?? []).map((tag) => tag.trim());
  // Low like everything but the stylesheet and the image: Lighthouse's simulation counts a script at high
  // priority requested before the first paint as blocking it (FCP 0.76 s → 0.93 s with this one alone).
  const boot = `<script type="module" crossorigin src="${bootSrc}" data-app="${entry[1]}" fetchpriority="low"></script>`;
  const template = `<template id="${PAGE_CODE_TEMPLATE_ID}">${preloads.join('')}</template>`;
  const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return rest.replace(/\s*<\/head>/i, `\n    ${boot}\n    ${template}\n  </head>`);
}

/** Vite plugin: deferPageCode over the built index.html, with src/boot.ts built as an entry of its own. */
export function pageCodeAfterPaint(): Plugin {
  return {
    name: 'statefront:defer-page-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const boot = Object.values(context.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'boot',
        );
        if (!boot) throw new Error('the build has no boot entry (src/boot.ts, vite.config.ts input)');
        return deferPageCode(html, `/${boot.fileName}`);
      },
    },
  };
}
