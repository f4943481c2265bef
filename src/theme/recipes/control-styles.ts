/** Style sets several recipes' controls share, so each is written once. */

/** The keyboard focus ring: a 2px outline in the focus colour, on the control's edge. */
export const focusRing = { outline: '2px solid', outlineColor: 'border.focus' } as const;

/** The focus ring standing clear of the control (buttons, pills, page numbers). */
export const focusRingApart = { ...focusRing, outlineOffset: '2px' } as const;

/** A small square button holding an icon (close, show password): centred, muted on hover. */
export const iconButton = { display: 'grid', placeItems: 'center', _hover: { bg: 'bg.muted' } } as const;
