import { type ActorOptions, createActor } from 'xstate';
import type { EmittedEvent } from '../../machines/events';
import { provideAppMachine, type RootMachines } from './actors/root.live';
import { handleEmitted, type Navigate } from './emitted';

export type StartAppOptions = {
  /** The router's navigate: the root actors' `navigate` events (after sign-in, Checkout) go here. */
  navigate: Navigate;
  /**
   * An inspector (e.g. @statelyai/inspect's `inspect`) sees the whole system: the app, its children
   * and, as the screens start them with the same option, every screen's machine.
   */
  inspect?: ActorOptions<ReturnType<typeof provideAppMachine>>['inspect'];
};

/**
 * Creates and starts the one root actor of the app (see machines/app.machine.ts) and turns what its
 * children emit (toasts, navigation) into UI. Started before React renders, so a /storeInfo that fails
 * at once still gets its toast.
 */
export function startApp(machines: RootMachines, { navigate, inspect }: StartAppOptions) {
  const app = createActor(provideAppMachine(machines), {
    input: machines.storeInfoInput,
    ...(inspect ? { inspect } : {}),
  });
  app.start();
  const { storeInfo, auth, cart } = app.getSnapshot().children;
  for (const child of [storeInfo, auth, cart])
    child?.on('*', (event: EmittedEvent) => handleEmitted(event, { navigate }));
  return app;
}

export type AppActor = ReturnType<typeof startApp>;
