/**
 * A list read back from localStorage: the raw string (or an already parsed value) as an array. Corrupt
 * JSON or anything that is not an array is an empty list; never throws. The caller checks the items.
 */
export function storedArray(raw: unknown): unknown[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value : [];
}
