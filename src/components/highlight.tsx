import { Fragment } from 'react';
import { css } from 'styled-system/css';

const markStyle = css({ bg: 'saffron.100', color: 'inherit', borderRadius: 'sm', px: '0.5', mx: '-0.5' });
const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every word of `query` in it marked, case-insensitively (search results, suggestions). */
export function Highlight({ text, query }: { text: string; query: string | undefined }) {
  const words = (query ?? '').trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return <>{text}</>;
  // Longest first, so 'kurta' wins over 'kurt' where both match.
  words.sort((a, b) => b.length - a.length);
  // A capturing split puts the matches at the odd indexes.
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'gi'));
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={i} className={markStyle}>
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
