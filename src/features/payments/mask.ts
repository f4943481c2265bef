/**
 * Applies a field's input mask (spec §3 `mask`, shape not given). Read as the common convention: `9` a
 * digit, `a` a letter, `*` a letter or digit, anything else a literal inserted as the shopper types —
 * '9999 9999 9999 9999' turns '4111111111111111' into '4111 1111 1111 1111'.
 */
export function applyMask(raw: string, mask: string | undefined): string {
  if (!mask) return raw;
  const slots: Record<string, RegExp> = { '9': /\d/, a: /[A-Za-z]/, A: /[A-Za-z]/, '*': /[A-Za-z0-9]/ };
  const typed = [...raw].filter((c) => /[A-Za-z0-9]/.test(c));
  let out = '';
  let t = 0;
  for (const m of mask) {
    if (t >= typed.length) break;
    const slot = slots[m];
    if (!slot) {
      out += m;
      continue;
    }
    // Skip typed characters that cannot fill this slot (a letter where a digit is expected).
    while (t < typed.length && !slot.test(typed[t] ?? '')) t++;
    const next = typed[t];
    if (next === undefined) break;
    out += m === 'A' ? next.toUpperCase() : next;
    t++;
  }
  return out;
}
