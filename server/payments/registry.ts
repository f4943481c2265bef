import type { AppContext } from '../context';
import { createPayuProvider } from './payu';
import type { PaymentProvider, ProviderFactory } from './provider';
import { createSandboxProvider } from './sandbox';

/** Every gateway we can talk to, by the name stored in payment_attempts.provider. */
export const PROVIDERS = {
  sandbox: createSandboxProvider,
  payu: createPayuProvider,
} satisfies Record<string, ProviderFactory>;

export type ProviderName = keyof typeof PROVIDERS;

/** The gateway new payments go to: ctx.config.payments.provider (sandbox unless PayU is configured). */
export function activeProvider(ctx: AppContext): PaymentProvider {
  return PROVIDERS[ctx.config.payments.provider](ctx);
}
