import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { EmittedEvent } from '../../machines/events';
import { showToast, toastInputOf } from '../components/ui/toast-queue';

/** Anything we can subscribe to for emitted events (every XState actor ref). */
export type Emitter = {
  on: (type: '*', handler: (event: EmittedEvent) => void) => { unsubscribe: () => void };
};

/** The router's navigate, as `useNavigate()` gives it (and the app actor's, src/app/navigator.tsx, forwards to it). */
export type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => unknown;

type Handlers = {
  navigate: Navigate;
  onResetForm?: (() => void) | undefined;
};

/** Submits a hidden form (a gateway's redirect_post): the browser leaves the app. */
export function postHiddenForm(url: string, method: string, fields: Record<string, string>) {
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
    case 'toast':
      showToast(toastInputOf(event));
      return;
    case 'navigate':
      if (event.external) window.location.assign(event.to);
      else
        handlers.navigate(event.to, {
          ...(event.replace ? { replace: true } : {}),
          ...(event.from ? { state: { from: event.from } } : {}),
        });
      return;
    case 'postForm':
      postHiddenForm(event.url, event.method, event.fields);
      return;
    case 'scrollToTop':
      window.scrollTo({ top: 0, behavior: event.behavior });
      return;
    case 'resetForm':
      handlers.onResetForm?.();
      return;
  }
}

/** Subscribes to a screen actor's emitted events for as long as the component is mounted. */
export function useEmitted(actor: Emitter, onResetForm?: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = actor.on('*', (event) => handleEmitted(event, { navigate, onResetForm }));
    return () => subscription.unsubscribe();
  }, [actor, navigate, onResetForm]);
}
