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
  /**
   * What an option says beside its name ("Only 3 left"), read with it ("M Only 3 left"); a `soldOut`
   * one ("Sold out") is shown but disabled, so it cannot be picked.
   */
  note?: (option: string) => { kind: string; text: string } | null;
};

/** Ark RadioGroup rendered as pills: used for size and colour pickers. */
export function ChipGroup({
  label,
  options,
  value,
  onValueChange,
  renderAdornment,
  name,
  note,
}: ChipGroupProps) {
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
        {options.map((option) => {
          const said = note?.(option);
          return (
            <RadioGroup.Item
              key={option}
              value={option}
              disabled={said?.kind === 'soldOut'}
              className={classes.item}
            >
              <RadioGroup.ItemControl className={classes.itemControl} />
              {renderAdornment?.(option)}
              <RadioGroup.ItemText className={classes.itemText}>
                {option}
                {said ? (
                  <>
                    {' '}
                    <span className={classes.itemNote}>{said.text}</span>
                  </>
                ) : null}
              </RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          );
        })}
      </div>
    </RadioGroup.Root>
  );
}
