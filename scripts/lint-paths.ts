/**
 * Fails when the README, a doc under docs/ or a comment in the sources names a repository file that does
 * not exist: a renamed or deleted file leaves its old name behind in prose, and a reader
 * who follows it finds nothing. Run by `npm run lint`.
 *
 * A path counts when it starts at a top-level folder (`server/…`, `.ci/…`) or is a top-level file
 * (`package.json`, `vite.config.ts`), when a comment writes it relative to its own file (`./<file>.ts`), or
 * when a markdown link points at it (relative to the doc's folder). Globs and placeholders (`*`, `<name>`,
 * `{id}`, `…`, `X`), URLs and lines marked `lint-paths: ignore` are skipped; a folder passes when it exists.
 *
 * It also fails when README.md grows past 300 lines: the README says what the shop is,
 * how to start it, how to configure it and where things are; the long reads live under docs/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT_FOLDERS = [
  'src',
  'machines',
  'shared',
  'server',
  'contract',
  'scripts',
  'tests',
  'docs',
  'public',
  'deploy',
  '.ci',
];

/** Top-level files a doc may name without a folder; any `*.config.*` name counts too. */
const ROOT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'openapi.yaml',
  'redocly.yaml',
  'biome.json',
  'index.html',
  'store.config.json',
  'README.md',
  'knip.jsonc',
  '.madgerc',
  '.npmrc',
  '.gitignore',
];

/** Where comments are read: the sources, the tools around them and the top-level config files. */
const SOURCE_FOLDERS = ['src', 'machines', 'shared', 'server', 'contract', 'scripts', 'tests'];
const GENERATED = new Set(['contract/schema.d.ts']);
const IGNORE_MARKER = 'lint-paths: ignore';
/** Other projects' trees that start like ours: PostgreSQL's sources (server/catalogue/search-index.ts). */
const EXTERNAL = ['src/backend/'];

export type ScannedFile = { path: string; text: string };
export type StalePath = { file: string; line: number; path: string };

const PATH_CHARS = String.raw`[\w.\-/@$~+*<>{}…]`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BEFORE = String.raw`(?<![\w.\-/@$~:])`;
const ROOTED = new RegExp(
  String.raw`${BEFORE}(?:\./)?(?:(?:${ROOT_FOLDERS.map(escapeRegExp).join('|')})/${PATH_CHARS}*|(?:${ROOT_FILES.map(escapeRegExp).join('|')}|[\w-]+\.config\.[cm]?[jt]s)(?![\w.\-/]))`,
  'g',
);
const RELATIVE = new RegExp(String.raw`${BEFORE}\.\.?/${PATH_CHARS}+`, 'g');
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** A module specifier may leave out its extension or name a folder's index. */
const RESOLUTIONS = ['', '.ts', '.tsx', '.js', '.d.ts', '/index.ts', '/index.tsx'];

const isExternal = (path: string) => EXTERNAL.some((prefix) => path.startsWith(prefix));

/** A dot-folder such as `./.data` is made at run time (and ignored by git), not a file of the repository. */
const isRuntimeFolder = (path: string) =>
  path.split('/').some((part) => /^\.[\w-]/.test(part) && part !== '.ci');

const isPlaceholder = (path: string) =>
  /[*<>{}…$]/.test(path) || /(^|\/)X+(\.|\/|$)/.test(path) || path.includes('...');

const trimTrailing = (path: string) => path.replace(/[.\-~+@]+$/, '');

/** Every file git tracks, with every folder above it (as `folder/`). */
export function knownPaths(files: readonly string[]): Set<string> {
  const known = new Set<string>();
  for (const file of files) {
    known.add(file);
    for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) known.add(`${dir}/`);
  }
  return known;
}

function exists(path: string, known: ReadonlySet<string>): boolean {
  const clean = posix.normalize(path).replace(/^\.\//, '');
  if (clean === '' || clean === '.' || clean === './') return true;
  if (clean.endsWith('/')) return known.has(clean);
  return RESOLUTIONS.some((ext) => known.has(clean + ext)) || known.has(`${clean}/`);
}

/** The comments of a TypeScript file as [line, text] pairs (1-based lines, one entry per line). */
function commentLines(path: string, text: string): [number, string][] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const seen = new Set<number>();
  const lines: [number, string][] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const start = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      text
        .slice(range.pos, range.end)
        .split('\n')
        .forEach((line, i) => {
          lines.push([start + i, line]);
        });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return lines.sort((a, b) => a[0] - b[0]);
}

function markdownLines(text: string): [number, string][] {
  return text.split('\n').map((line, i) => [i + 1, line]);
}

/** Names in one line of prose that point at no file: rooted paths, relative paths and markdown links. */
function staleInLine(file: string, line: string, known: ReadonlySet<string>): string[] {
  if (line.includes(IGNORE_MARKER)) return [];
  const stale: string[] = [];
  const fileDir = posix.dirname(file);
  const inside = (path: string) => !posix.normalize(path).startsWith('../');
  const markdown = file.endsWith('.md');
  // A markdown link's target is read from the doc's folder below, not from the repository's root.
  const prose = (markdown ? line.replace(MARKDOWN_LINK, ']') : line).replace(
    /\b[a-z][a-z+.-]*:\/\/\S+/gi,
    ' ',
  );
  for (const match of prose.matchAll(ROOTED)) {
    const path = trimTrailing(match[0]);
    if (isPlaceholder(path) || isExternal(path)) continue;
    if (!exists(path, known)) stale.push(path);
  }
  // In a doc, `./<name>` is usually a shell's working folder (a command's output file), so only comments
  // are read relative to their file.
  for (const match of markdown ? [] : prose.matchAll(RELATIVE)) {
    const path = trimTrailing(match[0]);
    if (isPlaceholder(path) || isRuntimeFolder(path) || path === '.' || path === '..') continue;
    const fromFile = posix.join(fileDir, path);
    if (!inside(fromFile) || exists(fromFile, known)) continue;
    stale.push(path);
  }
  if (markdown) {
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const target = (match[1] ?? '').replace(/[#?].*$/, '');
      if (!target || /^[a-z][a-z+.-]*:/i.test(target) || isPlaceholder(target)) continue;
      const path = target.startsWith('/') ? target.slice(1) : posix.join(fileDir, target);
      if (!inside(path) || !exists(path, known)) stale.push(target);
    }
  }
  return [...new Set(stale)];
}

/** Every name in the files' docs and comments that points at no path in `known` (see knownPaths). */
export function findStalePaths(files: readonly ScannedFile[], known: ReadonlySet<string>): StalePath[] {
  const stale: StalePath[] = [];
  for (const { path, text } of files) {
    const lines = path.endsWith('.md') ? markdownLines(text) : commentLines(path, text);
    for (const [line, content] of lines) {
      for (const name of staleInLine(path, content, known)) stale.push({ file: path, line, path: name });
    }
  }
  return stale;
}

export const README_MAX_LINES = 300;

/** Why the README is too long, or null when it fits: a final newline does not count as a line. */
export function readmeOverLength(text: string): string | null {
  const lines = text.replace(/\n$/, '').split('\n').length;
  if (lines <= README_MAX_LINES) return null;
  return `README.md is ${lines} lines, over its ${README_MAX_LINES}: move the long reads to a page under docs/ and link it`;
}

/** The README, docs/ and every source, script, test and top-level config file git tracks. */
export function scannedPaths(tracked: readonly string[]): string[] {
  return tracked.filter((path) => {
    if (GENERATED.has(path)) return false;
    if (path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md'))) return true;
    if (!path.includes('/')) return /\.config\.ts$/.test(path);
    const top = path.slice(0, path.indexOf('/'));
    return SOURCE_FOLDERS.includes(top) && /\.(tsx?|md)$/.test(path);
  });
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  // Untracked files count as soon as they exist (a new file is named before it is committed).
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => path && existsSync(resolve(root, path)));
  const files = scannedPaths(tracked).map((path) => ({
    path,
    text: readFileSync(resolve(root, path), 'utf8'),
  }));
  const stale = findStalePaths(files, knownPaths(tracked));
  for (const { file, line, path } of stale)
    console.error(`${file}:${line}: names ${path}, which does not exist`);
  if (stale.length > 0)
    console.error(`\n${stale.length} stale path(s): point them at the file that exists, or reword.`);
  // The README is among the scanned files: its text is already read.
  const long = readmeOverLength(files.find((file) => file.path === 'README.md')?.text ?? '');
  if (long) console.error(long);
  if (stale.length > 0 || long) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
