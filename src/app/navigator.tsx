import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Navigate } from './emitted';

/**
 * The router's navigate for code outside React: the app actor's children navigate (after sign-in, on
 * Checkout) through `navigate`, which forwards to the `useNavigate()` of `<NavigatorBridge />`,
 * rendered inside the router. Calls made before the bridge has mounted wait for it, in order.
 */
export function createNavigator() {
  let routerNavigate: Navigate | null = null;
  const waiting: Parameters<Navigate>[] = [];

  const navigate: Navigate = (to, options) => {
    if (routerNavigate) routerNavigate(to, options);
    else waiting.push([to, options]);
  };

  function NavigatorBridge() {
    const current = useNavigate();
    // An effect, not a layout effect: the router starts listening to its history in a layout effect,
    // which runs after its children's.
    useEffect(() => {
      routerNavigate = current;
      for (const [to, options] of waiting.splice(0)) current(to, options);
      return () => {
        if (routerNavigate === current) routerNavigate = null;
      };
    }, [current]);
    return null;
  }

  return { navigate, NavigatorBridge };
}
