import {
  type ActionFunction,
  type ActorRef,
  type EventObject,
  enqueueActions,
  type MachineContext,
  type Snapshot,
} from 'xstate';
import type { CartLine, LineShortage } from './cart.model';

/** What the app hears: facts from its children and from screens' machines (see app.machine.ts). */
export type AppEvent =
  | { type: 'auth.signedIn' }
  | { type: 'auth.signedOut' }
  /** Any API call was answered 401 (the client has already dropped the cookie). */
  | { type: 'api.unauthorized' }
  | { type: 'checkout.orderPlaced'; orderId: string }
  /** The checkout's "Adjust my bag" after a 409: these lines take what is left (0: they go). */
  | { type: 'cart.fit'; lines: LineShortage[] }
  | ({ type: 'cart.add' } & CartLine);

/** The app as the machines that report to it see it: something to send facts to. */
export type AppRef = ActorRef<Snapshot<unknown>, AppEvent>;

/** A context that may hold the app's ref (given as input; absent when a machine runs on its own). */
type WithApp = MachineContext & { app: AppRef | null };

/**
 * An action that tells the app `event` (a value, or one computed from the context); a machine running
 * on its own, as in its tests, has no app and tells nobody. Use it as a named action in `setup`.
 */
export function tellApp<TContext extends WithApp>(
  event: AppEvent | ((context: TContext) => AppEvent),
  // biome-ignore lint/suspicious/noExplicitAny: the action names no other action, guard, actor or delay, so it fits any machine's setup; xstate cannot infer that inside setup()
): ActionFunction<TContext, any, any, any, any, any, any, any, any> {
  return enqueueActions<TContext, EventObject, undefined>(({ context, enqueue }) => {
    if (!context.app) return;
    enqueue.sendTo(context.app, typeof event === 'function' ? event(context) : event);
  });
}
