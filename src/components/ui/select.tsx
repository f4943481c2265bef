import { Portal } from '@ark-ui/react/portal';
import { createListCollection } from '@ark-ui/react/select';
import { type FieldMetadata, useInputControl } from '@conform-to/react';
import { useMemo } from 'react';
import { CheckIcon, ChevronDownIcon } from '../icons';
import { type FieldShellOptions, SelectShell, splitFieldProps } from './field';
import * as Select from './styled/select';

/** The Select's compound parts: `<Select.Root>`, `<Select.Trigger>`, `<Select.Item>`, … */
export { Select };

type SelectOption = { label: string; value: string };

type SelectFieldProps = FieldShellOptions & {
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
};

/**
 * Single-choice Select in FieldShell: label, optional Clear action, helper text and error list,
 * with the trigger (the focusable combobox) described by the helper and errors.
 */
export function SelectField(props: SelectFieldProps) {
  const [shell, { options, value, onValueChange, onOpenChange, placeholder, clearLabel, name, disabled }] =
    splitFieldProps(props);
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <SelectShell {...shell}>
      {(control) => (
        <Select.Root
          collection={collection}
          value={value ? [value] : []}
          onValueChange={(details) => onValueChange(details.value[0] ?? '')}
          onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
          name={name}
          disabled={disabled}
          positioning={{ sameWidth: true }}
        >
          <Select.Label className={control.labelClassName}>{control.label}</Select.Label>
          <Select.Control>
            <Select.Trigger aria-describedby={control.describedBy}>
              <Select.ValueText placeholder={placeholder} />
              <Select.Indicator>
                <ChevronDownIcon size={18} />
              </Select.Indicator>
            </Select.Trigger>
            {clearLabel ? (
              <Select.ClearTrigger aria-label={clearLabel}>{clearLabel}</Select.ClearTrigger>
            ) : null}
          </Select.Control>
          <Portal>
            <Select.Positioner>
              <Select.Content>
                {collection.items.map((item) => (
                  <Select.Item key={item.value} item={item}>
                    <Select.ItemText>{item.label}</Select.ItemText>
                    <Select.ItemIndicator>
                      <CheckIcon size={16} />
                    </Select.ItemIndicator>
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Positioner>
          </Portal>
          <Select.HiddenSelect />
        </Select.Root>
      )}
    </SelectShell>
  );
}

/**
 * Conform's control for a Select, spread into it: opening the list counts as entering the field and
 * closing it as leaving, so 'onBlur' validation runs as for the text inputs.
 *
 * The value reaches FormData through Conform's own hidden select: Ark's is left unnamed. Named, Conform
 * registers Ark's as the field's element and sends its events there, Ark answers each with a change
 * of its own, and a fill that moves the value (a saved address after a PIN's state, on the checkout)
 * swung the two between old and new until React gave up ("maximum update depth") and the page froze.
 */
export function useSelectControl(meta: FieldMetadata<string>) {
  const control = useInputControl(meta);
  return {
    value: typeof control.value === 'string' ? control.value : '',
    onValueChange: (value: string) => control.change(value),
    onOpenChange: (open: boolean) => (open ? control.focus() : control.blur()),
    errors: meta.errors,
  };
}
