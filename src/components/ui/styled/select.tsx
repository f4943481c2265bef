import { type CollectionItem, Select, type SelectRootComponentProps } from '@ark-ui/react/select';
import type { JSX } from 'react';
import { type SelectVariantProps, select } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

/** Ark Select's parts, each with its slot of the select recipe (../select.tsx composes them). */
const { withProvider, withContext } = createStyleContext(select);

// Generic over the collection's item, as Ark's own Root is.
export const Root = withProvider(Select.Root, 'root') as <T extends CollectionItem>(
  props: SelectRootComponentProps<T> & SelectVariantProps,
) => JSX.Element;
export const Label = withContext(Select.Label, 'label');
export const Control = withContext(Select.Control, 'control');
export const Trigger = withContext(Select.Trigger, 'trigger');
export const ValueText = withContext(Select.ValueText, 'valueText');
export const Indicator = withContext(Select.Indicator, 'indicator');
export const ClearTrigger = withContext(Select.ClearTrigger, 'clearTrigger');
export const Positioner = withContext(Select.Positioner, 'positioner');
export const Content = withContext(Select.Content, 'content');
export const Item = withContext(Select.Item, 'item');
export const ItemText = withContext(Select.ItemText, 'itemText');
export const ItemIndicator = withContext(Select.ItemIndicator, 'itemIndicator');
export const HiddenSelect = Select.HiddenSelect;
