import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext } from 'react';

/**
 * The source modules of the lazy parts a server render showed (`src/…tsx`): src/entry-server.tsx gives
 * each render its own set, and the page preloads those chunks with the app's (server/web/page-assets.ts).
 */
export const RenderedModules = createContext<Set<string> | null>(null);

/** A part of the page in its own chunk: React.lazy, plus what the server and src/main.tsx ask of it. */
export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the chunk (once); resolves when it is in. */
  load: () => Promise<unknown>;
  /** Its source module, as Vite's manifest names it. */
  module: string;
};

type Loaded<P> = { default: ComponentType<P> };

/** Every lazy part defined so far, by source module (a screen's chunk defines the controls it uses). */
const parts = new Map<string, { load: () => Promise<unknown> }>();

/**
 * Loads the chunks of the parts named (those the server rendered: src/main.tsx), each defined by then;
 * an unknown name is skipped. Resolves when all are in, so a render then needs none of them to suspend.
 */
export function loadParts(modules: readonly string[]): Promise<unknown> {
  return Promise.all(modules.map((module) => parts.get(module)?.load()));
}

/**
 * React.lazy for a screen or a heavy control (Ark's NumberInput, the search combobox). The
 * server renders it for real (prerender waits for the chunk) and names its chunk for the page to
 * preload; the browser hydrates it as the server rendered it once the chunk is in, and a navigation that
 * shows it for the first time keeps the page before up meanwhile (a transition). No stand-in markup:
 * what is on the screen before hydration is the part itself, so nothing is swapped under a tap.
 *
 * Given a `fallback` (a control's skeleton), the part is its own Suspense boundary: the page around it
 * hydrates and updates without waiting for it, and a first mount before its chunk is in shows the
 * fallback there rather than suspending the whole page. A screen has none: the routes' boundary and
 * the navigation's transition keep the page before up (src/app/routes.tsx).
 *
 * A part whose chunk is already in renders at once: `lazy` is handed a thenable that has already
 * settled, which React reads without suspending (React.lazy otherwise suspends once even for a
 * loaded module, and the first render after `preloadScreens` would be a fallback).
 */
export function lazyPart<P extends object>(
  module: string,
  load: () => Promise<Loaded<P>>,
  { fallback }: { fallback?: ReactNode } = {},
): LazyPart<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then((value) => {
      loaded = value;
      return value;
    });
    return loading;
  };
  const Lazy = lazy<ComponentType<P>>(() =>
    loaded ? (settled(loaded) as Promise<Loaded<P>>) : loadOnce(),
  ) as ComponentType<P>;
  function Part(props: P) {
    useContext(RenderedModules)?.add(module);
    if (fallback === undefined) return <Lazy {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Part.displayName = `Lazy(${module})`;
  parts.set(module, { load: loadOnce });
  return Object.assign(Part, { load: loadOnce, module });
}

/** A thenable that calls back at once: React.lazy then reads the module in the same render. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy reads
    then(onFulfilled) {
      return settled(onFulfilled ? onFulfilled(value) : value) as never;
    },
  };
}
