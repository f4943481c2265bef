import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CONTACT_NOT_SENT,
  CONTACT_NOT_SENT_TITLE,
  CONTACT_SENT,
  CONTACT_SENT_TITLE,
  type ContactMessage,
  contactMachine,
} from '../../machines/contact.machine';
import { RequestError } from '../../machines/errors';
import { CONTACT_SENT as SERVER_CONTACT_SENT } from '../../server/messages/messages.handlers';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { describeModel, failureOf } from './support/suite';

const complete = (event: { type: string } & Partial<Record<string, string>>) =>
  ['name', 'email', 'subject', 'message'].every((k) => (event[k] ?? '').trim() !== '');

const sent = toast('Message Sent', "Thank you for contacting us. We'll get back to you shortly.", 'success');

describeModel(
  modelNamed('contact'),
  (step) => {
    const { event } = step;
    if (event.type === 'xstate.done.actor.sendMessage') return [sent, { type: 'resetForm' }];
    const failure = failureOf<RequestError>(step, 'sendMessage');
    if (!failure) return [];
    // The server's reason for a refusal (4xx, 429 too); otherwise the message was not sent. The form
    // keeps what was typed: no resetForm.
    const refused = failure.status !== undefined && failure.status < 500;
    return [toast('Message not sent', refused ? failure.serverMessage : CONTACT_NOT_SENT, 'error')];
  },
  {
    // 'Sending...' shows from a complete message until the server answers; an incomplete one is not sent.
    shows: ({ event, from, to }) => {
      const wasSending = Boolean(from?.hasTag('loading'));
      const answered =
        event.type.startsWith('xstate.done.actor') || event.type.startsWith('xstate.error.actor');
      const sending =
        event.type === 'contact.submit'
          ? complete(event as never) || wasSending
          : answered
            ? false
            : wasSending;
      expect(to.hasTag('loading')).toBe(sending);
    },
    sends: {
      // Every field is sent trimmed.
      sendMessage: () => ({
        name: 'Asha',
        email: 'asha@example.in',
        subject: 'Sizes',
        message: 'Do you stock XL?',
      }),
    },
  },
);

describe('contactMachine', () => {
  it('thanks with the same words the server answers when the message is accepted', () => {
    expect([CONTACT_SENT_TITLE, CONTACT_SENT]).toEqual(['Message Sent', SERVER_CONTACT_SENT]);
  });

  it('stays sending until the server answers, then clears the form when it accepts', async () => {
    let answer: (value: { message: string }) => void = () => {};
    const machine = contactMachine.provide({
      actors: { sendMessage: fromPromise(() => new Promise<{ message: string }>((r) => (answer = r))) },
    });
    const actor = createActor(machine).start();
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type === 'toast' ? `toast:${e.title}` : e.type));
    actor.send({ type: 'contact.submit', name: 'A', email: 'a@b.in', subject: 'S', message: 'M' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(emitted).toEqual([]);
    answer({ message: CONTACT_SENT });
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual(['toast:Message Sent', 'resetForm']);
    actor.stop();
  });

  it('keeps the form and says the message was not sent when the API is down', async () => {
    const machine = contactMachine.provide({
      actors: {
        sendMessage: fromPromise<{ message: string }, ContactMessage>(async () => {
          throw new RequestError('offline', { noResponse: true });
        }),
      },
    });
    const actor = createActor(machine).start();
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'contact.submit', name: 'A', email: 'a@b.in', subject: 'S', message: 'M' });
    await new Promise(process.nextTick);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      { type: 'toast', title: CONTACT_NOT_SENT_TITLE, description: CONTACT_NOT_SENT, variant: 'error' },
    ]);
    actor.stop();
  });
});
