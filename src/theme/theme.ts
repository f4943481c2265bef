import { defineTokens } from '@pandacss/dev';

// Brand tokens; recipes are added beside this file and registered here.
export const theme = {
  tokens: defineTokens({
    colors: {
      brand: {
        50: { value: '#fdf4f3' },
        100: { value: '#fbe6e3' },
        500: { value: '#c2410c' },
        600: { value: '#a8370a' },
        700: { value: '#8a2d09' },
      },
    },
  }),
};
