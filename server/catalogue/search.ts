/**
 * What a shopper typed, turned into the words a catalogue search uses. Only letters, combining
 * marks and digits survive (any other character separates words), so the PostgreSQL tsquery built
 * from them can never hold an operator, a quote or a prefix marker the shopper did not mean: quotes,
 * `&|!:*()`, emoji or a query made only of punctuation cannot make the query fail.
 */

/** Words past this many are ignored: every word must match, so more only narrow to nothing. */
const MAX_WORDS = 8;
/** No catalogue word is longer; a longer run of letters is cut rather than rejected. */
const MAX_WORD_LENGTH = 40;
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;

export interface SearchTerms {
  /** Lower-cased words in the order typed (none when the query held only punctuation). */
  words: string[];
  /**
   * The `to_tsquery` text: every word must match, the last one as a prefix (the shopper may still be
   * typing it), e.g. `cotton & kurt:*`. Empty when there are no words.
   */
  tsquery: string;
  /** The words joined by single spaces, for the typo-tolerant title match. */
  text: string;
}

/** The search for `raw`, or null when it is blank (blank means "no search", not "match nothing"). */
export function parseSearch(raw: string | null | undefined): SearchTerms | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const words = raw
    .normalize('NFKC')
    .toLowerCase()
    .split(SEPARATORS)
    // A word that starts with a combining mark has lost its base letter; the mark alone means nothing.
    .map((word) => word.replace(/^\p{M}+/u, '').slice(0, MAX_WORD_LENGTH))
    .filter((word) => word !== '')
    .slice(0, MAX_WORDS);
  const tsquery = words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
  return { words, tsquery, text: words.join(' ') };
}
