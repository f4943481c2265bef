import { RadioGroup } from '@ark-ui/react/radio-group';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { chipGroup } from 'styled-system/recipes';

type ChipGroupProps = {
  label: string;
  options: readonly string[];
  value: string;
  onValueChange: (value: string) => void;
  /** Optional adornment per option (e.g. a colour swatch). */
  renderAdornment?: (option: string) => ReactNode;
  name?: string;
};

/** Ark RadioGroup rendered as pills: used for size and colour pickers. */
export function ChipGroup({ label, options, value, onValueChange, renderAdornment, name }: ChipGroupProps) {
  const classes = chipGroup();
  return (
    <RadioGroup.Root
      value={value || null}
      onValueChange={(details) => onValueChange(details.value ?? '')}
      name={name}
      className={classes.root}
    >
      <RadioGroup.Label className={classes.label}>{label}</RadioGroup.Label>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {options.map((option) => (
          <RadioGroup.Item key={option} value={option} className={classes.item}>
            <RadioGroup.ItemControl className={classes.itemControl} />
            {renderAdornment?.(option)}
            <RadioGroup.ItemText className={classes.itemText}>{option}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput />
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  );
}
