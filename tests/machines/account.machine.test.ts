import { describe, expect, it } from 'vitest';
import { accountErrorMessage } from '../../machines/account.machine';
import { RequestError } from '../../machines/errors';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('account'), ({ event }) => {
  if (event.type !== 'xstate.error.actor.fetchAccountInfo') return [];
  const error = (event as unknown as { error: Error & { status?: number; noResponse?: boolean } }).error;
  const description =
    error.status !== undefined
      ? `Failed to load account information (Status: ${error.status})`
      : error.noResponse
        ? 'Failed to load account information (No response received)'
        : `Failed to load account information: ${error.message}`;
  return [{ type: 'toast', title: 'Error', description, variant: 'error' }];
});

describe('accountErrorMessage', () => {
  it('appends the status when the server answered', () => {
    expect(accountErrorMessage(new RequestError('x', { status: 503 }))).toBe(
      'Failed to load account information (Status: 503)',
    );
  });
  it('says no response was received when the request never got an answer', () => {
    expect(accountErrorMessage(new RequestError('x', { noResponse: true }))).toBe(
      'Failed to load account information (No response received)',
    );
  });
  it("appends the error's own message otherwise", () => {
    expect(accountErrorMessage(new Error('Bad JSON'))).toBe('Failed to load account information: Bad JSON');
  });
});
