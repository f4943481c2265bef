import { createContext, useContext } from 'react';
import type { LiveMachines } from './actors';

/**
 * Every machine the screens run, with its side effects provided. The app passes `liveMachines`;
 * tests pass `createLiveMachines(...)` over a fake fetch, or machines provided with fake actors.
 */
export type AppMachines = LiveMachines;

export const MachinesContext = createContext<AppMachines | null>(null);

export function useMachines(): AppMachines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('useMachines() needs <AppProviders> above it');
  return machines;
}
