import { cpSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Puts the run's seeded PGlite database (`template`, made once by tests/setup/database-template.ts)
 * into `dataDir`: what a server's first start there would make (a new cluster, migrated and seeded
 * with the demo catalogue), without the ≈ 5 s that takes on a busy machine.
 */
export function copySeededPglite(template: string, dataDir: string): void {
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}
