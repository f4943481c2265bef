import { type KeyboardEvent, useId, useState } from 'react';
import { select } from 'styled-system/recipes';
import { ChevronDownIcon } from '../icons';
import { deferredComponent, deferredWrapper, useDeferredComponent } from './deferred';
import { SelectShell, splitFieldProps } from './field';
import type { SelectField } from './select';

type SelectProps = Parameters<typeof SelectField>[0];

const deferredSelect = deferredComponent(() => import('./select').then((module) => module.SelectField));

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * The Ark Select (./select.tsx, with its state machine, positioning and dismiss layers: ~30 KB) kept
 * off a page's critical path: the page's first render shows the same markup as static HTML (same
 * classes, same combobox role and name, a working Clear) and the real Select replaces it once its
 * chunk has arrived, fetched on the shopper's first pointer, touch or focus on it. A shopper who opens the list before then gets it opened
 * as soon as it can be, and focus stays on the part that had it.
 */
export function DeferredSelect(props: SelectProps) {
  const { Component: Select, wrapper, load, intent } = useDeferredComponent(deferredSelect, 'select');
  const [openRequested, setOpenRequested] = useState(false);

  return (
    <div ref={wrapper} className={deferredWrapper} {...(Select ? {} : intent)}>
      {Select ? (
        <Select {...props} defaultOpen={openRequested} />
      ) : (
        <StaticSelect
          {...props}
          onOpenRequest={() => {
            setOpenRequested(true);
            load();
          }}
        />
      )}
    </div>
  );
}

/** What ./select.tsx renders while closed, without the machine. */
function StaticSelect(props: SelectProps & { onOpenRequest: () => void }) {
  const [shell, { options, value, onValueChange, placeholder, clearLabel, disabled, onOpenRequest }] =
    splitFieldProps(props);
  const classes = select();
  const labelId = useId();
  // '' is no choice (./select.tsx passes no value to Ark): the placeholder shows.
  const selected = value ? options.find((option) => option.value === value) : undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    onOpenRequest();
  };
  return (
    <SelectShell {...shell}>
      {(control) => (
        <div data-scope="select" data-part="root" className={classes.root}>
          <span id={labelId} data-scope="select" data-part="label" className={control.labelClassName}>
            {control.label}
          </span>
          <div data-scope="select" data-part="control" data-state="closed" className={classes.control}>
            <button
              type="button"
              role="combobox"
              aria-expanded="false"
              aria-haspopup="listbox"
              aria-labelledby={labelId}
              aria-describedby={control.describedBy}
              disabled={disabled}
              data-scope="select"
              data-part="trigger"
              data-state="closed"
              data-placeholder-shown={selected ? undefined : ''}
              className={classes.trigger}
              onClick={onOpenRequest}
              onKeyDown={onKeyDown}
            >
              <span data-scope="select" data-part="value-text" className={classes.valueText}>
                {selected ? selected.label : placeholder}
              </span>
              <div
                data-scope="select"
                data-part="indicator"
                data-state="closed"
                aria-hidden="true"
                className={classes.indicator}
              >
                <ChevronDownIcon size={18} />
              </div>
            </button>
            {clearLabel ? (
              <button
                type="button"
                aria-label={clearLabel}
                data-scope="select"
                data-part="clear-trigger"
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
