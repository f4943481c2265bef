import type { InspectionEvent } from 'xstate';

/** Opt-in for the Stately inspector: `?inspect` in the page's URL, or VITE_INSPECT=1 for `npm run dev`. */
export function inspectorWanted(search: string, flag: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || flag === '1' || flag === 'true';
}

/**
 * Development only: an `inspect` option for the app actor (and through it every screen's actor) that
 * forwards every inspection event to the Stately inspector window of @statelyai/inspect. The package is
 * loaded by a dynamic import once asked for, and App.tsx only calls this when `import.meta.env.DEV`, so
 * a production build contains none of it. Events of the first moments, before the package has loaded,
 * are kept and replayed so the inspector sees every actor from its start.
 */
export function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || !inspectorWanted(window.location.search, import.meta.env.VITE_INSPECT))
    return undefined;
  const early: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of early.splice(0)) forward(event);
  });
  return (event) => {
    if (forward) forward(event);
    else early.push(event);
  };
}
