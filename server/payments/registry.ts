import type { AppContext } from '../context';
import { payuGateway } from './payu';
import type { PaymentGateway, PaymentProvider } from './provider';
import { sandboxGateway } from './sandbox';

/**
 * Every gateway we can talk to. The app serves each one's callback route and allows its origins in the
 * SPA's Content-Security-Policy; ctx.config.payments.provider names the one new payments go to.
 */
export const GATEWAYS: readonly PaymentGateway[] = [sandboxGateway, payuGateway];

/** The registered gateway of this name (as stored in payment_attempts.provider). */
export function gatewayNamed(name: string, gateways: readonly PaymentGateway[] = GATEWAYS): PaymentGateway {
  const gateway = gateways.find((candidate) => candidate.name === name);
  if (!gateway) {
    const known = gateways.map((candidate) => candidate.name).join(', ');
    throw new Error(`Unknown payment gateway "${name}" (registered: ${known})`);
  }
  return gateway;
}

/** The gateway new payments go to: ctx.config.payments.provider (sandbox unless PayU is configured). */
export function activeProvider(
  ctx: AppContext,
  gateways: readonly PaymentGateway[] = GATEWAYS,
): PaymentProvider {
  return gatewayNamed(ctx.config.payments.provider, gateways).create(ctx);
}
