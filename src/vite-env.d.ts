/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** `1`: connect every actor to the Stately inspector in development (as `?inspect` does). */
  readonly VITE_INSPECT?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
