import { fromPromise } from 'xstate';
import { type ApiTestInput, apiTestMachine, type ConnectionCheck } from '../../../machines/api-test.machine';
import { createApiClient, resolveApiBase } from '../../api/client';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';

/** Where this page is and where it looks for the API, as the diagnostic shows them. */
export function apiTestInput(): ApiTestInput {
  const { hostname, host, origin } = window.location;
  const servedBy = document.querySelector('meta[name="api-served-by"]')?.getAttribute('content');
  const base = resolveApiBase({
    location: window.location,
    override: import.meta.env.VITE_API_BASE,
    servedBy,
  });
  return { hostname, host, apiBase: base.startsWith('/') ? `${origin}${base}` : base };
}

export function provideApiTestMachine(deps: LiveDeps) {
  return apiTestMachine.provide({
    actors: {
      // A client of its own on exactly the base shown, looking fetch up at call time (the diagnostic
      // must test the real address, not the app's client).
      checkConnection: fromPromise<ConnectionCheck, { apiBase: string }>(async ({ input }) => {
        const client = createApiClient(input.apiBase, (request, init) => fetch(request, init));
        const { data, error } = await client.GET('/storeInfo');
        return data && !error ? { ok: true } : { ok: false, error };
      }),
    },
    actions: { logError: logErrorAs(deps, 'API test failed') },
  });
}
