/**
 * Writes src/api/bearer-operations.ts from openapi.yaml: the operations whose `security` accepts a
 * bearer token (required or optional). The client sends `Authorization` only on those, so the public
 * reads (`/storeInfo`, `/products`, …) stay cacheable by a CDN. Run by `npm run gen:api`;
 * `npm run check:api` runs it with `--check`, which exits 1 when the file does not match the contract.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type SecurityRequirement = Record<string, string[]>;
type Operation = { operationId?: string; security?: SecurityRequirement[] };
export type OpenApiDocument = {
  security?: SecurityRequirement[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
};

/**
 * "METHOD /path" of every operation whose effective security (its own, else the document's) names a
 * scheme in any requirement: such a call may carry credentials. `[]` or only `{}` means public.
 */
export function bearerOperations(doc: OpenApiDocument): string[] {
  const keys: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? doc.security ?? [];
      if (security.some((requirement) => Object.keys(requirement).length > 0))
        keys.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return keys.sort();
}

export function renderModule(keys: string[]): string {
  const lines = keys.map((key) => `  '${key}',`).join('\n');
  return `// Generated from openapi.yaml by \`npm run gen:api\` (scripts/gen-api-security.ts). Do not edit.

/** "METHOD /path" of the operations whose contract accepts a bearer token; every other call is public. */
export const BEARER_OPERATIONS: ReadonlySet<string> = new Set([
${lines}
]);
`;
}

export const OUTPUT = 'src/api/bearer-operations.ts';

function main() {
  const doc = parse(readFileSync('openapi.yaml', 'utf8')) as OpenApiDocument;
  const text = renderModule(bearerOperations(doc));
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== text) {
      console.error(`${OUTPUT} does not match openapi.yaml: run \`npm run gen:api\`.`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(OUTPUT, text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
