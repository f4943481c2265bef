import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { checkbox } from 'styled-system/recipes';
import { CheckIcon } from '../icons';

type PlainCheckboxProps = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

const input = cx('peer', css({ srOnly: true }));
// The hidden box sits inside the label (not wherever the nearest positioned ancestor is).
const root = css({ position: 'relative' });
// Ark marks its control `data-focus-visible`; here the native box has the focus, the control shows it.
const focusRing = css({
  '.peer:focus-visible ~ &': { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
});

/**
 * A checkbox for long lists (the products filter panel's sizes, colours and on-sale): a native box
 * inside a label, with the Ark Checkbox's parts, data attributes and recipe, so it looks and reads the
 * same, but without a state machine per box — twenty-odd of those were a large share of the products
 * page's start-up on a slow phone. Forms keep ./checkbox.tsx (Ark).
 */
export function PlainCheckbox({ label, checked, onCheckedChange, disabled }: PlainCheckboxProps) {
  const classes = checkbox();
  const state = checked ? 'checked' : 'unchecked';
  return (
    <label
      className={cx(classes.root, root)}
      data-scope="checkbox"
      data-part="root"
      data-state={state}
      data-disabled={disabled ? '' : undefined}
    >
      <input
        type="checkbox"
        className={input}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span
        className={cx(classes.control, focusRing)}
        data-scope="checkbox"
        data-part="control"
        data-state={state}
        aria-hidden="true"
      >
        {checked ? <CheckIcon size={14} strokeWidth={3} /> : null}
      </span>
      <span className={classes.label} data-scope="checkbox" data-part="label">
        {label}
      </span>
    </label>
  );
}
