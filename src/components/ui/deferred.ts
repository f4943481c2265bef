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
 * The loaded component, or null until its chunk has arrived. Loading starts on the shopper's first
 * sign of intent inside `wrapper` (pointer over or down, touch, focus: spread `intent` on it) or when
 * `load()` is called, never on its own: a chunk fetched during the page load would sit on the LCP's
 * critical chain. Static markup stands in meanwhile; whichever of its parts (`data-part`, within
 * `data-scope` = `scope`) had focus at the swap gets it again on the real component.
 */
export function useDeferredComponent<P>(
  deferred: DeferredComponent<P>,
  scope: string,
): {
  Component: ComponentType<P> | null;
  wrapper: RefObject<HTMLDivElement | null>;
  load: () => void;
  intent: {
    onPointerOver: () => void;
    onPointerDown: () => void;
    onTouchStart: () => void;
    onFocus: () => void;
  };
} {
  const [Component, setComponent] = useState(() => deferred.loaded());
  const [wanted, setWanted] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const focusedPart = useRef<string | null>(null);

  useEffect(() => {
    if (Component || !wanted) return;
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
  }, [Component, deferred, wanted]);

  useLayoutEffect(() => {
    if (!Component || !focusedPart.current) return;
    wrapper.current
      ?.querySelector<HTMLElement>(`[data-scope="${scope}"][data-part="${focusedPart.current}"]`)
      ?.focus();
    focusedPart.current = null;
  }, [Component, scope]);

  const load = () => setWanted(true);
  return {
    Component,
    wrapper,
    load,
    intent: { onPointerOver: load, onPointerDown: load, onTouchStart: load, onFocus: load },
  };
}

/** The wrapper's class: no box of its own, so the layout is the component's. */
export const deferredWrapper = css({ display: 'contents' });
