/**
 * The one owner of the auth cookie (spec §9: `auth_token`, 30 days, path /). The auth machine's live
 * actors write and remove it through `cookieTokenStore` (src/app/actors/live-deps.ts), and the API
 * client reads it for the bearer header and drops it on a 401 through the same functions: nothing else
 * touches the cookie.
 */
import Cookies from 'js-cookie';

/** Name of the cookie that holds the bearer token. */
export const AUTH_COOKIE = 'auth_token';

/** Spec §9: valid 30 days, path /. */
export const TOKEN_COOKIE_OPTIONS = { expires: 30, path: '/' } as const;

export type TokenStore = {
  read(): string | null;
  /** `remember` false: a session cookie, gone when the browser closes ('Remember me' unticked). */
  write(token: string, remember?: boolean): void;
  remove(): void;
};

export const cookieTokenStore: TokenStore = {
  read: () => Cookies.get(AUTH_COOKIE) ?? null,
  write: (token, remember = true) => {
    Cookies.set(AUTH_COOKIE, token, remember ? TOKEN_COOKIE_OPTIONS : { path: '/' });
  },
  remove: () => Cookies.remove(AUTH_COOKIE, { path: '/' }),
};
