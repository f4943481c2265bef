import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import type { EmittedEvent } from '../../machines/events';
import { showToast, toastInputOf } from '../components/ui/toast-queue';
import { CartContext } from './root-actors';

/** Anything we can subscribe to for emitted events (every XState actor ref). */
type Emitter = { on: (type: '*', handler: (event: EmittedEvent) => void) => { unsubscribe: () => void } };

type Handlers = {
  navigate: NavigateFunction;
  sendToCart: (event: Extract<EmittedEvent, { type: 'cart.add' | 'cart.reset' }>) => void;
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

/** The one place where machine-emitted events become toasts, navigation, forms and cart commands. */
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
    case 'cart.add':
    case 'cart.reset':
      handlers.sendToCart(event);
      return;
  }
}

/** Subscribes to an actor's emitted events for as long as the component is mounted. */
export function useEmitted(actor: Emitter, onResetForm?: () => void) {
  const navigate = useNavigate();
  const cart = CartContext.useActorRef();
  useEffect(() => {
    const subscription = actor.on('*', (event) =>
      handleEmitted(event, { navigate, sendToCart: (e) => cart.send(e), onResetForm }),
    );
    return () => subscription.unsubscribe();
  }, [actor, navigate, cart, onResetForm]);
}
