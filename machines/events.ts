/**
 * What machines tell the outside world. A machine never shows a toast or changes the URL itself: it
 * `emit`s one of these events and the app (src/app) renders the toast, navigates or posts the form.
 * Messages between machines are not among them: those go through the app actor (app.machine.ts).
 * Tests assert them, so the exact spec texts (§4, §5, §8) live here in the machines and nowhere else.
 */
export type ToastVariant = 'success' | 'error' | 'info';

/** A toast: `title` and optional `description` are shown verbatim. `error` is the destructive style. */
export type ToastEmitted = {
  type: 'toast';
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A button on the toast (Undo) that sends `event` back to the machine that emitted the toast. */
  action?: { label: string; event: { type: string } };
};

/**
 * Go somewhere. `external: true` means a full page load of another origin (payment gateway, UPI deep
 * link); otherwise `to` is an in-app path for the router. `from` is remembered by the login page.
 */
export type NavigateEmitted = {
  type: 'navigate';
  to: string;
  replace?: boolean;
  external?: boolean;
  from?: string;
};

/** Submit a hidden form (the gateway's `redirect_post`): one hidden input per entry of `fields`. */
type PostFormEmitted = {
  type: 'postForm';
  url: string;
  method: string;
  fields: Record<string, string>;
};

/** Scroll the window to the top (smoothly when the page changes within a list). */
type ScrollToTopEmitted = { type: 'scrollToTop'; behavior: 'smooth' | 'auto' };

/** Move keyboard focus to the element with this id (the cart line's size picker Checkout waits for). */
export type FocusEmitted = { type: 'focus'; target: string };

/** Clear the form that sent the last event (contact, newsletter). */
type ResetFormEmitted = { type: 'resetForm' };

export type EmittedEvent =
  | ToastEmitted
  | NavigateEmitted
  | PostFormEmitted
  | ScrollToTopEmitted
  | FocusEmitted
  | ResetFormEmitted;

/** Builders keep the call sites in the machines short and the shapes exact. */
export const toast = (title: string, description?: string, variant?: ToastVariant): ToastEmitted => ({
  type: 'toast',
  title,
  ...(description === undefined ? {} : { description }),
  ...(variant === undefined ? {} : { variant }),
});

export const navigate = (
  to: string,
  options: Omit<NavigateEmitted, 'type' | 'to'> = {},
): NavigateEmitted => ({
  type: 'navigate',
  to,
  ...options,
});

export const focus = (target: string): FocusEmitted => ({ type: 'focus', target });
