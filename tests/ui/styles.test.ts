/**
 * The style rules of the theme, checked on the sources so a change cannot bring back what they replaced:
 * colours come from tokens, the card surface lives in the card recipe, recipes name their JSX wrappers
 * and generate only the variants the app uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import pandaConfig from '../../panda.config';
import { theme } from '../../src/theme/theme';

const root = join(import.meta.dirname, '../..');
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Everything outside src/theme (where tokens and recipes may hold raw values), with its text. */
const appSources = sourceFiles(src)
  .filter((path) => !path.startsWith(join(src, 'theme')))
  .map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') }));

/** The argument text of every `css(…)` call: the style objects written in place. */
function cssCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/\bcss\(/g)) {
    let depth = 0;
    const start = match.index + match[0].length;
    for (let i = start - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(start, i));
        break;
      }
    }
  }
  return calls;
}

/** The card recipe's surface written out again: its radius with its shadow or its background. */
const isCardSurface = (style: string) =>
  style.includes("borderRadius: 'card'") &&
  (style.includes("boxShadow: 'card'") || style.includes("bg: 'bg.surface'"));

// A colour literal (#abc, #aabbcc, #aabbccdd), not an HTML entity such as &#8230;.
const HEX_COLOUR = /(?<![&\w])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/gi;

type RecipeConfig = {
  jsx?: Array<string | RegExp>;
  variants?: Record<string, Record<string, unknown>>;
  defaultVariants?: Record<string, unknown>;
  staticCss?: Array<Record<string, string[]>>;
};
const recipes = Object.entries({ ...theme.recipes, ...theme.slotRecipes }) as [string, RecipeConfig][];

/** How a variant can be chosen in the app: a recipe call `key: 'value'` or a wrapper prop `key="value"`. */
function chooses(key: string, value: string, text: string): boolean {
  if (value === 'true') return new RegExp(`\\b${key}(: true|=\\{true\\}|[\\s/>])`).test(text);
  return text.includes(`${key}: '${value}'`) || text.includes(`${key}="${value}"`);
}

describe('style sources', () => {
  it('has no hex colour outside the theme when src/features, src/components and src/app are read', () => {
    const found = appSources.flatMap(({ file, text }) =>
      [...text.matchAll(HEX_COLOUR)].map((match) => `${file}: ${match[0]}`),
    );
    expect(found).toEqual([]);
    // The check itself sees a colour in a style and passes over an entity.
    expect("css({ color: '#c95a33' }) &#8230;".match(HEX_COLOUR)).toEqual(['#c95a33']);
  });

  it('keeps the card surface in the card recipe when every css() call is read', () => {
    const pasted = appSources.flatMap(({ file, text }) =>
      cssCalls(text)
        .filter(isCardSurface)
        .map((style) => `${file}: ${style.replace(/\s+/g, ' ').slice(0, 80)}`),
    );
    expect(pasted).toEqual([]);
    expect(isCardSurface("{ bg: 'bg.surface', borderRadius: 'card', p: '6' }")).toBe(true);
    expect(cssCalls('css({ a: f(1) }) cx(css({ b: 2 }))')).toEqual(['{ a: f(1) }', '{ b: 2 }']);
  });

  it('uses the card recipe in place of the pasted surfaces', () => {
    const users = appSources.filter(({ text }) => /<Card\b|\bcard\(/.test(text));
    expect(users.length).toBeGreaterThanOrEqual(15);
  });

  it('generates variants from what the app uses, with no staticCss of every recipe in panda.config', () => {
    const staticCss = (pandaConfig as { staticCss?: { recipes?: unknown } }).staticCss;
    expect(JSON.stringify(staticCss?.recipes ?? null)).not.toContain('*');
  });

  it('names the JSX wrappers of every recipe', () => {
    for (const [name, recipe] of recipes) {
      expect(recipe.jsx?.length, `${name} has no jsx list`).toBeGreaterThan(0);
    }
  });

  it('chooses every variant a recipe defines somewhere, or lists it as picked at run time', () => {
    const everything = appSources.map(({ text }) => text).join('\n');
    const unused: string[] = [];
    for (const [name, recipe] of recipes) {
      for (const [key, values] of Object.entries(recipe.variants ?? {})) {
        const atRunTime = new Set(recipe.staticCss?.flatMap((rule) => rule[key] ?? []) ?? []);
        for (const value of Object.keys(values)) {
          const chosen =
            String(recipe.defaultVariants?.[key]) === value ||
            atRunTime.has(value) ||
            atRunTime.has('*') ||
            chooses(key, value, everything);
          if (!chosen) unused.push(`${name}.${key}.${value}`);
        }
      }
    }
    expect(unused).toEqual([]);
    expect(chooses('variant', 'glass', "button({ variant: 'outline' })")).toBe(false);
  });
});
