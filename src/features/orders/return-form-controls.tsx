import { Field as ArkField } from '@ark-ui/react/field';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { checkbox, chipGroup, select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../../components/icons';
import { FieldShell } from '../../components/ui/field';

/**
 * The return request form's own controls: the browser's radios, checkboxes and selects, uncontrolled so
 * that Conform reads them from the form (and a refused request leaves them as they were), in the look of
 * the Ark parts the other forms use.
 */

const visuallyHidden = css({ srOnly: true });
const fieldsetReset = css({ border: 'none', p: '0', m: '0', minW: '0' });
const legendStyle = css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default', mb: '2' });

// The chip group recipe's pill; filled while its radio is checked (the radio itself is hidden).
const pillChecked = css({
  '&:has(input:checked)': { bg: 'secondary.default', color: 'white', borderColor: 'secondary.default' },
});

/** A single choice as pills: the browser's radios named `name`, the first of `defaultValue` checked. */
export function ChoicePills({
  legend,
  name,
  options,
  defaultValue,
  describedBy,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string | undefined;
  describedBy?: string | undefined;
}) {
  const classes = chipGroup();
  return (
    <fieldset className={fieldsetReset} aria-describedby={describedBy}>
      <legend className={legendStyle}>{legend}</legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((option) => (
          <label key={option.value} className={cx(classes.item, pillChecked)}>
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              className={visuallyHidden}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// The checkbox recipe's box, drawn from the state of the (hidden) native box before it.
const boxFollowsInput = css({
  flexShrink: 0,
  '.peer:checked ~ &': { bg: 'primary.default', borderColor: 'primary.default' },
  '.peer:focus-visible ~ &': { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
  '.peer:disabled ~ &': { opacity: 0.5 },
});
const tickFollowsInput = css({ visibility: 'hidden', '.peer:checked ~ * > &': { visibility: 'visible' } });

/** A checkbox whose label is `children` (a line's thumbnail and name), submitted as 'on' under `name`. */
export function BoxRow({
  name,
  defaultChecked,
  disabled,
  describedBy,
  onChange,
  children,
}: {
  name: string;
  defaultChecked: boolean;
  disabled: boolean;
  describedBy?: string | undefined;
  onChange?: (() => void) | undefined;
  children: ReactNode;
}) {
  const classes = checkbox();
  return (
    <label
      className={cx(
        classes.root,
        css({ position: 'relative', gap: '3', cursor: disabled ? 'not-allowed' : 'pointer' }),
      )}
    >
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onChange}
        className={cx('peer', visuallyHidden)}
      />
      <span className={cx(classes.control, boxFollowsInput)} aria-hidden="true">
        <CheckIcon size={14} strokeWidth={3} className={tickFollowsInput} />
      </span>
      {children}
    </label>
  );
}

// The Select's trigger look on the browser's own <select>, its arrow replaced by the Select's chevron.
const nativeTrigger = css({ appearance: 'none', pe: '10', w: 'full' });
const chevron = css({
  position: 'absolute',
  insetEnd: '3',
  top: '50%',
  transform: 'translateY(-50%)',
  pointerEvents: 'none',
});

/**
 * A single choice as the browser's `<select>` in FieldShell (label, errors wired by aria-describedby):
 * short lists (a quantity, a size, a reason) that need no script of their own. `placeholder` is a first,
 * empty choice.
 */
export function SelectControl({
  label,
  name,
  options,
  defaultValue,
  placeholder,
  errors,
  className,
}: {
  label: ReactNode;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string | undefined;
  placeholder?: string | undefined;
  errors?: readonly string[] | undefined;
  className?: string | undefined;
}) {
  const classes = select();
  return (
    <FieldShell label={label} errors={errors} className={className}>
      {({ describedBy }) => (
        <div className={css({ position: 'relative' })}>
          <ArkField.Select
            name={name}
            defaultValue={defaultValue ?? ''}
            aria-describedby={describedBy}
            className={cx(classes.trigger, nativeTrigger)}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </ArkField.Select>
          <span aria-hidden="true" className={cx(classes.indicator, chevron)}>
            <ChevronDownIcon size={18} />
          </span>
        </div>
      )}
    </FieldShell>
  );
}
