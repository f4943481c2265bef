import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { storeInfoMachine } from '../../machines/store-info.machine';
import { storeInfo } from './support/fixtures';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed } from './support/suite';

describeModel(
  modelNamed('store-info'),
  ({ event }) =>
    event.type === 'xstate.error.actor.fetchStoreInfo'
      ? [
          {
            type: 'toast',
            title: 'Failed to load store information. Please refresh the page.',
            variant: 'error',
          },
        ]
      : [],
  {
    shows: (step) => {
      const { event, to } = step;
      // The footer and header show the answer; a failure keeps whatever was shown before.
      const shown = answered(step, 'fetchStoreInfo')
        ? answerOf(step, 'fetchStoreInfo')
        : before(step, (c) => c.storeInfo, null);
      expect(to.context.storeInfo).toEqual(shown);
      expect(to.hasTag('loading')).toBe(event.type === 'xstate.init' || event.type === 'storeInfo.refresh');
      expect(to.hasTag('error')).toBe(failed(step, 'fetchStoreInfo'));
    },
  },
);

describe('storeInfoMachine', () => {
  it('holds the store information when the fetch resolves', async () => {
    const actor = createActor(
      storeInfoMachine.provide({ actors: { fetchStoreInfo: fromPromise(async () => storeInfo) } }),
      { input: {} },
    ).start();
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.storeInfo?.storeName).toBe('Statefront');
  });

  it('renders from the last known store information until the fetch answers, then keeps the answer', async () => {
    const remembered: string[] = [];
    let answer: (value: typeof storeInfo) => void = () => {};
    const actor = createActor(
      storeInfoMachine.provide({
        actors: { fetchStoreInfo: fromPromise(() => new Promise<typeof storeInfo>((r) => (answer = r))) },
        actions: { rememberStoreInfo: (_, { storeInfo: info }) => void remembered.push(info.storeName) },
      }),
      { input: { storeInfo: { ...storeInfo, storeName: 'Old name' } } },
    ).start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.storeInfo?.storeName).toBe('Old name');
    answer(storeInfo);
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().context.storeInfo?.storeName).toBe('Statefront');
    expect(remembered).toEqual(['Statefront']);
  });
});
