/**
 * Test data with no imports, so every test tree can share it: the app tests (tests/server/helpers.ts)
 * and the ones that drive real server processes over HTTP (tests/security).
 */

/** Where the test shoppers' orders go: a Bengaluru PIN in Karnataka and a +91 mobile, all valid. */
export const DEFAULT_SHIPPING = {
  fullName: 'Asha Verma',
  address: '14 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+919876543210',
};
