/**
 * PostgreSQL's text form of a normalised tsquery, read back into the operands the in-memory search
 * (search-index.ts) can match and rank.
 */

/** One operand of a parsed tsquery: a lexeme, matched exactly or as a prefix (`:*`). */
export interface QueryLexeme {
  lexeme: string;
  prefix: boolean;
}

/**
 * The operands of PostgreSQL's text form of a tsquery made only of operands joined by `&`
 * (`'cotton' & 'kurta':*`), sorted and de-duplicated as ts_rank does (by UTF-8 bytes, shorter first);
 * [] for an empty query (only stop words); null for anything else (phrases, `|`, `!`, weights).
 */
export function parseQueryText(text: string): QueryLexeme[] | null {
  const items: QueryLexeme[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  skipSpaces();
  if (i === text.length) return [];
  for (;;) {
    if (text[i] !== "'") return null;
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= text.length) return null;
      const c = text[i] as string;
      if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (c === '\\') {
        if (i + 1 >= text.length) return null;
        lexeme += text[i + 1];
        i += 2;
        continue;
      }
      lexeme += c;
      i++;
    }
    let prefix = false;
    if (text.startsWith(':*', i)) {
      prefix = true;
      i += 2;
    }
    items.push({ lexeme, prefix });
    skipSpaces();
    if (i === text.length) break;
    if (text[i] !== '&') return null;
    i++;
    skipSpaces();
  }
  items.sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  const unique: QueryLexeme[] = [];
  for (const item of items) {
    const last = unique[unique.length - 1];
    if (last && last.lexeme === item.lexeme) {
      // PostgreSQL keeps one of the two, by an unstable sort: leave that case to the database.
      if (last.prefix !== item.prefix) return null;
      continue;
    }
    unique.push(item);
  }
  return unique;
}

/** tsCompareString without prefix: bytes of the UTF-8 forms, then the shorter first. */
export function compareLexemes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
