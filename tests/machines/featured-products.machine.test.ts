import { expect } from 'vitest';
import { modelNamed } from './support/models';
import { answered, answerOf, describeModel, failed, firstAnswerOf } from './support/suite';

// Spec §4/§8: a failure is only logged — nothing is emitted, whatever happens.
describeModel(modelNamed('featured-products'), () => [], {
  shows: (step) => {
    // The grid shows the answer (or the one the page arrived with: no loading, no request); a failure
    // shows the same empty message as an empty list.
    const first = firstAnswerOf(step);
    expect(step.to.context.products).toEqual(
      answered(step, 'fetchFeaturedProducts') ? answerOf(step, 'fetchFeaturedProducts') : (first ?? []),
    );
    expect(step.to.hasTag('loading')).toBe(step.event.type === 'xstate.init' && first === null);
    expect(step.to.hasTag('error')).toBe(failed(step, 'fetchFeaturedProducts'));
  },
});
