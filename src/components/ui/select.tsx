import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { cx } from 'styled-system/css';
import { select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../icons';

export type SelectOption = { label: string; value: string };

type SelectProps = {
  label: string;
  options: readonly SelectOption[];
  /** The chosen value, or '' for none (the placeholder shows). */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** Label of a Clear action next to the trigger; omitted when not given. */
  clearLabel?: string;
  name?: string;
  className?: string;
  disabled?: boolean;
};

/** Single-choice Ark Select with an optional Clear action. */
export function Select({
  label,
  options,
  value,
  onValueChange,
  placeholder,
  clearLabel,
  name,
  className,
  disabled,
}: SelectProps) {
  const classes = select();
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <ArkSelect.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      name={name}
      disabled={disabled}
      positioning={{ sameWidth: true }}
      className={cx(classes.root, className)}
    >
      <ArkSelect.Label className={classes.label}>{label}</ArkSelect.Label>
      <ArkSelect.Control className={classes.control}>
        <ArkSelect.Trigger className={classes.trigger}>
          <ArkSelect.ValueText placeholder={placeholder} />
          <ArkSelect.Indicator className={classes.indicator}>
            <ChevronDownIcon size={18} />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
        {clearLabel ? (
          <ArkSelect.ClearTrigger className={classes.clearTrigger} aria-label={clearLabel}>
            {clearLabel}
          </ArkSelect.ClearTrigger>
        ) : null}
      </ArkSelect.Control>
      <Portal>
        <ArkSelect.Positioner className={classes.positioner}>
          <ArkSelect.Content className={classes.content}>
            {collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className={classes.item}>
                <ArkSelect.ItemText className={classes.itemText}>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator className={classes.itemIndicator}>
                  <CheckIcon size={16} />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
