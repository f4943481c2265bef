import { describe, expect, it } from 'vitest';
import { accountErrorMessage } from '../../machines/account.machine';
import { RequestError } from '../../machines/errors';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failureOf } from './support/suite';

/** The §8 text for a failed account load, as the toast and the page's alert say it. */
const failureText = (error: Error & { status?: number; noResponse?: boolean }) =>
  error.status !== undefined
    ? `Failed to load account information (Status: ${error.status})`
    : error.noResponse
      ? 'Failed to load account information (No response received)'
      : `Failed to load account information: ${error.message}`;

describeModel(
  modelNamed('account'),
  (step) => {
    const error = failureOf<Error>(step, 'fetchAccountInfo');
    return error
      ? [{ type: 'toast', title: 'Error', description: failureText(error), variant: 'error' }]
      : [];
  },
  {
    shows: (step) => {
      const { event, to } = step;
      const error = failureOf<Error>(step, 'fetchAccountInfo');
      // The details shown are the answer's; a failure keeps the alert's text until the next answer.
      expect(to.context.account).toEqual(
        answered(step, 'fetchAccountInfo')
          ? answerOf(step, 'fetchAccountInfo')
          : before(step, (c) => c.account, null),
      );
      expect(to.context.error).toEqual(
        error
          ? failureText(error)
          : answered(step, 'fetchAccountInfo')
            ? null
            : before(step, (c) => c.error, null),
      );
      expect(to.hasTag('loading')).toBe(event.type === 'xstate.init' || event.type === 'account.retry');
      expect(to.can({ type: 'account.retry' })).toBe(error !== undefined);
    },
  },
);

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
