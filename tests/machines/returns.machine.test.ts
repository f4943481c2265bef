import { expect } from 'vitest';
import { nextReturnStatus, type ReturnKind, type ReturnStatus } from '../../shared/return-lifecycle';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

// The return lifecycle emits nothing: each step must move the return exactly as `nextReturnStatus`
// (what the server runs) says, for a return and for an exchange; where it says no move, nothing moves.
describeModel(modelNamed('returns'), () => [], {
  shows: ({ event, from, to }) => {
    if (!from) return;
    const kind = (from.context as { kind: ReturnKind }).kind;
    expect(to.value).toBe(
      nextReturnStatus(from.value as ReturnStatus, kind, event.type as never) ?? from.value,
    );
  },
});
