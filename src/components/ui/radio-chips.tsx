import { css } from 'styled-system/css';

type RadioChipsProps<Value extends string> = {
  legend: string;
  /** The radios' shared name. */
  name: string;
  options: readonly { label: string; value: Value }[];
  value: Value;
  onValueChange: (value: Value) => void;
};

const visuallyHidden = css({ srOnly: true });

// ChipGroup's pills (src/theme/recipes/choice.recipe.ts) written out, so the page carries no recipe of
// its own for them: the checked one filled, the ring apart on keyboard focus.
const legendStyle = css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default', mb: '2.5' });
const pill = css({
  display: 'inline-flex',
  alignItems: 'center',
  minW: '11',
  h: '10',
  px: '3.5',
  justifyContent: 'center',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  fontSize: 'sm',
  fontWeight: '500',
  cursor: 'pointer',
  transition: 'all 0.15s',
  _hover: { borderColor: 'terracotta.400' },
  _checked: { bg: 'secondary.default', color: 'white', borderColor: 'secondary.default' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
});

/**
 * A single choice as the browser's own radio buttons, looking like ChipGroup's pills (./chip-group.tsx):
 * for My Orders' filters, where plain choices need no script of their own and Ark's RadioGroup would add
 * ≈ 14 KB brotli to the page (scripts/route-budgets.json). The browser gives the keyboard its arrows.
 */
export function RadioChips<Value extends string>({
  legend,
  name,
  options,
  value,
  onValueChange,
}: RadioChipsProps<Value>) {
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <legend className={legendStyle}>{legend}</legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((option) => (
          <label
            key={option.value}
            className={pill}
            data-state={option.value === value ? 'checked' : 'unchecked'}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValueChange(option.value)}
              className={visuallyHidden}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
