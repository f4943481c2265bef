import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { EmittedEvent } from '../../machines/events';
import { carryRecentToasts, showToast, toastInputOf } from '../components/ui/toast-queue';

/** Anything we can subscribe to for emitted events (every XState actor ref). */
export type Emitter = {
  on: (type: '*', handler: (event: EmittedEvent) => void) => { unsubscribe: () => void };
  /** A toast's action (Undo) sends its event back to the actor that emitted the toast. */
  // Method syntax on purpose: parameters are then checked bivariantly, so any actor's `send` fits.
  send?(event: { type: string }): void;
};

/** The router's navigate, as `useNavigate()` gives it (and the app actor's, src/app/navigator.tsx, forwards to it). */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => unknown;

type Handlers = {
  navigate: Navigate;
  onResetForm?: (() => void) | undefined;
  /** Where a toast's action event goes: the emitting actor. */
  reply?: ((event: { type: string }) => void) | undefined;
};

/** Submits a hidden form (a gateway's redirect_post): the browser leaves the app. */
function postHiddenForm(url: string, method: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = method;
  form.action = url;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * The one place where machine-emitted events become toasts, navigation and forms. Messages between
 * machines never pass here: they go through the app actor (machines/app.machine.ts).
 */
export function handleEmitted(event: EmittedEvent, handlers: Handlers) {
  switch (event.type) {
    case 'toast': {
      const { action } = event;
      const reply = handlers.reply;
      showToast({
        ...toastInputOf(event),
        ...(action && reply ? { action: { label: action.label, onClick: () => reply(action.event) } } : {}),
      });
      return;
    }
    case 'navigate':
      if (event.external) window.location.assign(event.to);
      else {
        // A toast emitted with this navigation (e.g. 'Login Required') belongs to the page it leads to.
        carryRecentToasts(event.to);
        handlers.navigate(event.to, {
          ...(event.replace ? { replace: true } : {}),
          ...(event.from ? { state: { from: event.from } } : {}),
        });
      }
      return;
    case 'postForm':
      postHiddenForm(event.url, event.method, event.fields);
      return;
    case 'scrollToTop':
      window.scrollTo({ top: 0, behavior: event.behavior });
      return;
    case 'focus': {
      const target = document.getElementById(event.target);
      target?.focus();
      target?.scrollIntoView?.({ block: 'center' });
      return;
    }
    case 'resetForm':
      handlers.onResetForm?.();
      return;
  }
}

/**
 * Subscribes to a screen actor's emitted events for as long as the component is mounted (usePageActor
 * does it for every screen machine). `onResetForm` is read when a `resetForm` arrives, so a screen may
 * pass a new function on each render without resubscribing.
 */
export function useEmitted(actor: Emitter, onResetForm?: () => void) {
  const navigate = useNavigate();
  const resetForm = useRef(onResetForm);
  resetForm.current = onResetForm;
  useEffect(() => {
    const reply = actor.send?.bind(actor);
    const onReset = () => resetForm.current?.();
    const subscription = actor.on('*', (event) =>
      handleEmitted(event, { navigate, onResetForm: onReset, reply }),
    );
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
}
