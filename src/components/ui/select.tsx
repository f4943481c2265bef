import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { type FieldMetadata, useInputControl } from '@conform-to/react';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../icons';
import { FieldShell, type FieldShellOptions } from './field';

export type SelectOption = { label: string; value: string };

type SelectProps = FieldShellOptions & {
  label: string;
  options: readonly SelectOption[];
  /** The chosen value, or '' for none (the placeholder shows). */
  value: string;
  onValueChange: (value: string) => void;
  /** Called when the list opens or closes (a form library's focus and blur). */
  onOpenChange?: ((open: boolean) => void) | undefined;
  placeholder?: string | undefined;
  /** Label of a Clear action next to the trigger; omitted when not given. */
  clearLabel?: string | undefined;
  /** Submitted through Ark's hidden native select. */
  name?: string | undefined;
  disabled?: boolean | undefined;
  /** Open the list on mount (./deferred-select.tsx: the shopper asked before this had loaded). */
  defaultOpen?: boolean | undefined;
};

// As wide as its content where it stands alone (a filter bar); a grid cell may shrink it, the trigger
// then cutting a long value short rather than widening the column.
const shellWidth = css({ w: 'auto', minW: '0' });

/**
 * Single-choice Ark Select in FieldShell: label, optional Clear action, helper text and error list,
 * with the trigger (the focusable combobox) described by the helper and errors.
 */
export function Select({
  label,
  errors,
  helperText,
  required,
  className,
  options,
  value,
  onValueChange,
  onOpenChange,
  placeholder,
  clearLabel,
  name,
  disabled,
  defaultOpen,
}: SelectProps) {
  const classes = select();
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <FieldShell
      label={label}
      errors={errors}
      helperText={helperText}
      required={required}
      className={cx(shellWidth, className)}
      labelInControl
    >
      {(control) => (
        <ArkSelect.Root
          collection={collection}
          value={value ? [value] : []}
          onValueChange={(details) => onValueChange(details.value[0] ?? '')}
          onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
          name={name}
          disabled={disabled}
          defaultOpen={defaultOpen}
          positioning={{ sameWidth: true }}
          className={classes.root}
        >
          <ArkSelect.Label className={control.labelClassName}>{control.label}</ArkSelect.Label>
          <ArkSelect.Control className={classes.control}>
            <ArkSelect.Trigger className={classes.trigger} aria-describedby={control.describedBy}>
              <ArkSelect.ValueText placeholder={placeholder} className={classes.valueText} />
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
      )}
    </FieldShell>
  );
}

/**
 * Conform's control for a Select, spread into it: opening the list counts as entering the field and
 * closing it as leaving, so 'onBlur' validation runs as for the text inputs.
 */
export function useSelectControl(meta: FieldMetadata<string>) {
  const control = useInputControl(meta);
  return {
    name: meta.name,
    value: typeof control.value === 'string' ? control.value : '',
    onValueChange: (value: string) => control.change(value),
    onOpenChange: (open: boolean) => (open ? control.focus() : control.blur()),
    errors: meta.errors,
  };
}
