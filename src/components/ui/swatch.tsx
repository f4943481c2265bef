import { swatch } from 'styled-system/recipes';

type SwatchColor = (typeof swatch.variantMap.color)[number];
const KNOWN = new Set<string>(swatch.variantMap.color);

/** The swatch for a colour name: its first word the theme has a swatch for ('Navy Blue' → navy). */
function swatchColor(name: string): SwatchColor {
  const known = name
    .toLowerCase()
    .split(/\s+/)
    .find((word) => KNOWN.has(word));
  return (known as SwatchColor | undefined) ?? 'neutral';
}

/** A colour's dot, next to its name (hidden from assistive tech: the name says it). */
export function Swatch({ color }: { color: string }) {
  return <span aria-hidden="true" className={swatch({ color: swatchColor(color) })} />;
}
