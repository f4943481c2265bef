import { fromPromise } from 'xstate';
import { toDisplayProduct } from '../../../machines/catalogue.model';
import { type FetchSuggestionsInput, type Suggestion, searchMachine } from '../../../machines/search.machine';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideSearchMachine(deps: LiveDeps) {
  const { client } = deps;
  return searchMachine.provide({
    actors: {
      // The machine stops this actor when a newer keystroke arrives; the signal then aborts the request.
      fetchSuggestions: fromPromise(
        async ({ input, signal }: { input: FetchSuggestionsInput; signal: AbortSignal }) => {
          const body = await call(
            client.GET('/products', { params: { query: { q: input.q, limit: input.limit } }, signal }),
            'Failed to load suggestions',
          );
          return (body.data ?? []).map((p): Suggestion => {
            const { id, name, category, price, image } = toDisplayProduct(p);
            return { id, name, category, price, image };
          });
        },
      ),
    },
    actions: { logError: logErrorAs(deps, 'Search suggestions') },
  });
}
