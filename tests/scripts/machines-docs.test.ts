import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineDoc, readme } from '../../scripts/machines-diagram';
import { models } from '../machines/support/models';

/** docs/machines/ is generated (diagram, journeys, how to run one): regenerated here, it must not differ. */
const docs = join(import.meta.dirname, '../../docs/machines');
const stale = 'is out of date: run `npm run machines:diagram` and commit docs/machines/';

describe('docs/machines', () => {
  it.each(models.map((m) => [m.name, m] as const))(
    '%s.md matches its machine and journeys',
    (name, model) => {
      expect(readFileSync(join(docs, `${name}.md`), 'utf8'), `docs/machines/${name}.md ${stale}`).toBe(
        machineDoc(name, model.machine),
      );
    },
  );

  it('README.md matches the generator', () => {
    expect(readFileSync(join(docs, 'README.md'), 'utf8'), `docs/machines/README.md ${stale}`).toBe(readme());
  });

  it('lists the browser steps of the checkout and payment journeys and how to run one', () => {
    for (const name of ['checkout', 'payment']) {
      const page = readFileSync(join(docs, `${name}.md`), 'utf8');
      expect(page).toContain(`npm run test:journeys -- --file one.json`);
      expect(page).toMatch(/ {3}- browser: .+\n {3}- page: .+/);
    }
  });
});
