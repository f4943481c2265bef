/** Paise → rupees with exactly two decimals ('1598.00'), done on integers so no float rounding creeps in. */
export function rupeesString(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Invalid amount in paise: ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** '1598', '1598.5', '1598.00' → paise; null for anything else (gateways echo amounts as strings). */
export function parseRupees(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise → rupees as the contract's number (1598.5 for 159850 paise). */
export const toRupees = (paise: number) => paise / 100;
