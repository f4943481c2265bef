/**
 * Characters that render as nothing. A name or address made only of these (plus whitespace) looks
 * blank to everyone reading it, so it counts as blank. U+FEFF is also whitespace to String#trim.
 */
const INVISIBLE = /\u200B|\u200C|\u200D|\u2060|\uFEFF/g;

/** The text a reader sees: invisible characters removed, then trimmed. Used for checks, never stored. */
export const visibleText = (value: string) => value.replace(INVISIBLE, '').trim();

/** Visible characters, counted as code points like the contract's minLength (AJV) counts them. */
export const visibleLength = (value: string) => [...visibleText(value)].length;

// String#isWellFormed (Node 20) is missing from the ES2023 lib we compile against. In a u-mode regex a
// correctly paired surrogate is one code point, so \p{Cs} matches only a lone (ill-formed) half.
const LONE_SURROGATE = /\p{Cs}/u;

/** False when the string holds a lone UTF-16 surrogate, which cannot be stored as UTF-8 faithfully. */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);
