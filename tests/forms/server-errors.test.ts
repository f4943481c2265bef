import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverFieldErrors } from '../../src/forms/server-errors';

describe('serverFieldErrors', () => {
  it("gives the status and field errors of Conform's submission.reply({ fieldErrors }) when the server named a field", () => {
    const data = new FormData();
    data.set('postalCode', '560001');
    const submission = parseWithZod(data, { schema: z.object({ postalCode: z.string() }) });
    const reply = submission.reply({ fieldErrors: { postalCode: ['We do not deliver here yet'] } });
    const result = serverFieldErrors({ postalCode: 'We do not deliver here yet' });
    expect(result?.status).toBe(reply.status);
    expect(result?.error?.postalCode).toEqual(reply.error?.postalCode);
    // No initialValue: what the shopper typed stays in the inputs.
    expect(result).not.toHaveProperty('initialValue');
  });

  it('gives nothing to report when the server named no field', () => {
    expect(serverFieldErrors({})).toBeUndefined();
    expect(serverFieldErrors({ phone: undefined })).toBeUndefined();
  });
});
