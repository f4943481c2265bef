import { emit, setup } from 'xstate';
import { type EmittedEvent, toast } from './events';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/**
 * The contact form (spec §2 Contact): no server call; 'Sending...' for 1.5 s, then the toast and the
 * form clears.
 */
export const contactMachine = setup({
  types: {
    events: {} as { type: 'contact.submit' } & ContactMessage,
    emitted: {} as EmittedEvent,
  },
  delays: {
    sendDelay: 1500,
  },
  guards: {
    isMessageComplete: ({ event }) =>
      [event.name, event.email, event.subject, event.message].every((v) => v.trim() !== ''),
  },
  actions: {
    notifySent: emit(
      toast('Message Sent', "Thank you for contacting us. We'll get back to you shortly.", 'success'),
    ),
    resetForm: emit({ type: 'resetForm' }),
  },
}).createMachine({
  id: 'contact',
  initial: 'idle',
  states: {
    idle: {
      on: { 'contact.submit': { guard: 'isMessageComplete', target: 'sending' } },
    },
    sending: {
      tags: ['loading'],
      after: { sendDelay: { target: 'idle', actions: ['notifySent', 'resetForm'] } },
    },
  },
});
