import { badgeRecipe } from './recipes/badge.recipe';
import { buttonRecipe } from './recipes/button.recipe';
import { cardRecipe } from './recipes/card.recipe';
import { checkboxRecipe, chipGroupRecipe } from './recipes/choice.recipe';
import { drawerRecipe } from './recipes/drawer.recipe';
import { fieldRecipe } from './recipes/field.recipe';
import { inputRecipe } from './recipes/input.recipe';
import { numberInputRecipe, paginationRecipe, passwordInputRecipe } from './recipes/number-input.recipe';
import { selectRecipe } from './recipes/select.recipe';
import { swatchRecipe } from './recipes/swatch.recipe';
import { toastRecipe } from './recipes/toast.recipe';
import { semanticTokens, textStyles, tokens } from './tokens';

/** Everything panda.config.ts extends the default preset with. */
export const theme = {
  tokens,
  semanticTokens,
  textStyles,
  keyframes: {
    shimmer: { '0%': { backgroundPosition: '-400px 0' }, '100%': { backgroundPosition: '400px 0' } },
    fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
    slideIn: { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
  },
  recipes: {
    button: buttonRecipe,
    input: inputRecipe,
    badge: badgeRecipe,
    card: cardRecipe,
    swatch: swatchRecipe,
  },
  slotRecipes: {
    field: fieldRecipe,
    select: selectRecipe,
    toast: toastRecipe,
    drawer: drawerRecipe,
    chipGroup: chipGroupRecipe,
    checkbox: checkboxRecipe,
    numberInput: numberInputRecipe,
    pagination: paginationRecipe,
    passwordInput: passwordInputRecipe,
  },
};
