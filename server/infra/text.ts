// String#isWellFormed (Node 20) is missing from the ES2023 lib we compile against. In a u-mode regex a
// correctly paired surrogate is one code point, so \p{Cs} matches only a lone (ill-formed) half.
const LONE_SURROGATE = /\p{Cs}/u;

/** False when the string holds a lone UTF-16 surrogate, which cannot be stored as UTF-8 faithfully. */
export const isWellFormedText = (value: string) => !LONE_SURROGATE.test(value);
