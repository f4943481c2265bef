import type { SubmissionResult } from '@conform-to/react';

/**
 * Conform's `lastResult` for the errors a server gave about fields after the form's own check passed
 * (a 400 `{ error, field }`, kept by the page's machine): the result `submission.reply({ fieldErrors })`
 * gives, without `initialValue`, so the values the shopper typed stay as they are. Undefined when there
 * is nothing to report. Pass a new object per answer: Conform reports a result once per identity.
 */
export function serverFieldErrors(
  errors: Readonly<Record<string, string | undefined>>,
): SubmissionResult<string[]> | undefined {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors)) if (message) fieldErrors[name] = [message];
  return Object.keys(fieldErrors).length > 0 ? { status: 'error', error: fieldErrors } : undefined;
}
