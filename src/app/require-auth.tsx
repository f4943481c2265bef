import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStatus } from './app-actor';

/** Router state the login page reads to return the shopper where they were going. */
export type LoginRedirectState = { from: string };

/**
 * The login-required group (spec §2): nothing renders while the token is being checked; an anonymous
 * visitor goes to /login remembering the path and query they asked for.
 */
export function RequireAuth() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'checking') return null;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
