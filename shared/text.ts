/**
 * Characters that render as nothing. A name or address made only of these (plus whitespace) looks
 * blank to everyone reading it, so it counts as blank. U+FEFF is also whitespace to String#trim.
 */
const INVISIBLE = /\u200B|\u200C|\u200D|\u2060|\uFEFF/g;

/** The text a reader sees: invisible characters removed, then trimmed. Used for checks, never stored. */
export const visibleText = (value: string) => value.replace(INVISIBLE, '').trim();

/** Visible characters, counted as code points like the contract's minLength (AJV) counts them. */
export const visibleLength = (value: string) => [...visibleText(value)].length;

/** Blank to a reader: nothing, whitespace or invisible characters only. */
export const isBlankText = (value: string) => visibleText(value) === '';

/** A rule's verdict on one value: the value to keep (normalised), or the message to show. */
export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

export const pass = <T>(value: T): Check<T> => ({ ok: true, value });
export const reject = (message: string): Check<never> => ({ ok: false, message });

/**
 * Control characters (C0, DEL, C1: \p{Cc}) and the bidirectional overrides and isolates that reorder
 * what follows them. In a terminal they move the cursor, erase lines and make hyperlinks; stored text
 * must not hold them (server/plugins/request-validation.ts), and older rows are escaped on the way out.
 */
const UNPRINTABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` safe to print: each control or bidi character written as its escape (`\n`, `\u001b`), so an
 * operator sees that it is there and the terminal does nothing with it. Idempotent (backslashes are
 * left alone), so escaping text that was escaped already changes nothing.
 */
export const escapeControls = (text: string) =>
  text.replace(UNPRINTABLE, (c) => SHORT[c] ?? `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
