import { type KeyboardEvent, useId } from 'react';
import { css } from 'styled-system/css';
import { numberInput } from 'styled-system/recipes';
import { MinusIcon, PlusIcon } from '../icons';
import { deferredComponent, deferredWrapper, useDeferredComponent } from './deferred';
import type { QuantityInput as QuantityInputComponent } from './number-input';

type QuantityInputProps = Parameters<typeof QuantityInputComponent>[0];

const deferredQuantityInput = deferredComponent(() =>
  import('./number-input').then((module) => module.QuantityInput),
);

/**
 * ./number-input.tsx's QuantityInput with Ark NumberInput kept off the page's critical path: the
 * first render is the same stepper as static markup whose buttons, arrow keys and typing already
 * work, and the Ark one replaces it once its chunk has arrived, fetched on the shopper's first pointer,
 * touch or focus on it (focus stays on the same part).
 */
export function DeferredQuantityInput(props: QuantityInputProps) {
  const {
    Component: QuantityInput,
    wrapper,
    intent,
  } = useDeferredComponent(deferredQuantityInput, 'number-input');
  return (
    <div ref={wrapper} className={deferredWrapper} {...(QuantityInput ? {} : intent)}>
      {QuantityInput ? <QuantityInput {...props} /> : <StaticQuantityInput {...props} />}
    </div>
  );
}

/** What ./number-input.tsx renders, without the machine. */
function StaticQuantityInput({ label, value, onValueChange, min = 1, max, hideLabel }: QuantityInputProps) {
  const classes = numberInput();
  const inputId = useId();
  const top = max ?? Number.MAX_SAFE_INTEGER;
  // What is typed goes on as typed, above `max` too, as Ark's typing does: the owner caps it and says
  // why (the cart's "You can buy at most 10 …"); refused here, a typed 12 snapped back without a word.
  const typed = (next: number) => {
    if (Number.isInteger(next) && next >= min && next !== value) onValueChange(next);
  };
  const step = (by: number) => {
    if (value + by >= min && value + by <= top) onValueChange(value + by);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const by = { ArrowUp: 1, ArrowDown: -1 }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    step(by);
  };
  return (
    <div data-scope="number-input" data-part="root" className={classes.root}>
      <label
        data-scope="number-input"
        data-part="label"
        htmlFor={inputId}
        className={hideLabel ? css({ srOnly: true }) : classes.label}
      >
        {label}
      </label>
      {/* biome-ignore lint/a11y/useSemanticElements: the same element and role as Ark's control */}
      <div data-scope="number-input" data-part="control" role="group" className={classes.control}>
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Decrease ${label}`}
          aria-controls={inputId}
          disabled={value <= min}
          data-disabled={value <= min ? '' : undefined}
          data-scope="number-input"
          data-part="decrement-trigger"
          className={classes.decrementTrigger}
          onClick={() => step(-1)}
        >
          <MinusIcon size={16} />
        </button>
        <input
          id={inputId}
          type="text"
          role="spinbutton"
          inputMode="decimal"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          aria-roledescription="numberfield"
          aria-valuemin={min}
          aria-valuemax={top}
          aria-valuenow={value}
          data-scope="number-input"
          data-part="input"
          className={classes.input}
          value={String(value)}
          onChange={(event) => typed(Number(event.target.value))}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Increase ${label}`}
          aria-controls={inputId}
          disabled={value >= top}
          data-disabled={value >= top ? '' : undefined}
          data-scope="number-input"
          data-part="increment-trigger"
          className={classes.incrementTrigger}
          onClick={() => step(1)}
        >
          <PlusIcon size={16} />
        </button>
      </div>
    </div>
  );
}
