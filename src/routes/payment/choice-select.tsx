import { Field as ArkField } from '@ark-ui/react/field';
import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { field, select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../../components/icons';

type ChoiceSelectProps = {
  label: string;
  name: string;
  options: readonly { label: string; value: string }[];
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
  error?: string | undefined;
  /** Called when the list opens or closes (a form library's focus and blur). */
  onOpenChange?: (open: boolean) => void;
};

/** An Ark Select inside a Field, so its helper and error texts are announced with it. */
export function ChoiceSelect({
  label,
  name,
  options,
  value,
  onValueChange,
  placeholder,
  helperText,
  required,
  error,
  onOpenChange,
}: ChoiceSelectProps) {
  const fieldClasses = field();
  const classes = select();
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <ArkField.Root invalid={Boolean(error)} required={required} className={fieldClasses.root}>
      <ArkSelect.Root
        collection={collection}
        name={name}
        value={value ? [value] : []}
        onValueChange={(details) => onValueChange(details.value[0] ?? '')}
        onOpenChange={(details) => onOpenChange?.(details.open)}
        positioning={{ sameWidth: true }}
        className={cx(classes.root, css({ minW: '0' }))}
      >
        <ArkSelect.Label className={fieldClasses.label}>
          {label}
          {required ? <ArkField.RequiredIndicator className={fieldClasses.requiredIndicator} /> : null}
        </ArkSelect.Label>
        <ArkSelect.Control className={classes.control}>
          <ArkSelect.Trigger className={classes.trigger}>
            <ArkSelect.ValueText placeholder={placeholder ?? 'Select an option'} />
            <ArkSelect.Indicator className={classes.indicator}>
              <ChevronDownIcon size={18} />
            </ArkSelect.Indicator>
          </ArkSelect.Trigger>
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
      {helperText ? (
        <ArkField.HelperText className={fieldClasses.helperText}>{helperText}</ArkField.HelperText>
      ) : null}
      <ArkField.ErrorText className={fieldClasses.errorText}>{error}</ArkField.ErrorText>
    </ArkField.Root>
  );
}
