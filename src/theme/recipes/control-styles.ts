/** Style sets several recipes' controls share, so each is written once. */

/** The keyboard focus ring: a 2px outline in the focus colour, on the control's edge. */
export const focusRing = { outline: '2px solid', outlineColor: 'border.focus' } as const;

/** The focus ring standing clear of the control (buttons, pills, page numbers). */
export const focusRingApart = { ...focusRing, outlineOffset: '2px' } as const;

/** A field's column: its label above its control (and helper text below), 1.5 apart. */
export const fieldColumn = { display: 'flex', flexDirection: 'column', gap: '1.5' } as const;

/** A field's label: small and semibold, in the text colour. */
export const fieldLabel = { fontSize: 'sm', fontWeight: '600', color: 'fg.default' } as const;

/** The bordered box of a control (inputs, select triggers, steppers, pills, page numbers). */
export const controlBox = {
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
} as const;

/**
 * A box picked with a click (size and colour chips, page numbers): small text, the terracotta border on
 * hover, the ring apart on keyboard focus. Each says how it looks once picked.
 */
export const pickable = {
  ...controlBox,
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { borderColor: 'terracotta.400' },
  _focusVisible: focusRingApart,
} as const;

/** A small square button holding an icon (close, show password): centred, muted on hover. */
export const iconButton = { display: 'grid', placeItems: 'center', _hover: { bg: 'bg.muted' } } as const;
