export { cookieTokenStore, type KeyValueStorage, TOKEN_COOKIE_OPTIONS, type TokenStore } from './browser';
export * from './live-machines';
export { call, unwrapData } from './request';
