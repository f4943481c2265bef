import { css } from 'styled-system/css';
import { MinusIcon, PlusIcon } from '../icons';
import * as NumberInput from './styled/number-input';

type QuantityInputProps = {
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  min?: number;
  max?: number;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
};

/** Ark NumberInput as a minus / value / plus stepper; never goes below `min` (default 1). */
export function QuantityInput({ label, value, onValueChange, min = 1, max, hideLabel }: QuantityInputProps) {
  return (
    <NumberInput.Root
      value={String(value)}
      min={min}
      max={max}
      allowMouseWheel={false}
      // One step per click: press-and-hold auto-repeat overshoots easily on touch screens.
      spinOnPress={false}
      clampValueOnBlur
      onValueChange={(details) => {
        if (Number.isFinite(details.valueAsNumber) && details.valueAsNumber >= min) {
          onValueChange(details.valueAsNumber);
        }
      }}
    >
      <NumberInput.Label className={hideLabel ? css({ srOnly: true }) : undefined}>{label}</NumberInput.Label>
      <NumberInput.Control>
        <NumberInput.DecrementTrigger aria-label={`Decrease ${label}`}>
          <MinusIcon size={16} />
        </NumberInput.DecrementTrigger>
        <NumberInput.Input />
        <NumberInput.IncrementTrigger aria-label={`Increase ${label}`}>
          <PlusIcon size={16} />
        </NumberInput.IncrementTrigger>
      </NumberInput.Control>
    </NumberInput.Root>
  );
}
