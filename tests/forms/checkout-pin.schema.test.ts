import { describe, expect, it } from 'vitest';
import { checkoutSchema, checkoutSchemaFor } from '../../src/forms/checkout.schema';

const DELHI = { pin: '110001', city: 'Central Delhi', state: 'Delhi', states: ['Delhi'], offices: [] };
const ADDRESS = {
  fullName: 'Meera Iyer',
  address: '12 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
  phone: '9876543210',
};
const pinMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.filter((i) => i.path[0] === 'postalCode').map((i) => i.message) ?? [];

describe('checkoutSchemaFor', () => {
  it('refuses a looked-up PIN outside the state, even while other fields are blank', () => {
    const schema = checkoutSchemaFor({ pin: '110001', place: DELHI });
    expect(pinMessages(schema.safeParse({ ...ADDRESS, state: 'Karnataka' }))).toEqual([
      'PIN code 110001 is in Delhi, not Karnataka',
    ]);
    expect(pinMessages(schema.safeParse({ postalCode: '110001', state: 'Karnataka' }))).toEqual([
      'PIN code 110001 is in Delhi, not Karnataka',
    ]);
    expect(schema.safeParse(ADDRESS).success).toBe(true);
  });

  it('refuses a PIN India Post does not list', () => {
    const schema = checkoutSchemaFor({ pin: '999999', place: null });
    expect(pinMessages(schema.safeParse({ ...ADDRESS, postalCode: '999999' }))).toEqual([
      "PIN code 999999 is not in India Post's list. Please check it",
    ]);
  });

  it('leaves the state question to the state field while no state is chosen', () => {
    const schema = checkoutSchemaFor({ pin: '110001', place: DELHI });
    expect(pinMessages(schema.safeParse({ ...ADDRESS, state: '' }))).toEqual([]);
  });

  it('applies only the field rules to a PIN not (yet) looked up', () => {
    expect(checkoutSchemaFor(undefined)).toBe(checkoutSchema);
    const other = checkoutSchemaFor({ pin: '560038', place: null });
    expect(other.safeParse({ ...ADDRESS, state: 'Karnataka' }).success).toBe(true);
  });
});
