import { assign, emit, fromPromise, setup } from 'xstate';
import { productsPath } from './catalogue.model';
import { type EmittedEvent, navigate } from './events';

/** A product offered under the search box while the shopper types. */
export type Suggestion = { id: string; name: string; category: string; price: number; image: string };

export type FetchSuggestionsInput = { q: string; limit: number };

/** Fewer characters than this suggest nothing (one letter matches half the catalogue). */
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_LIMIT = 6;
/** How long typing must pause before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

export type SearchEvent =
  /** The text in the box changed (typed, pasted, cleared). */
  | { type: 'search.type'; text: string }
  /** Arrow Down / Arrow Up in the open list; both wrap around. */
  | { type: 'search.next' }
  | { type: 'search.previous' }
  /** Enter: the highlighted suggestion's product, else the results page for the text. */
  | { type: 'search.submit' }
  /** A suggestion clicked or tapped. */
  | { type: 'search.pick'; id: string }
  /** Escape, or focus leaving the box: the list closes; the text stays. */
  | { type: 'search.close' }
  /**
   * The address changed (a link, a search, Back/Forward): `q` is the search the page shows (`q` or
   * `filter=<text>` on the results page), '' on any other page. The box shows it.
   */
  | { type: 'search.sync'; q: string };

export type SearchContext = {
  text: string;
  /** The search of the page on show ('' off the results page): the box showed it last. */
  query: string;
  suggestions: Suggestion[];
  /** Index into `suggestions` of the highlighted one; -1 when none is. */
  highlighted: number;
};

const trimmed = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * The search box with suggestions. Typing waits for a pause (`suggestDelay`) before asking the API, and
 * any newer keystroke cancels both the wait and a request under way (leaving `fetching` stops the
 * invoked actor, whose answer is then ignored and whose request is aborted), so the list always
 * belongs to the latest text. Enter goes to the highlighted product or to the results page.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    emitted: {} as EmittedEvent,
    /** `text` typed so far (in the stand-in box), `query` the search of the page on show. */
    input: {} as { text?: string; query?: string } | undefined,
  },
  delays: {
    suggestDelay: SUGGEST_DELAY_MS,
  },
  actors: {
    fetchSuggestions: fromPromise<Suggestion[], FetchSuggestionsInput>(async () => {
      throw new Error('fetchSuggestions is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isSearchable: ({ event }) =>
      event.type === 'search.type' && trimmed(event.text).length >= SUGGEST_MIN_CHARS,
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
    isHighlighted: ({ context }) =>
      context.highlighted >= 0 && context.highlighted < context.suggestions.length,
    hasText: ({ context }) => trimmed(context.text) !== '',
    isOtherQuery: ({ context, event }) => event.type === 'search.sync' && event.q !== context.query,
    isOffered: ({ context, event }) =>
      event.type === 'search.pick' && context.suggestions.some((s) => s.id === event.id),
  },
  actions: {
    assignText: assign({
      text: ({ context, event }) => (event.type === 'search.type' ? event.text : context.text),
      highlighted: () => -1,
    }),
    assignSuggestions: assign({
      suggestions: (_, params: { suggestions: Suggestion[] }) => params.suggestions,
      highlighted: () => -1,
    }),
    showQuery: assign({
      text: ({ context, event }) => (event.type === 'search.sync' ? event.q : context.text),
      query: ({ context, event }) => (event.type === 'search.sync' ? event.q : context.query),
    }),
    clearSuggestions: assign({ suggestions: () => [], highlighted: () => -1 }),
    highlightNext: assign({
      highlighted: ({ context }) => (context.highlighted + 1) % context.suggestions.length,
    }),
    highlightPrevious: assign({
      highlighted: ({ context }) =>
        context.highlighted <= 0 ? context.suggestions.length - 1 : context.highlighted - 1,
    }),
    goToHighlighted: emit(({ context }) =>
      navigate(`/product/${encodeURIComponent(context.suggestions[context.highlighted]?.id ?? '')}`),
    ),
    goToPicked: emit(({ event }) =>
      navigate(`/product/${encodeURIComponent(event.type === 'search.pick' ? event.id : '')}`),
    ),
    goToResults: emit(({ context }) => navigate(productsPath({ q: trimmed(context.text), page: 1 }))),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'search',
  description: 'The search box: suggestions as the shopper types, Enter to a product or to the results.',
  context: ({ input }) => ({
    text: input?.text ?? input?.query ?? '',
    query: input?.query ?? '',
    suggestions: [],
    highlighted: -1,
  }),
  initial: 'closed',
  on: {
    'search.type': [
      {
        guard: 'isSearchable',
        target: '.waiting',
        reenter: true,
        actions: 'assignText',
        description: 'Wait for a pause in typing (a keystroke restarts the wait and cancels a request).',
      },
      {
        target: '.closed',
        actions: ['assignText', 'clearSuggestions'],
        description: 'Too short to suggest anything: no list.',
      },
    ],
    'search.submit': [
      {
        guard: 'isHighlighted',
        target: '.closed',
        actions: ['goToHighlighted', 'clearSuggestions'],
        description: "Enter on a highlighted suggestion: that product's page.",
      },
      {
        guard: 'hasText',
        target: '.closed',
        actions: ['goToResults', 'clearSuggestions'],
        description: 'Enter on the text: the results page for it.',
      },
    ],
    'search.pick': {
      guard: 'isOffered',
      target: '.closed',
      actions: ['goToPicked', 'clearSuggestions'],
      description: "A suggestion clicked: that product's page.",
    },
    'search.close': {
      target: '.closed',
      actions: 'clearSuggestions',
      description: 'Escape or focus elsewhere: the list closes and a pending request is dropped.',
    },
    'search.sync': {
      guard: 'isOtherQuery',
      target: '.closed',
      actions: ['showQuery', 'clearSuggestions'],
      description:
        "Another page: the box shows its search (empty off the results page) and the list closes. The same search again leaves the shopper's typing alone.",
    },
  },
  states: {
    closed: { description: 'No list under the box.' },
    waiting: {
      description:
        'Typing: the suggestions are asked for once it pauses; those of the earlier text stay meanwhile.',
      after: { suggestDelay: 'fetching' },
    },
    fetching: {
      description: 'Asking for the suggestions of the text.',
      tags: ['loading'],
      invoke: {
        id: 'fetchSuggestions',
        src: 'fetchSuggestions',
        input: ({ context }) => ({ q: trimmed(context.text), limit: SUGGEST_LIMIT }),
        onDone: {
          target: 'open',
          actions: { type: 'assignSuggestions', params: ({ event }) => ({ suggestions: event.output }) },
        },
        onError: {
          target: 'closed',
          description: 'Suggestions are a help, not a need: no list, and Enter still searches.',
          actions: [
            'clearSuggestions',
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    open: {
      description:
        "The suggestions of the text (or 'No suggestions' when none), arrow keys move the highlight.",
      on: {
        'search.next': { guard: 'hasSuggestions', actions: 'highlightNext' },
        'search.previous': { guard: 'hasSuggestions', actions: 'highlightPrevious' },
      },
    },
  },
});
