import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { select } from 'styled-system/recipes';
import { ChevronDownIcon } from '../icons';
import { SelectShell } from './field';

type NativeSelectProps = {
  label: string;
  options: readonly { label: string; value: string }[];
  /** The chosen value; '' is the first option's when that is the "none" choice (the placeholder). */
  value: string;
  onValueChange: (value: string) => void;
  /** Label of a Clear action next to the control; omitted when not given. */
  clearLabel?: string | undefined;
};

// The browser's own arrow is replaced by the chevron Ark's Select shows, so both look alike.
const nativeTrigger = css({ appearance: 'none', pe: '10', bg: 'white', w: 'full' });
const chevron = css({
  position: 'absolute',
  insetEnd: '3',
  top: '50%',
  transform: 'translateY(-50%)',
  pointerEvents: 'none',
});

/**
 * A single choice as the browser's own `<select>`, in the look of Ark's Select (./select.tsx): for the
 * product list's Type and Sort, where a short list of plain choices needs no script of its own. It
 * works before the app has hydrated the page (the browser opens it; the app reads the choice once it
 * runs), opens the phone's native picker, and costs the list pages none of the ≈ 47 KB of Ark's Select
 * and its positioning (docs/performance.md). Forms with their own rules keep Ark's Select.
 */
export function NativeSelectField({ label, options, value, onValueChange, clearLabel }: NativeSelectProps) {
  const classes = select();
  const id = useId();
  return (
    <SelectShell label={label}>
      {(control) => (
        <div className={classes.root}>
          <label htmlFor={id} className={control.labelClassName}>
            {control.label}
          </label>
          <div className={classes.control}>
            <div className={css({ position: 'relative', flex: '1', minW: '0' })}>
              <select
                id={id}
                className={cx(classes.trigger, nativeTrigger)}
                value={value}
                aria-describedby={control.describedBy}
                onChange={(event) => onValueChange(event.target.value)}
              >
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <span aria-hidden="true" className={cx(classes.indicator, chevron)}>
                <ChevronDownIcon size={18} />
              </span>
            </div>
            {clearLabel ? (
              <button
                type="button"
                aria-label={clearLabel}
                className={classes.clearTrigger}
                onClick={() => onValueChange('')}
              >
                {clearLabel}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </SelectShell>
  );
}
