import Cookies from 'js-cookie';
import { AUTH_COOKIE } from '../../api/client';

/** Where the live actors keep things; tests pass in-memory versions. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type TokenStore = {
  read(): string | null;
  /** `remember` false: a session cookie, gone when the browser closes ('Remember me' unticked). */
  write(token: string, remember?: boolean): void;
  remove(): void;
};

/** Spec §9: cookie auth_token, valid 30 days, path /. */
export const TOKEN_COOKIE_OPTIONS = { expires: 30, path: '/' } as const;

export const cookieTokenStore: TokenStore = {
  read: () => Cookies.get(AUTH_COOKIE) ?? null,
  write: (token, remember = true) => {
    Cookies.set(AUTH_COOKIE, token, remember ? TOKEN_COOKIE_OPTIONS : { path: '/' });
  },
  remove: () => Cookies.remove(AUTH_COOKIE, { path: '/' }),
};

/** localStorage when there is one (not in Node), else a throwaway map so nothing crashes. */
export function browserStorage(): KeyValueStorage {
  if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
}
