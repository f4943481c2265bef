import { modelNamed } from '../tests/machines/support/models';
import { generatePaths, replayPath } from '../tests/machines/support/graph';
const m = modelNamed('payment');
const paths = generatePaths(m);
const p = paths.find((p) => p.caseTitle.startsWith('without'))!;
replayPath(m, p).then((r) => console.log(r.steps.map((s) => [s.actual.value, s.actual.status, (s.actual as any).error])), (e) => console.log('E', e));
