import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import type { ReactNode } from 'react';
import { checkbox } from 'styled-system/recipes';
import { CheckIcon } from '../icons';

type CheckboxProps = {
  label: ReactNode;
  name?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  value?: string;
  disabled?: boolean;
};

export function Checkbox({
  label,
  name,
  checked,
  defaultChecked,
  onCheckedChange,
  value,
  disabled,
}: CheckboxProps) {
  const classes = checkbox();
  return (
    <ArkCheckbox.Root
      name={name}
      value={value}
      checked={checked}
      defaultChecked={defaultChecked}
      disabled={disabled}
      onCheckedChange={(details) => onCheckedChange?.(details.checked === true)}
      className={classes.root}
    >
      <ArkCheckbox.Control className={classes.control}>
        <ArkCheckbox.Indicator>
          <CheckIcon size={14} strokeWidth={3} />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className={classes.label}>{label}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  );
}
