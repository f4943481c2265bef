/**
 * Build-time: drops the `description` texts from the state machines (machines/*.machine.ts) in the
 * production bundle. They are for people — the Stately visualiser's tooltips, the diagrams, the
 * journeys, the tests that insist every state has one — and no code reads them at run time, yet the
 * root machines' descriptions alone were about 1.5 KB of the home page's brotli JavaScript. Sources,
 * tests and `npm run dev` keep them; only `vite build` strips them.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

export const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/**
 * The source without its `description: '<text>'` properties (string or plain template literals only,
 * with the comma after each); null when there is nothing to drop. Each one is blanked with spaces
 * (line breaks kept), so every other character keeps its line and column and the source map holds.
 */
export function stripDescriptions(code: string, id = 'machine.ts') {
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ranges: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'description' &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      let end = node.getEnd();
      // Take the comma that follows, so `{ a, description: 'x', b }` stays valid.
      const rest = code.slice(end);
      const comma = /^\s*,/.exec(rest);
      if (comma) end += comma[0].length;
      ranges.push([node.getStart(source), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (ranges.length === 0) return null;
  let out = code;
  for (const [start, end] of ranges.reverse())
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, ' ') + out.slice(end);
  return { code: out, dropped: ranges.length };
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'statefront-strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id.split('?')[0] ?? id)) return null;
      const result = stripDescriptions(code, id);
      // Positions are unchanged, so the existing source map stays right (map: null says so).
      return result ? { code: result.code, map: null } : null;
    },
  };
}
