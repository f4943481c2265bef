import type { LoginRedirectState } from '../../app/require-auth';

/**
 * Where to go after signing in: the path the guard (or the cart) remembered in the router state, else
 * a `from` query parameter; undefined when neither says (the auth machine then uses the origin it kept
 * across a registration, else home). Only in-app paths are accepted, so a crafted link cannot send the
 * shopper to another site after they type their password.
 */
export function loginOrigin(location: { state: unknown; search: string }): string | undefined {
  const fromState = (location.state as Partial<LoginRedirectState> | null)?.from;
  const candidate =
    typeof fromState === 'string' ? fromState : new URLSearchParams(location.search).get('from');
  return isInAppPath(candidate) ? candidate : undefined;
}

function isInAppPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !path.startsWith('/login') &&
    !path.startsWith('/register')
  );
}
