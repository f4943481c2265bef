/**
 * The account rules are written once (shared/account.ts): the registration form (registerSchema, as
 * Conform parses it), the server (POST /users/register) and the contract (openapi.yaml) agree on every
 * row, counting characters the same way.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../../shared/account';
import { registerSchema } from '../../src/forms/auth.schema';
import { API, createTestApp, type TestApp } from '../server/helpers';

type Lengths = { minLength?: number; maxLength?: number };
const schemas = (
  parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, { properties: Record<string, Lengths> }> };
  }
).components.schemas;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('account rules: the form, the server and the contract', () => {
  it("the contract's lengths are shared/account.ts's", () => {
    const register = schemas.RegisterRequest?.properties ?? {};
    expect(register.password).toMatchObject({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
    expect(register.firstName).toMatchObject({ minLength: NAME_MIN, maxLength: NAME_MAX });
    expect(register.lastName).toMatchObject({ minLength: NAME_MIN, maxLength: NAME_MAX });
    expect(register.email?.maxLength).toBe(EMAIL_MAX);
    expect(schemas.PasswordResetConfirm?.properties.password).toMatchObject({
      minLength: PASSWORD_MIN,
      maxLength: PASSWORD_MAX,
    });
  });

  let row = 0;
  it.each([
    ['a plain registration', {}, null],
    ['a password of six emoji (six characters)', { password: '😀'.repeat(6) }, null],
    ['a passphrase with spaces around it', { password: ' open sesame ' }, null],
    ['a password of three emoji (six UTF-16 units, three characters)', { password: '😀😀😀' }, 'password'],
    ['a first name of one letter between spaces', { firstName: ' A ' }, 'firstName'],
    ['a last name of one letter and an invisible one', { lastName: 'V\u200B' }, 'lastName'],
  ] as const)('agrees on %s', async (_label, change, refusedField) => {
    row += 1;
    const fields = {
      firstName: 'Asha',
      lastName: 'Verma',
      email: `account-rules-${row}@example.in`,
      password: 'saree-sunday-42',
      ...change,
    };
    const client = registerSchema.safeParse({ ...fields, confirmPassword: fields.password });
    const clientRefused = client.success ? null : String(client.error.issues[0]?.path[0]);
    const answer = await t.app.inject({ method: 'POST', url: `${API}/users/register`, payload: fields });
    const serverRefused =
      answer.statusCode === 201 ? null : (answer.json<{ error: string }>().error.split(' ')[0] ?? '?');
    expect({ client: clientRefused, server: serverRefused }).toEqual({
      client: refusedField,
      server: refusedField,
    });
  });
});
