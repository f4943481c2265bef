import type { FormEvent } from 'react';

/** The name of the hidden button Conform submits through when it validates a field (e.g. on blur). */
const CONFORM_INTENT = '__intent__';

/**
 * Whether this submit is Conform validating a field rather than the shopper submitting the form.
 * Screens whose machine owns the spec's submit-time toasts must let only real submits reach it.
 */
export function isConformIntentSubmit(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute('name') === CONFORM_INTENT;
}
