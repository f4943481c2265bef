/**
 * Characters that render as nothing. A name or address made only of these (plus whitespace) looks
 * blank to everyone reading it, so it counts as blank. U+FEFF is also whitespace to String#trim.
 */
const INVISIBLE = /\u200B|\u200C|\u200D|\u2060|\uFEFF/g;

/** The text a reader sees: invisible characters removed, then trimmed. Used for checks, never stored. */
export const visibleText = (value: string) => value.replace(INVISIBLE, '').trim();

/** Blank to a reader: nothing, whitespace or invisible characters only. */
export const isBlankText = (value: string) => visibleText(value) === '';

/** A rule's verdict on one value: the value to keep (normalised), or the message to show. */
export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

export const pass = <T>(value: T): Check<T> => ({ ok: true, value });
export const reject = (message: string): Check<never> => ({ ok: false, message });
