import { type ComponentType, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';

/** A component loaded once, on first demand, and kept for every later render. */
export interface DeferredComponent<P> {
  load: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | null;
}

export function deferredComponent<P>(importer: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    load: () => {
      loading ??= importer().then((loaded) => {
        component = loaded;
        return loaded;
      });
      return loading;
    },
    loaded: () => component,
  };
}

/**
 * The loaded component, or null until its chunk has arrived (loading starts on mount). Static markup
 * stands in meanwhile, inside `wrapper`: whichever of its parts (`data-part`, within `data-scope` =
 * `scope`) had focus at the swap gets it again on the real component.
 */
export function useDeferredComponent<P>(
  deferred: DeferredComponent<P>,
  scope: string,
): [ComponentType<P> | null, RefObject<HTMLDivElement | null>] {
  const [Component, setComponent] = useState(() => deferred.loaded());
  const wrapper = useRef<HTMLDivElement>(null);
  const focusedPart = useRef<string | null>(null);

  useEffect(() => {
    if (Component) return;
    let live = true;
    void deferred.load().then((loaded) => {
      if (!live) return;
      // Read before the swap, while the static markup is still in the document.
      const active = document.activeElement;
      focusedPart.current =
        active instanceof HTMLElement && wrapper.current?.contains(active)
          ? (active.dataset.part ?? null)
          : null;
      setComponent(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [Component, deferred]);

  useLayoutEffect(() => {
    if (!Component || !focusedPart.current) return;
    wrapper.current
      ?.querySelector<HTMLElement>(`[data-scope="${scope}"][data-part="${focusedPart.current}"]`)
      ?.focus();
    focusedPart.current = null;
  }, [Component, scope]);

  return [Component, wrapper];
}

/** The wrapper's class: no box of its own, so the layout is the component's. */
export const deferredWrapper = css({ display: 'contents' });
