import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  NEWSLETTER_LINK_FAILED,
  NEWSLETTER_LINK_INVALID,
  newsletterLinkMachine,
} from '../../machines/newsletter-link.machine';
import { NEWSLETTER_LINK_INVALID as SERVER_LINK_INVALID } from '../../server/messages/messages.handlers';
import { modelNamed } from './support/models';
import { answerOf, before, describeModel, failureOf } from './support/suite';

describeModel(modelNamed('newsletter-link'), () => [], {
  shows: (step) => {
    const { to } = step;
    const input = step.input as { link: string; token: string };
    const answer = answerOf<{ message: string }>(step, 'followLink');
    const failure = failureOf<{ status?: number; serverMessage?: string }>(step, 'followLink');
    // Without a token nothing is sent and the link is invalid; otherwise the server's message, or its
    // reason for a refusal, or that the shop could not be reached.
    if (input.token.trim() === '') {
      expect(to.value).toBe('invalid');
      expect(to.context.error).toBe(NEWSLETTER_LINK_INVALID);
      return;
    }
    expect(to.context.message).toBe(answer ? answer.message : before(step, (c) => c.message, null));
    const reason =
      failure && failure.status !== undefined && failure.status < 500
        ? failure.serverMessage
        : NEWSLETTER_LINK_FAILED;
    expect(to.context.error).toBe(
      failure ? reason : step.event.type === 'link.retry' ? null : before(step, (c) => c.error, null),
    );
    expect(to.hasTag('loading')).toBe(to.matches('following'));
    // A refused link is final (retrying cannot help); no answer offers Try again.
    if (failure)
      expect(to.value).toBe(failure.status !== undefined && failure.status < 500 ? 'invalid' : 'failed');
  },
  sends: {
    // The token is sent trimmed, with what the link does.
    followLink: (step) => ({ link: (step.input as { link: string }).link, token: 'tok.sig' }),
  },
});

/** The machine started on a link, its server answering `message`; `inputs` records what it posted. */
function startLink(input: { link: 'confirm' | 'unsubscribe'; token: string }, message: string) {
  const inputs: unknown[] = [];
  const machine = newsletterLinkMachine.provide({
    actors: {
      followLink: fromPromise(async ({ input }) => {
        inputs.push(input);
        return { message };
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), inputs };
}

describe('newsletterLinkMachine', () => {
  it('says what the server says of a bad link when the page has no token', () => {
    expect(NEWSLETTER_LINK_INVALID).toBe(SERVER_LINK_INVALID);
  });

  it('waits for the shopper to confirm before it posts a confirmation link', async () => {
    const { actor, inputs } = startLink(
      { link: 'confirm', token: ' abc ' },
      'Your subscription is confirmed. Thank you!',
    );
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('asking');
    expect(inputs).toEqual([]);
    actor.send({ type: 'link.confirm' });
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('done');
    expect(inputs).toEqual([{ link: 'confirm', token: 'abc' }]);
    actor.stop();
  });

  it('posts the token once on start and shows the answer', async () => {
    const { actor, inputs } = startLink(
      { link: 'unsubscribe', token: 'abc' },
      'You are unsubscribed and will get no more newsletters.',
    );
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.message).toBe(
      'You are unsubscribed and will get no more newsletters.',
    );
    expect(inputs).toEqual([{ link: 'unsubscribe', token: 'abc' }]);
    actor.stop();
  });
});
