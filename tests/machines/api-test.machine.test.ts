import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  apiTestMachine,
  CONNECTION_FAILED,
  type ConnectionCheck,
  DEFAULT_API_HOST,
} from '../../machines/api-test.machine';

const LOCAL = { hostname: 'localhost', host: 'localhost:5173', apiBase: 'http://localhost:8044/api/v1' };

/** The machine with `checkConnection` answering `answer`, and what it logged. */
function start(answer: () => Promise<ConnectionCheck>, input = LOCAL) {
  const logged: unknown[] = [];
  const bases: string[] = [];
  const actor = createActor(
    apiTestMachine.provide({
      actors: {
        checkConnection: fromPromise<ConnectionCheck, { apiBase: string }>(({ input }) => {
          bases.push(input.apiBase);
          return answer();
        }),
      },
      actions: { logError: (_, params) => void logged.push(params.error) },
    }),
    { input },
  ).start();
  return { actor, logged, bases };
}

describe('apiTestMachine', () => {
  it('shows the fixed default host when the page runs on localhost', () => {
    const { actor } = start(async () => ({ ok: true }));
    expect(actor.getSnapshot().context).toMatchObject({
      hostname: 'localhost',
      apiBase: 'http://localhost:8044/api/v1',
      hostHeader: DEFAULT_API_HOST,
      error: null,
    });
  });

  it("shows the page's own host when it runs anywhere else", () => {
    const { actor } = start(async () => ({ ok: true }), {
      hostname: 'shop.example.in',
      host: 'shop.example.in',
      apiBase: 'https://api.shop.example.in/api/v1',
    });
    expect(actor.getSnapshot().context.hostHeader).toBe('shop.example.in');
  });

  it('calls the API base it shows and is connected when the API answers with data', async () => {
    const { actor, bases } = start(async () => ({ ok: true }));
    actor.send({ type: 'apiTest.run' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('connected'));
    expect(bases).toEqual(['http://localhost:8044/api/v1']);
  });

  it('says the connection failed and logs the answer when the API answers with an error', async () => {
    const { actor, logged } = start(async () => ({ ok: false, error: { error: 'down' } }));
    actor.send({ type: 'apiTest.run' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(CONNECTION_FAILED);
    expect(logged).toEqual([{ error: 'down' }]);
  });

  it('shows the unexpected error with its message when no answer comes', async () => {
    const failure = new TypeError('Failed to fetch');
    const { actor, logged } = start(() => Promise.reject(failure));
    actor.send({ type: 'apiTest.run' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Unexpected error: Failed to fetch');
    expect(logged).toEqual([failure]);
  });

  it('clears the last error while it tries again', async () => {
    let ok = false;
    const { actor } = start(async () => (ok ? { ok: true } : { ok: false, error: null }));
    actor.send({ type: 'apiTest.run' });
    await waitFor(actor, (s) => s.matches('failed'));
    ok = true;
    actor.send({ type: 'apiTest.run' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('connected'));
  });
});
