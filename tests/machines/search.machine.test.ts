import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type FetchSuggestionsInput, type Suggestion, searchMachine } from '../../machines/search.machine';
import { kurtaSuggestion, modelNamed, teeSuggestion } from './support/models';
import { answerOf, before, describeModel, failed, type StepView } from './support/suite';

type Ctx = { text: string; query: string; suggestions: Suggestion[]; highlighted: number };
const ctxBefore = (step: StepView): Ctx =>
  before(step, (c) => c as unknown as Ctx, { text: '', query: '', suggestions: [], highlighted: -1 });

/** What the box and its list show after the step, worked out from the spec of the search box. */
function expected(step: StepView): Ctx & { loading: boolean } {
  const was = ctxBefore(step);
  const e = step.event as { type: string; text?: string; id?: string; q?: string };
  const closed = { ...was, suggestions: [], highlighted: -1, loading: false };
  const unchanged = { ...was, loading: Boolean(step.from?.hasTag('loading')) };
  // The arrow keys move through a list on show; an empty one (or one still awaited) has nothing to move to.
  const listShown = step.from?.value === 'open' && was.suggestions.length > 0;
  switch (e.type) {
    case 'search.type': {
      const text = e.text ?? '';
      // Two characters or more: the earlier list stays while the next one is awaited.
      if (text.trim().length >= 2) return { ...was, text, highlighted: -1, loading: false };
      return { ...closed, text };
    }
    case 'search.next':
      if (!listShown) return unchanged;
      return { ...was, highlighted: (was.highlighted + 1) % was.suggestions.length, loading: false };
    case 'search.previous':
      if (!listShown) return unchanged;
      return {
        ...was,
        highlighted: was.highlighted <= 0 ? was.suggestions.length - 1 : was.highlighted - 1,
        loading: false,
      };
    case 'search.submit':
      return was.suggestions[was.highlighted] || was.text.trim() ? closed : unchanged;
    case 'search.pick':
      // Only a product the list offers can be picked.
      return was.suggestions.some((s) => s.id === e.id) ? closed : unchanged;
    case 'search.close':
      return closed;
    case 'search.sync':
      // Another page shows its search (none: an empty box); the same search keeps what is typed.
      return e.q === was.query ? unchanged : { ...closed, text: e.q ?? '', query: e.q ?? '' };
  }
  const answer = answerOf<Suggestion[]>(step, 'fetchSuggestions');
  if (answer) return { ...was, suggestions: answer, highlighted: -1, loading: false };
  if (failed(step, 'fetchSuggestions')) return closed;
  // The pause is over: the request starts.
  if (e.type.startsWith('xstate.after.')) return { ...was, loading: true };
  return { ...was, loading: false };
}

describeModel(
  modelNamed('search'),
  (step) => {
    const was = ctxBefore(step);
    const e = step.event as { type: string; id?: string };
    if (e.type === 'search.submit') {
      const highlighted = was.suggestions[was.highlighted];
      if (highlighted) return [{ type: 'navigate', to: `/product/${highlighted.id}` }];
      const text = was.text.trim();
      return text ? [{ type: 'navigate', to: `/products?q=${encodeURIComponent(text)}` }] : [];
    }
    if (e.type === 'search.pick' && was.suggestions.some((s) => s.id === e.id))
      return [{ type: 'navigate', to: `/product/${e.id}` }];
    return [];
  },
  {
    shows: (step) => {
      const { loading, ...shown } = expected(step);
      const { text, query, suggestions, highlighted } = step.to.context as Ctx;
      expect({ text, query, suggestions, highlighted }).toEqual(shown);
      expect(step.to.hasTag('loading')).toBe(loading);
    },
    sends: {
      fetchSuggestions: (step) => ({ q: ctxBefore(step).text.trim(), limit: 6 }),
    },
  },
);

describe('searchMachine', () => {
  const deferred = () => {
    const calls: { input: FetchSuggestionsInput; signal: AbortSignal; resolve: (s: Suggestion[]) => void }[] =
      [];
    const machine = searchMachine.provide({
      delays: { suggestDelay: 0 },
      actors: {
        fetchSuggestions: fromPromise<Suggestion[], FetchSuggestionsInput>(
          ({ input, signal }) => new Promise((resolve) => calls.push({ input, signal, resolve })),
        ),
      },
    });
    return { machine, calls };
  };
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  it('asks once after a pause, for the latest text only', async () => {
    const { machine, calls } = deferred();
    const actor = createActor(machine, { input: {} }).start();
    for (const text of ['ku', 'kur', 'kurt', 'kurta']) actor.send({ type: 'search.type', text });
    await tick();
    expect(calls.map((c) => c.input)).toEqual([{ q: 'kurta', limit: 6 }]);
    actor.stop();
  });

  it('cancels a request under way when a newer keystroke arrives, and ignores its late answer', async () => {
    const { machine, calls } = deferred();
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'search.type', text: 'tee' });
    await tick();
    expect(calls).toHaveLength(1);
    actor.send({ type: 'search.type', text: 'kurta' });
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve([teeSuggestion]);
    await tick();
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
    calls[1]?.resolve([kurtaSuggestion]);
    await tick();
    expect(actor.getSnapshot().context.suggestions).toEqual([kurtaSuggestion]);
    actor.stop();
  });

  it('goes to the results for the text, trimmed and with inner spaces folded', () => {
    const actor = createActor(searchMachine, { input: {} }).start();
    const emitted: unknown[] = [];
    actor.on('navigate', (e) => {
      emitted.push(e);
    });
    actor.send({ type: 'search.type', text: '  silk   saree ' });
    actor.send({ type: 'search.submit' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/products?q=silk+saree' }]);
    actor.stop();
  });

  it('shows the search of the page the shopper lands on, and empties off the results page', () => {
    const actor = createActor(searchMachine, { input: { query: 'kurta' } }).start();
    expect(actor.getSnapshot().context.text).toBe('kurta');
    actor.send({ type: 'search.sync', q: 'silk saree' });
    expect(actor.getSnapshot().context.text).toBe('silk saree');
    actor.send({ type: 'search.sync', q: '' });
    expect(actor.getSnapshot().context.text).toBe('');
    actor.stop();
  });

  it('keeps what the shopper typed when the page still shows the same search', () => {
    // The stand-in box had "kurta p" typed over the results for "kurta" when the combobox took over.
    const actor = createActor(searchMachine, { input: { text: 'kurta p', query: 'kurta' } }).start();
    actor.send({ type: 'search.sync', q: 'kurta' });
    expect(actor.getSnapshot().context.text).toBe('kurta p');
    actor.send({ type: 'search.type', text: 'kurta pyjama' });
    actor.send({ type: 'search.sync', q: 'kurta' });
    expect(actor.getSnapshot().context.text).toBe('kurta pyjama');
    actor.stop();
  });
});
