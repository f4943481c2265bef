import { Field as ArkField } from '@ark-ui/react/field';
import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { type FieldMetadata, useInputControl } from '@conform-to/react';
import { css, cx } from 'styled-system/css';
import { field, select } from 'styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../../components/icons';
import { INDIAN_STATES } from '../../forms/checkout.schema';

const collection = createListCollection({
  items: INDIAN_STATES.map((name) => ({ label: name, value: name })),
});

/**
 * The shipping state as an Ark Select of the 36 states and union territories, wired to Conform: the
 * shared Select has no error list or blur hook, which a validated form field needs. Closing the list
 * counts as leaving the field, so the 'onBlur' validation runs as for the text inputs.
 */
export function StateSelect({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const control = useInputControl(meta);
  const fieldClasses = field();
  const classes = select();
  const errors = meta.errors;
  const value = typeof control.value === 'string' ? control.value : '';
  return (
    <ArkField.Root invalid={Boolean(errors?.length)} required className={fieldClasses.root}>
      <ArkSelect.Root
        collection={collection}
        name={meta.name}
        value={value ? [value] : []}
        onValueChange={(details) => control.change(details.value[0] ?? '')}
        onOpenChange={(details) => {
          if (details.open) control.focus();
          else control.blur();
        }}
        positioning={{ sameWidth: true }}
        className={cx(classes.root, css({ minW: '0' }))}
      >
        <ArkSelect.Label className={fieldClasses.label}>
          {label}
          <ArkField.RequiredIndicator className={fieldClasses.requiredIndicator} />
        </ArkSelect.Label>
        <ArkSelect.Control className={classes.control}>
          <ArkSelect.Trigger
            className={cx(
              classes.trigger,
              css({ '&[data-invalid]': { borderColor: 'fg.error' }, minW: '0' }),
            )}
          >
            <ArkSelect.ValueText
              placeholder="Select state"
              className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
            />
            <ArkSelect.Indicator className={classes.indicator}>
              <ChevronDownIcon size={18} />
            </ArkSelect.Indicator>
          </ArkSelect.Trigger>
        </ArkSelect.Control>
        <Portal>
          <ArkSelect.Positioner className={classes.positioner}>
            <ArkSelect.Content className={cx(classes.content, css({ maxH: '72', overflowY: 'auto' }))}>
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
      <ArkField.ErrorText className={fieldClasses.errorText}>{errors?.[0]}</ArkField.ErrorText>
    </ArkField.Root>
  );
}
