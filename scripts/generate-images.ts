/**
 * Draws the storefront artwork into public/images/ from the catalogue (server/catalogue/catalogue.ts):
 * one SVG per product and colour (plus a close-up `-alt` view where the catalogue asks for one), a card per store
 * category, the hero, the logo, the default stock photo for broken images and a neutral placeholder.
 *
 *   npx tsx scripts/generate-images.ts
 *
 * Output is deterministic (no randomness, no clock), so re-running it on an unchanged catalogue changes no
 * file and tests/scripts/catalogue.test.ts can check the committed files are up to date. Everything is
 * self-contained SVG: no fonts, images or links are fetched, which keeps the CSP strict and the shop offline.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  artworkById,
  catalogue,
  type GarmentKind,
  type SeedProduct,
  slugify,
} from '../server/catalogue/catalogue';

const W = 600;
const H = 750;

/** Colour names used in the catalogue, drawn with these shades. */
export const colourHex: Readonly<Record<string, string>> = {
  White: '#f5f4f0',
  'Off White': '#eee7d8',
  Cream: '#ecdfc0',
  Ivory: '#f1e8d2',
  Black: '#2b2b30',
  Charcoal: '#42464e',
  'Grey Melange': '#a3a7ad',
  Navy: '#223263',
  Indigo: '#2f4086',
  'Royal Blue': '#2f57b8',
  'Sky Blue': '#8ec3e6',
  'Peacock Blue': '#0f6e8c',
  Teal: '#1f7a7a',
  'Bottle Green': '#1f5b3d',
  Emerald: '#15795a',
  Olive: '#6d7a3b',
  Sage: '#9db59b',
  Mint: '#a7dcc5',
  Mustard: '#d6a01e',
  Yellow: '#efc93b',
  'Haldi Yellow': '#e6b215',
  Saffron: '#ef8a25',
  Orange: '#e7752d',
  Rust: '#b4532b',
  Terracotta: '#c3623f',
  Red: '#c42a35',
  Maroon: '#6f202c',
  Wine: '#5c1b35',
  'Rani Pink': '#d02d76',
  Pink: '#ea8cab',
  Blush: '#f0c5c4',
  Peach: '#f5b996',
  Coral: '#ee7b64',
  Lavender: '#b9a7da',
  Mauve: '#a67c90',
  Sand: '#d9c4a1',
  Beige: '#d7c5a4',
  Khaki: '#b5a479',
  Gold: '#c8a03a',
};

// ── colour arithmetic ───────────────────────────────────────────────────────

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `hex` towards `other` by `t` (0 keeps hex, 1 gives other). */
function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return hexOf([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const ZARI = '#c9a33c';

interface Palette {
  base: string;
  /** Outlines and folds. */
  shade: string;
  /** Trims, prints and borders in a contrasting shade. */
  accent: string;
  /** A second garment in a set (blouse, pyjama, salwar). */
  second: string;
  background: string;
  backgroundPattern: string;
}

function paletteFor(colour: string, ethnic: boolean, secondColour?: string): Palette {
  const base = colourHex[colour];
  if (!base) throw new Error(`Unknown colour '${colour}': add it to colourHex in scripts/generate-images.ts`);
  const light = luminance(base) > 0.62;
  const nearWhite = luminance(base) > 0.84;
  const goldish = Math.abs(luminance(base) - luminance(ZARI)) < 0.12 && rgb(base)[0] > rgb(base)[2] + 60;
  const accent = ethnic
    ? goldish
      ? '#6f202c'
      : light
        ? '#b8892a'
        : ZARI
    : light
      ? mix(base, '#1c1c22', 0.55)
      : mix(base, '#ffffff', 0.6);
  const second = secondColour
    ? (colourHex[secondColour] ?? accent)
    : light
      ? mix(base, '#6f202c', 0.75)
      : mix(base, '#fbf6ee', 0.8);
  return {
    base,
    shade: mix(base, '#101014', light ? 0.28 : 0.35),
    accent,
    second,
    // Near-white garments would vanish on a near-white backdrop, so they sit on a warm grey instead.
    background: nearWhite ? mix(base, '#d8d0c3', 0.5) : mix(base, '#faf6ef', light ? 0.6 : 0.9),
    backgroundPattern: nearWhite ? mix(base, '#b8ab97', 0.55) : mix(base, '#faf6ef', light ? 0.2 : 0.72),
  };
}

// ── garment drawings (600 × 750 space, centred on x = 300) ─────────────────

/** A filled part: drawn in its colour, then a fabric motif (optional), then soft side lighting. */
function part(d: string, fill: string, p: Palette, opts: { motif?: boolean; light?: boolean } = {}): string {
  const stroke = `stroke="${p.shade}" stroke-width="2" stroke-linejoin="round"`;
  return [
    `<path d="${d}" fill="${fill}" ${stroke}/>`,
    opts.motif ? `<path d="${d}" fill="url(#f)"/>` : '',
    opts.light === false ? '' : `<path d="${d}" fill="url(#l)"/>`,
  ].join('');
}

function line(d: string, colour: string, width = 2, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
}

function buttons(x: number, ys: number[], fill: string, r = 5): string {
  return ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`).join('');
}

/** Mirrors a left-half drawing onto the right half. */
function mirrored(svg: string): string {
  return `${svg}<g transform="matrix(-1 0 0 1 600 0)">${svg}</g>`;
}

const TEE_BODY =
  'M232 160Q300 205 368 160L452 188L520 292L452 330L420 292L422 612Q300 626 178 612L180 292L148 330L80 292L148 188Z';
const NECK_RIB = 'M232 160Q300 205 368 160L358 156Q300 192 242 156Z';
const KURTA_BODY =
  'M248 158L352 158L440 184Q470 260 484 420L494 600L452 606L438 430L420 300L428 692L172 692L180 300L162 430L148 606L106 600L116 420Q130 260 160 184Z';

function kurtaBody(hem: number): string {
  return KURTA_BODY.replace(/692/g, String(hem));
}

/** The neck of a dress form, for garments that are shown draped rather than flat. */
const DRESS_FORM_NECK =
  '<path d="M276 182L284 136Q300 126 316 136L324 182Z" fill="#d9cdbb" stroke="#b7a892" stroke-width="2"/><ellipse cx="300" cy="132" rx="18" ry="7" fill="#b7a892"/><rect x="296" y="112" width="8" height="16" rx="3" fill="#8a6a4a"/>';

type Drawer = (p: Palette, variant: string) => string;

const drawers: Record<GarmentKind, Drawer> = {
  tshirt: (p, variant) => {
    const graphic =
      variant === 'Graphic Tee'
        ? `<g transform="translate(300 350)" fill="${luminance(p.base) > 0.5 ? '#c2410c' : '#f2c14e'}">${[
            0, 45, 90, 135,
          ]
            .map((a) => `<ellipse rx="14" ry="58" transform="rotate(${a})" opacity=".85"/>`)
            .join('')}<circle r="24" fill="${p.base}"/><circle r="12"/></g>`
        : '';
    const neck =
      variant === 'Basic Tee' && p.base === colourHex.Charcoal ? 'M240 160L300 236L360 160Z' : NECK_RIB;
    return (
      part(TEE_BODY, p.base, p) +
      part(neck, p.shade, p, { light: false }) +
      graphic +
      line('M148 188L180 292M452 188L420 292', p.shade, 1.5, ' opacity=".5"')
    );
  },
  oversized: (p) =>
    part(
      'M225 150Q300 195 375 150L470 178L548 330L470 362L442 318L446 640Q300 654 154 640L158 318L130 362L52 330L130 178Z',
      p.base,
      p,
    ) +
    part('M225 150Q300 195 375 150L364 146Q300 184 236 146Z', p.shade, p, { light: false }) +
    line('M130 178Q150 250 158 318M470 178Q450 250 442 318', p.shade, 1.5, ' opacity=".5"') +
    line('M160 610Q300 622 440 610', p.shade, 1.5, ' opacity=".4"'),
  henley: (p) =>
    part(
      'M236 160Q300 200 364 160L448 186Q478 250 490 420L500 598L456 604L440 420L420 300L422 612Q300 626 178 612L180 300L160 420L144 604L100 598L110 420Q122 250 152 186Z',
      p.base,
      p,
    ) +
    part(NECK_RIB, p.shade, p, { light: false }) +
    part('M290 182L310 182L310 300L290 300Z', p.base, p, { light: false }) +
    buttons(300, [206, 238, 270], p.accent, 5) +
    line('M100 580L144 586M456 586L500 580', p.shade, 2),
  polo: (p) =>
    part(TEE_BODY, p.base, p) +
    part('M288 190L312 190L312 290L288 290Z', p.base, p, { light: false }) +
    buttons(300, [222, 262], p.accent, 5) +
    mirrored(part('M232 160L300 198L266 238L222 172Z', p.base, p, { light: false })) +
    mirrored(line('M232 164L226 172', p.accent, 5)) +
    line('M452 330L520 292M80 292L148 330', p.accent, 6),
  croptop: (p) =>
    part(
      'M245 178Q300 226 355 178L420 196L470 262L424 292L405 268L408 470Q300 486 192 470L195 268L176 292L130 262L180 196Z',
      p.base,
      p,
    ) +
    part('M245 178Q300 226 355 178L348 172Q300 214 252 172Z', p.shade, p, { light: false }) +
    line('M198 440Q300 456 402 440', p.shade, 1.5, ' opacity=".45"'),
  blouse: (p) =>
    mirrored(part('M192 190Q118 168 108 250Q116 306 174 302Q190 262 194 230Z', p.base, p)) +
    part(
      'M238 170L300 262L362 170L408 188L412 300Q404 400 418 520Q300 540 182 520Q196 400 188 300L192 188Z',
      p.base,
      p,
      {
        motif: true,
      },
    ) +
    line('M238 170L300 262L362 170', p.accent, 4) +
    mirrored(line('M124 286Q150 300 172 296', p.shade, 2)),
  tunic: (p) =>
    part(
      'M240 165Q300 205 360 165L440 190Q470 280 488 440L446 452L420 310L438 655Q300 672 162 655L180 310L154 452L112 440Q130 280 160 190Z',
      p.base,
      p,
      { motif: true },
    ) +
    part('M240 165Q300 205 360 165L352 160Q300 196 248 160Z', p.shade, p, { light: false }) +
    line('M300 186L300 240', p.shade, 2) +
    line('M112 440L154 452M446 452L488 440', p.accent, 5) +
    line('M166 620L170 655M434 620L430 655', p.shade, 2),
  peplum: (p) =>
    mirrored(part('M196 186Q160 200 150 250L196 262Z', p.base, p)) +
    part(
      'M240 172Q300 218 360 172L404 186L398 300Q392 360 400 400L472 508Q300 534 128 508L200 400Q208 360 202 300L196 186Z',
      p.base,
      p,
      {
        motif: true,
      },
    ) +
    line('M200 400Q300 412 400 400', p.shade, 3) +
    line('M250 410L232 516M300 412L300 522M350 410L368 516', p.shade, 1.5, ' opacity=".5"'),
  kurta: (p) =>
    part(kurtaBody(692), p.base, p, { motif: true }) +
    part('M262 140L338 140L340 166L260 166Z', p.base, p, { light: false }) +
    part('M292 166L308 166L308 312L292 312Z', p.accent, p, { light: false }) +
    buttons(300, [190, 226, 262, 298], p.shade, 4) +
    line('M424 620L428 692M176 620L172 692', p.shade, 2) +
    line('M106 592L148 598M452 598L494 592', p.accent, 4),
  kurtaset: (p) =>
    part('M204 540L396 540L394 722L318 722L300 600L282 722L206 722Z', p.second, p) +
    part(kurtaBody(590), p.base, p, { motif: true }) +
    part('M262 140L338 140L340 166L260 166Z', p.base, p, { light: false }) +
    part('M292 166L308 166L308 300L292 300Z', p.accent, p, { light: false }) +
    buttons(300, [192, 228, 264], p.shade, 4) +
    line('M106 592L148 598M452 598L494 592', p.accent, 4),
  sherwani: (p) =>
    part(
      'M250 152L350 152L444 180Q474 260 488 420L498 610L454 616L440 430L424 300L446 705L154 705L176 300L160 430L146 616L102 610L112 420Q126 260 156 180Z',
      p.base,
      p,
      { motif: true },
    ) +
    part('M256 126L344 126L346 160L254 160Z', p.accent, p, { light: false }) +
    part('M154 688L446 688L446 705L154 705Z', p.accent, p, { light: false }) +
    line('M300 160L300 705', p.shade, 2) +
    buttons(306, [186, 226, 266, 306, 346, 386, 426], p.accent, 6) +
    line('M104 596L148 602M452 602L496 596', p.accent, 8) +
    line('M176 300L200 420M424 300L400 420', p.shade, 1.5, ' opacity=".4"'),
  nehru: (p) =>
    part(
      'M248 160L352 160L420 182Q430 232 412 290Q404 322 410 352L422 562L312 578L300 556L288 578L178 562L190 352Q196 322 188 290Q170 232 180 182Z',
      p.base,
      p,
      {
        motif: true,
      },
    ) +
    part('M262 138L338 138L340 164L260 164Z', p.base, p, { light: false }) +
    line('M300 164L300 556', p.shade, 2) +
    buttons(312, [196, 246, 296, 346, 396, 446], p.accent, 6) +
    line('M206 284L252 284M196 466L256 466M344 466L404 466', p.shade, 3),
  saree: (p) =>
    DRESS_FORM_NECK +
    part('M222 330Q300 320 378 330L424 700Q300 722 176 700Z', p.base, p, { motif: true }) +
    [262, 282, 300, 318, 338]
      .map((x, i) => line(`M${x + (i - 2) * 4} 420L${x + (i - 2) * 16} 708`, p.shade, 2, ' opacity=".55"'))
      .join('') +
    part('M250 172Q300 196 350 172L388 188L396 250L384 330Q300 342 216 330L204 250L212 188Z', p.second, p) +
    part('M176 690Q300 712 424 690L424 700Q300 722 176 700Z', p.accent, p, { light: false }) +
    part('M212 186L262 172L398 360L434 696L374 704L344 424Z', p.base, p, { motif: true }) +
    line('M262 172L398 360L434 696', p.accent, 8) +
    line('M212 186L344 424L374 704', p.accent, 5) +
    part('M374 664L434 656L434 696L374 704Z', p.accent, p, { light: false }),
  kurti: (p) =>
    part(
      'M242 165Q300 205 358 165L436 188Q466 270 480 420L440 432L418 300L452 650Q300 668 148 650L182 300L160 432L120 420Q134 270 164 188Z',
      p.base,
      p,
      { motif: true },
    ) +
    part('M242 165Q300 205 358 165L368 186Q300 262 232 186Z', p.accent, p, { light: false }) +
    line('M242 172Q300 226 358 172', p.shade, 1.5) +
    part('M152 626Q300 644 448 626L452 650Q300 668 148 650Z', p.accent, p, { light: false }) +
    line('M120 420L160 432M440 432L480 420', p.accent, 5),
  lehenga: (p) =>
    DRESS_FORM_NECK +
    part('M228 332Q300 322 372 332Q470 520 522 705Q300 742 78 705Q130 520 228 332Z', p.base, p, {
      motif: true,
    }) +
    [150, 200, 250, 300, 350, 400, 450]
      .map((x) => line(`M${260 + (x - 300) * 0.2} 350L${x} 716`, p.shade, 1.5, ' opacity=".35"'))
      .join('') +
    part('M92 660Q300 698 508 660L522 705Q300 742 78 705Z', p.accent, p, { light: false }) +
    line('M96 672Q300 710 504 672', p.base, 2, ' stroke-dasharray="2 10"') +
    part(
      'M248 176Q300 206 352 176L392 192L420 262L384 278L376 250L378 318Q300 330 222 318L224 250L216 278L180 262L208 192Z',
      p.second,
      p,
    ) +
    part('M226 318Q300 330 374 318L376 336Q300 346 224 336Z', p.accent, p, { light: false }),
  salwar: (p) =>
    part(
      'M210 540L390 540Q402 640 372 702L378 722L318 722L322 702Q306 640 300 604Q294 640 278 702L282 722L222 722L228 702Q198 640 210 540Z',
      p.second,
      p,
    ) +
    part(kurtaBody(596), p.base, p, { motif: true }) +
    part('M248 158Q300 196 352 158L346 154Q300 186 254 154Z', p.shade, p, { light: false }) +
    part(
      'M196 176Q300 262 404 176L432 188Q444 400 458 624L418 630Q406 420 394 236Q300 296 206 236Q194 420 182 630L142 624Q156 400 168 188Z',
      p.accent,
      p,
    ) +
    line('M146 610L182 616M418 616L454 610', p.base, 4),
  anarkali: (p) =>
    mirrored(part('M182 188Q150 260 138 420L128 600L168 606L182 430L206 290Z', p.base, p)) +
    part(
      'M250 165Q300 202 350 165L418 188L398 290L396 330Q480 520 522 700Q300 738 78 700Q120 520 204 330L202 290L182 188Z',
      p.base,
      p,
      {
        motif: true,
      },
    ) +
    [120, 170, 220, 270, 330, 380, 430, 480]
      .map((x) => line(`M${300 + (x - 300) * 0.38} 340L${x} 712`, p.shade, 1.5, ' opacity=".35"'))
      .join('') +
    part('M204 322Q300 334 396 322L398 342Q300 354 202 342Z', p.accent, p, { light: false }) +
    part('M90 668Q300 704 510 668L522 700Q300 738 78 700Z', p.accent, p, { light: false }) +
    line('M250 165Q300 202 350 165', p.accent, 4) +
    line('M128 590L168 596M432 596L472 590', p.accent, 5),
  dupatta: (p) => drape(p, false),
  stole: (p) => drape(p, true),
  potli: (p) =>
    line('M232 326Q300 120 368 326', p.accent, 5) +
    part('M200 340Q150 470 196 584Q300 654 404 584Q450 470 400 340Z', p.base, p, { motif: true }) +
    part('M212 344Q228 268 254 306Q276 252 300 300Q324 252 346 306Q372 268 388 344Z', p.base, p) +
    part('M204 336L396 336L400 364L200 364Z', p.accent, p, { light: false }) +
    buttons(300, [350], p.base, 4) +
    mirrored(
      line('M204 352Q176 420 184 470', p.accent, 3) +
        line('M184 470L178 520M184 470L186 522M184 470L194 518', p.accent, 3),
    ) +
    `<circle cx="300" cy="480" r="46" fill="none" stroke="${p.accent}" stroke-width="4"/><circle cx="300" cy="480" r="16" fill="${p.accent}"/>`,
  jhola: (p) =>
    line('M214 340Q214 130 300 130Q386 130 386 340', p.shade, 24) +
    line('M214 340Q214 130 300 130Q386 130 386 340', p.base, 16) +
    part('M168 330L432 330L452 664L148 664Z', p.base, p, { motif: true }) +
    part('M168 330L432 330L434 362L166 362Z', p.shade, p, { light: false }) +
    part('M230 430L370 430L374 580L226 580Z', p.accent, p, { light: false }) +
    `<g transform="translate(300 505)" fill="${p.base}">${[0, 60, 120]
      .map((a) => `<ellipse rx="10" ry="40" transform="rotate(${a})"/>`)
      .join('')}</g>`,
  cap: (p) =>
    part('M158 440Q156 256 300 242Q444 256 442 440Z', p.base, p) +
    line('M300 244L300 440M228 258Q208 340 216 440M372 258Q392 340 384 440', p.shade, 2, ' opacity=".55"') +
    part('M146 432Q300 468 454 432Q486 486 300 528Q114 486 146 432Z', p.shade, p) +
    line('M150 436Q300 474 450 436', p.base, 3, ' stroke-dasharray="6 8"') +
    `<circle cx="300" cy="244" r="10" fill="${p.shade}"/><circle cx="300" cy="360" r="30" fill="${p.accent}"/><path d="M289 350h22l-4 8h-10v6h8l-4 8h-4v6h-8z" fill="${p.base}"/>`,
};

/** A dupatta or stole hung over a rod: two falling panels, a woven border and tassels or fringe. */
function drape(p: Palette, stole: boolean): string {
  const half = stole ? 96 : 140;
  const back = `M${300 - half - 10} 150L${300 + half + 10} 150L${300 + half + 40} 560L${300 - half + 40} 590Z`;
  const front = `M${300 - half} 150L${300 + half} 150Q${300 + half - 10} 420 ${300 + half - 30} 660L${300 - half - 20} 640Q${300 - half - 10} 400 ${300 - half} 150Z`;
  const hemY = 640;
  const fringe = Array.from({ length: stole ? 22 : 9 }, (_, i) => {
    const x = 300 - half - 16 + (i * (2 * half - 12)) / (stole ? 21 : 8);
    // The hem slopes down 20 px from left to right, and the fringe follows it.
    const y = hemY + ((x - (300 - half - 20)) / (2 * half - 10)) * 20;
    return stole
      ? line(`M${x.toFixed(1)} ${(y + 2).toFixed(1)}L${x.toFixed(1)} ${(y + 26).toFixed(1)}`, p.accent, 2)
      : `${line(`M${x.toFixed(1)} ${(y + 2).toFixed(1)}L${x.toFixed(1)} ${(y + 18).toFixed(1)}`, p.accent, 2)}<circle cx="${x.toFixed(1)}" cy="${(y + 24).toFixed(1)}" r="6" fill="${p.accent}"/>`;
  }).join('');
  return (
    part(back, mix(p.base, '#000000', 0.12), p, { light: false }) +
    part(front, p.base, p, { motif: true }) +
    line(`M${300 - half - 16} 600L${300 + half - 28} 620`, p.accent, 16) +
    line(`M${300 - half - 17} 578L${300 + half - 27} 598`, p.accent, 3) +
    line(
      `M${300 - half * 0.3} 160Q${300 - half * 0.4} 400 ${300 - half * 0.3} 630M${300 + half * 0.35} 160Q${300 + half * 0.45} 400 ${300 + half * 0.3} 640`,
      p.shade,
      2,
      ' opacity=".35"',
    ) +
    fringe +
    line('M110 150L490 150', '#8a6a4a', 10) +
    `<circle cx="108" cy="150" r="12" fill="#8a6a4a"/><circle cx="492" cy="150" r="12" fill="#8a6a4a"/>`
  );
}

// ── backgrounds and motifs ─────────────────────────────────────────────────

type Backdrop = 'dots' | 'stripes' | 'lattice';

const BACKDROP_BY_CATEGORY: Record<string, Backdrop> = {
  'T Shirts': 'stripes',
  Tops: 'dots',
  Men: 'lattice',
  Women: 'dots',
  Accessories: 'lattice',
};

function backdropPattern(kind: Backdrop, colour: string): string {
  switch (kind) {
    case 'stripes':
      return `<pattern id="b" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="9" height="28" fill="${colour}"/></pattern>`;
    case 'dots':
      return `<pattern id="b" width="44" height="44" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="3.5" fill="${colour}"/><circle cx="33" cy="33" r="5" fill="none" stroke="${colour}" stroke-width="2"/></pattern>`;
    case 'lattice':
      return `<pattern id="b" width="50" height="50" patternUnits="userSpaceOnUse"><path d="M25 4L46 25L25 46L4 25Z" fill="none" stroke="${colour}" stroke-width="2"/><circle cx="25" cy="25" r="3" fill="${colour}"/></pattern>`;
  }
}

/** Fabric print on the garment: block-print buttis on ethnic wear, a faint knit texture on tees and tops. */
function fabricPattern(category: string, p: Palette): string {
  if (category === 'T Shirts' || category === 'Tops') {
    return `<pattern id="f" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="1.2" fill="${p.shade}" opacity=".18"/></pattern>`;
  }
  return `<pattern id="f" width="46" height="46" patternUnits="userSpaceOnUse"><g fill="${p.accent}" opacity=".7"><circle cx="12" cy="12" r="2.6"/><circle cx="12" cy="5" r="2"/><circle cx="12" cy="19" r="2"/><circle cx="5" cy="12" r="2"/><circle cx="19" cy="12" r="2"/><circle cx="35" cy="35" r="2.2"/></g></pattern>`;
}

const LIGHTING =
  '<linearGradient id="l" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".14"/></linearGradient>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function svgDocument(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>\n`;
}

function colourOf(product: SeedProduct, index = 0): string | undefined {
  return product.attributes.find((a) => a.key === 'color')?.values[index];
}

function artworkOf(product: SeedProduct) {
  const artwork = artworkById.get(product.id);
  if (!artwork) throw new Error(`No artwork entry for product ${product.id}`);
  return artwork;
}

const TWO_COLOUR_SETS = new Set<GarmentKind>(['saree', 'lehenga', 'salwar', 'kurtaset']);

/**
 * The palette of the product in one of its colours (its first by default). A two-colour set (a saree
 * with its blouse, a kurta with its pyjama) is drawn in the chosen colour with another of its colours as
 * the second.
 */
function paletteOf(product: SeedProduct, colour = colourOf(product) ?? 'Off White'): Palette {
  const ethnic = product.category !== 'T Shirts' && product.category !== 'Tops';
  const garment = artworkOf(product).garment;
  const colours = product.attributes.find((a) => a.key === 'color')?.values ?? [];
  const second = TWO_COLOUR_SETS.has(garment) ? colours.find((c) => c !== colour) : undefined;
  const palette = paletteFor(colour, ethnic, second);
  // A single-colour saree or lehenga is shown with a contrasting zari blouse, as they are usually sold.
  return !second && (garment === 'saree' || garment === 'lehenga')
    ? { ...palette, second: palette.accent }
    : palette;
}

/** The garment group with its defs, ready to place in any document. */
function garmentScene(product: SeedProduct, p: Palette): { defs: string; body: string } {
  const artwork = artworkOf(product);
  const drawn = drawers[artwork.garment](p, product.parentCategory ?? '');
  return {
    defs: fabricPattern(product.category, p),
    body: `<ellipse cx="300" cy="722" rx="210" ry="16" fill="#000" opacity=".08"/>${drawn}`,
  };
}

export function renderProductSvg(
  product: SeedProduct,
  view: 'main' | 'alt' = 'main',
  colour = colourOf(product),
): string {
  const p = paletteOf(product, colour);
  const scene = garmentScene(product, p);
  const backdrop = BACKDROP_BY_CATEGORY[product.category] ?? 'dots';
  const defs = `<defs>${LIGHTING}${scene.defs}${backdropPattern(backdrop, p.backgroundPattern)}</defs>`;
  const backdropLayer = `<rect width="${W}" height="${H}" fill="${p.background}"/><rect width="${W}" height="${H}" fill="url(#b)" opacity=".55"/><rect y="${H - 110}" width="${W}" height="110" fill="${p.backgroundPattern}" opacity=".35"/>`;
  // The alternate view is a close-up of the neckline and upper body, like a detail shot.
  const garment =
    view === 'alt' ? `<g transform="translate(-240 -140) scale(1.8)">${scene.body}</g>` : scene.body;
  const named = colour && colour !== colourOf(product) ? `${product.title} in ${colour}` : product.title;
  const title = view === 'alt' ? `${named} (detail)` : named;
  return svgDocument(W, H, title, defs + backdropLayer + garment);
}

/** A 380 px tall category card: three garments of the category side by side. */
export function renderCategorySvg(category: string, products: SeedProduct[]): string {
  const width = 760;
  const height = 380;
  const inCategory = products.filter((p) => p.category.toLowerCase() === category.toLowerCase());
  const picks: SeedProduct[] = [];
  for (const product of inCategory) {
    if (picks.length === 3) break;
    if (!picks.some((pick) => artworkOf(pick).garment === artworkOf(product).garment)) picks.push(product);
  }
  for (const product of inCategory) if (picks.length < 3 && !picks.includes(product)) picks.push(product);
  const first = picks[0];
  const bg = first ? paletteOf(first).background : '#f3eee6';
  const pattern = first ? paletteOf(first).backgroundPattern : '#e2d9cc';
  // Each garment scene uses its own pattern ids, so nest each in its own <svg> to keep ids local.
  const slots = [
    { x: 10, y: 40, s: 0.42 },
    { x: 250, y: 12, s: 0.48 },
    { x: 500, y: 40, s: 0.42 },
  ];
  const garments = picks
    .map((product, i) => {
      const slot = slots[picks.length === 1 ? 1 : i]!;
      const p = paletteOf(product);
      const scene = garmentScene(product, p);
      return `<svg x="${slot.x}" y="${slot.y}" width="${W * slot.s}" height="${H * slot.s}" viewBox="0 0 ${W} ${H}"><defs>${LIGHTING}${scene.defs}</defs>${scene.body}</svg>`;
    })
    .join('');
  const body = `<defs>${backdropPattern(BACKDROP_BY_CATEGORY[first?.category ?? ''] ?? 'dots', pattern)}</defs><rect width="${width}" height="${height}" fill="${bg}"/><rect width="${width}" height="${height}" fill="url(#b)" opacity=".5"/><rect y="${height - 60}" width="${width}" height="60" fill="${pattern}" opacity=".4"/>${garments}`;
  return svgDocument(width, height, `${category} collection`, body);
}

/** Wide hero art: a rail of garments across the right side, leaving the left calm for the headline. */
export function renderHeroSvg(products: SeedProduct[]): string {
  const width = 1600;
  const height = 700;
  const wanted: GarmentKind[] = ['tshirt', 'kurta', 'saree', 'croptop', 'sherwani', 'lehenga'];
  const picks = wanted
    .map(
      (kind) =>
        products.find((p) => artworkOf(p).garment === kind && p.featured) ??
        products.find((p) => artworkOf(p).garment === kind),
    )
    .filter((p): p is SeedProduct => p !== undefined);
  const step = 150;
  const scale = 0.58;
  const garments = picks
    .map((product, i) => {
      const p = paletteOf(product);
      const scene = garmentScene(product, p);
      const x = 540 + i * step;
      const y = i % 2 === 0 ? 96 : 84;
      const hook = y + 120 * scale;
      return `${line(`M${x + 300 * scale} 150L${x + 300 * scale} ${hook}`, '#8a6a4a', 2.5)}<svg x="${x}" y="${y}" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}"><defs>${LIGHTING}${scene.defs}</defs>${scene.body}</svg>`;
    })
    .join('');
  const body = [
    '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fbf3e6"/><stop offset="1" stop-color="#f3dcc4"/></linearGradient>',
    '<pattern id="b" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M30 6L54 30L30 54L6 30Z" fill="none" stroke="#e8cdb0" stroke-width="2"/><circle cx="30" cy="30" r="4" fill="#e6c3a0"/></pattern></defs>',
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<rect x="600" width="1000" height="${height}" fill="url(#b)" opacity=".7"/>`,
    `<circle cx="1120" cy="380" r="330" fill="#c2410c" opacity=".07"/>`,
    `<rect y="${height - 120}" width="${width}" height="120" fill="#e9cfb4" opacity=".5"/>`,
    line('M560 150L1590 150', '#8a6a4a', 8),
    garments,
    '<path d="M0 650Q400 610 800 650T1600 650V700H0Z" fill="#c2410c" opacity=".12"/>',
  ].join('');
  return svgDocument(width, height, 'Statefront: T-shirts, tops and ethnic wear made in India', body);
}

export function renderLogoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 56" width="240" height="56" role="img"><title>Statefront</title><rect x="4" y="4" width="48" height="48" rx="11" fill="#c2410c"/><path d="M17 15h22l-3 7h-11v6h9l-3 7h-6v7h-8z" fill="#fff"/><text x="64" y="38" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="28" font-weight="700" letter-spacing=".5" fill="#1f1a17">Statefront</text></svg>\n`;
}

/** The stock photo shown in place of a broken product image: a neutral stack of folded garments. */
export function renderDefaultProductSvg(): string {
  const fold = (y: number, fill: string, edge: string) =>
    `<path d="M150 ${y}h300a16 16 0 0 1 16 16v64a16 16 0 0 1-16 16H150a16 16 0 0 1-16-16v-64a16 16 0 0 1 16-16z" fill="${fill}" stroke="${edge}" stroke-width="2"/><path d="M150 ${y + 70}h300" stroke="${edge}" stroke-width="2" opacity=".5"/>`;
  const body = [
    '<rect width="600" height="750" fill="#f2efea"/>',
    '<ellipse cx="300" cy="612" rx="220" ry="18" fill="#000" opacity=".07"/>',
    fold(492, '#cfc8bd', '#a79e91'),
    fold(392, '#ddd6cb', '#b2a99c'),
    fold(292, '#e9e3d9', '#bdb4a7'),
    '<path d="M252 292l48 40 48-40" fill="#f5f1ea" stroke="#bdb4a7" stroke-width="2"/>',
    '<path d="M300 332v58" stroke="#bdb4a7" stroke-width="2"/><circle cx="300" cy="352" r="4" fill="#bdb4a7"/><circle cx="300" cy="376" r="4" fill="#bdb4a7"/>',
  ].join('');
  return svgDocument(600, 750, 'Product photo coming soon', body);
}

export function renderPlaceholderSvg(): string {
  const body =
    '<rect width="600" height="750" fill="#e5e5e5"/><g fill="none" stroke="#b5b5b5" stroke-width="10" stroke-linejoin="round"><rect x="220" y="305" width="160" height="140" rx="14"/><path d="M232 430l46-52 34 36 22-22 34 38"/></g><circle cx="340" cy="342" r="13" fill="#b5b5b5"/>';
  return svgDocument(600, 750, 'Image placeholder', body);
}

export interface StoreCategories {
  categories: string[];
}

/** Every file the generator writes, relative to public/images, with its contents. */
export function renderAll(products: SeedProduct[], store: StoreCategories): Map<string, string> {
  const files = new Map<string, string>();
  for (const product of products) {
    // Every picture the catalogue lists, each drawn in the colour it is keyed by.
    for (const image of product.images) {
      const view = image.url.endsWith('-alt.svg') ? 'alt' : 'main';
      files.set(
        image.url.replace(/^\/images\//, ''),
        renderProductSvg(product, view, image.color ?? undefined),
      );
    }
  }
  for (const category of store.categories) {
    files.set(`categories/${slugify(category)}.svg`, renderCategorySvg(category, products));
  }
  files.set('hero.svg', renderHeroSvg(products));
  files.set('logo.svg', renderLogoSvg());
  files.set('default-product.svg', renderDefaultProductSvg());
  files.set('placeholder.svg', renderPlaceholderSvg());
  return files;
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const out = join(root, 'public', 'images');
  const store = JSON.parse(readFileSync(join(root, 'store.config.json'), 'utf8')) as StoreCategories;
  const files = renderAll(catalogue, store);
  // Generated folders are rewritten whole, so removed products leave no stale artwork behind.
  for (const folder of ['products', 'categories'])
    rmSync(join(out, folder), { recursive: true, force: true });
  let bytes = 0;
  for (const [path, svg] of files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), svg);
    bytes += svg.length;
  }
  const products = readdirSync(join(out, 'products')).length;
  console.log(
    `Wrote ${files.size} SVG files (${products} product views, ${(bytes / 1024).toFixed(0)} KB) to ${out}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
