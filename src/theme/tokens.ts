import { defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev';

/**
 * Brand palette for an Indian clothing store: terracotta (primary), indigo (secondary, block-print
 * dye), saffron (accent) on warm off-white "cotton" neutrals. Each scale is checked for WCAG AA text
 * contrast at 600+ on cotton.50 and 50 on 600+.
 */
/**
 * Dots for the colour names products carry (the product page's colour chips, swatch recipe); a name
 * not listed here shows `neutral`.
 */
export const swatchColors = {
  black: { value: '#222226' },
  white: { value: '#f7f5f0' },
  red: { value: '#c42a35' },
  maroon: { value: '#6f202c' },
  blue: { value: '#2f55a4' },
  navy: { value: '#1f2a55' },
  indigo: { value: '#2f4086' },
  green: { value: '#2f6b3f' },
  olive: { value: '#6b6b2f' },
  yellow: { value: '#e8b923' },
  mustard: { value: '#c9a33c' },
  orange: { value: '#e07a1f' },
  saffron: { value: '#f4a300' },
  pink: { value: '#e58fb0' },
  purple: { value: '#6a3d8f' },
  grey: { value: '#8c8c8c' },
  gray: { value: '#8c8c8c' },
  beige: { value: '#d9c7a5' },
  cream: { value: '#f1e8d2' },
  brown: { value: '#7a4e2d' },
  teal: { value: '#1f7a78' },
  rust: { value: '#b5502a' },
  terracotta: { value: '{colors.terracotta.500}' },
  neutral: { value: '{colors.cotton.400}' },
} as const;

export const tokens = defineTokens({
  colors: {
    swatch: swatchColors,
    terracotta: {
      50: { value: '#fdf3ee' },
      100: { value: '#fae2d6' },
      200: { value: '#f3c0a8' },
      300: { value: '#e99a78' },
      400: { value: '#dc7650' },
      500: { value: '#c95a33' },
      600: { value: '#ad4626' },
      700: { value: '#8e3820' },
      800: { value: '#6f2d1c' },
      900: { value: '#4d2014' },
    },
    indigo: {
      50: { value: '#f0f2fa' },
      100: { value: '#dde2f3' },
      200: { value: '#bcc5e6' },
      300: { value: '#8f9dd2' },
      400: { value: '#6574b8' },
      500: { value: '#48579d' },
      600: { value: '#374483' },
      700: { value: '#2d376a' },
      800: { value: '#242c53' },
      900: { value: '#1a1f3a' },
    },
    saffron: {
      50: { value: '#fff8e8' },
      100: { value: '#ffedc2' },
      200: { value: '#ffdc85' },
      300: { value: '#ffc847' },
      400: { value: '#f7b21a' },
      500: { value: '#e09600' },
      600: { value: '#b87600' },
      700: { value: '#8f5a05' },
    },
    cotton: {
      50: { value: '#fdfaf5' },
      100: { value: '#f8f2e8' },
      200: { value: '#efe5d4' },
      300: { value: '#e0d2bb' },
      400: { value: '#c3b299' },
      500: { value: '#9a8a72' },
      600: { value: '#756752' },
      700: { value: '#574c3d' },
      800: { value: '#3a322a' },
      900: { value: '#221d18' },
    },
  },
  fonts: {
    display: { value: "'Playfair Display', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif" },
    body: {
      value:
        "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    },
  },
  radii: {
    control: { value: '0.625rem' },
    card: { value: '1rem' },
  },
  shadows: {
    card: { value: '0 1px 2px rgba(58, 50, 42, 0.06), 0 4px 14px rgba(58, 50, 42, 0.06)' },
    raised: { value: '0 10px 30px rgba(58, 50, 42, 0.14)' },
    nav: { value: '0 2px 18px rgba(58, 50, 42, 0.10)' },
    // Bars docked to the phone's bottom edge (the tab bar, the cart's total, the product's Add to Cart).
    dock: { value: '0 -4px 16px rgba(58, 50, 42, 0.08)' },
  },
  sizes: {
    content: { value: '80rem' },
    prose: { value: '48rem' },
    // The phone's fixed bottom bars: the tab bar, and the product page's Add to Cart bar above it.
    tabBar: { value: '3.5rem' },
    buyBar: { value: '4rem' },
  },
  // The default preset has no z-index scale: without these, `zIndex: 'sticky'` etc. compiled to
  // invalid CSS (auto). Toasts use `toast`: over the header, the tab bar and every open overlay but the phone menu (`menu`).
  zIndex: {
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    toast: { value: 1550 },
    menu: { value: 1575 },
    skipLink: { value: 1600 },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: '{colors.cotton.50}' },
      surface: { value: '#ffffff' },
      muted: { value: '{colors.cotton.100}' },
      subtle: { value: '{colors.cotton.200}' },
      inverse: { value: '{colors.indigo.900}' },
    },
    fg: {
      default: { value: '{colors.cotton.900}' },
      muted: { value: '{colors.cotton.700}' },
      subtle: { value: '{colors.cotton.600}' },
      inverse: { value: '{colors.cotton.50}' },
      error: { value: '#b42318' },
      success: { value: '#1f7a3f' },
    },
    border: {
      default: { value: '{colors.cotton.300}' },
      subtle: { value: '{colors.cotton.200}' },
      focus: { value: '{colors.indigo.500}' },
    },
    primary: {
      default: { value: '{colors.terracotta.600}' },
      emphasized: { value: '{colors.terracotta.700}' },
      subtle: { value: '{colors.terracotta.50}' },
      fg: { value: '#ffffff' },
    },
    secondary: {
      default: { value: '{colors.indigo.700}' },
      emphasized: { value: '{colors.indigo.800}' },
      subtle: { value: '{colors.indigo.50}' },
    },
    accent: {
      default: { value: '{colors.saffron.400}' },
      subtle: { value: '{colors.saffron.50}' },
    },
  },
});

export const textStyles = defineTextStyles({
  display: {
    value: {
      fontFamily: 'display',
      fontWeight: '700',
      fontSize: '2.75rem',
      lineHeight: '1.1',
      letterSpacing: '-0.02em',
    },
  },
  h1: {
    value: { fontFamily: 'display', fontWeight: '700', fontSize: '2rem', lineHeight: '1.2' },
  },
  h2: {
    value: { fontFamily: 'display', fontWeight: '700', fontSize: '1.625rem', lineHeight: '1.25' },
  },
  h3: { value: { fontFamily: 'body', fontWeight: '600', fontSize: '1.125rem', lineHeight: '1.4' } },
  // A card's or panel's title (Order Summary, Shipping Information, a drawer's): h3 in the display face.
  cardTitle: { value: { fontFamily: 'display', fontWeight: '600', fontSize: 'xl', lineHeight: '1.4' } },
  body: { value: { fontFamily: 'body', fontSize: '1rem', lineHeight: '1.6' } },
  small: { value: { fontFamily: 'body', fontSize: '0.875rem', lineHeight: '1.5' } },
  eyebrow: {
    value: {
      fontFamily: 'body',
      fontSize: '0.75rem',
      fontWeight: '600',
      letterSpacing: '0.12em',
      textTransform: 'uppercase',
    },
  },
});
