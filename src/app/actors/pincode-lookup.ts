import { fromPromise } from 'xstate';
import type { components } from '../../../contract/schema';
import { isRequestError } from '../../../machines/errors';
import type { LiveDeps } from './live-deps';
import { call } from './request';

type PinPlace = components['schemas']['PinPlace'];

/**
 * GET /pincodes/{pin} as an actor: the place, or null when India Post lists no such PIN (the server's
 * 404: an answer, not a failure). The checkout's address book and the product page's delivery check
 * both look PIN codes up this way.
 */
export function pincodeLookup({ client }: Pick<LiveDeps, 'client'>) {
  return fromPromise<PinPlace | null, { pin: string }>(async ({ input }) => {
    try {
      return await call(
        client.GET('/pincodes/{pin}', { params: { path: { pin: input.pin } } }),
        'Failed to look up the PIN code',
      );
    } catch (error) {
      if (isRequestError(error) && error.status === 404) return null;
      throw error;
    }
  });
}
