import { modelNamed } from '../tests/machines/support/models';
import { definitionOf, generatePaths, replayPath } from '../tests/machines/support/graph';
const base = modelNamed('my-orders');
const m = { ...base, events: (s: any) => base.events(s).filter((e) => e.type !== 'orders.retry') };
(async () => {
  const taken = new Set<string>();
  for (const p of generatePaths(m)) for (const t of (await replayPath(m, p)).transitionsTaken) taken.add(t);
  console.log(definitionOf(m.machine).transitions.filter((t) => !taken.has(t)));
})();
