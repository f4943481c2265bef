import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

// Spec §4/§8: a failure is only logged — nothing is emitted, whatever happens.
describeModel(modelNamed('featured-products'), () => []);
