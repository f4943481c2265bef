import { NumberInput } from '@ark-ui/react/number-input';
import { numberInput } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

/** Ark NumberInput's parts, each with its slot of the number-input recipe. */
const { withProvider, withContext } = createStyleContext(numberInput);

export const Root = withProvider(NumberInput.Root, 'root');
export const Label = withContext(NumberInput.Label, 'label');
export const Control = withContext(NumberInput.Control, 'control');
export const DecrementTrigger = withContext(NumberInput.DecrementTrigger, 'decrementTrigger');
export const Input = withContext(NumberInput.Input, 'input');
export const IncrementTrigger = withContext(NumberInput.IncrementTrigger, 'incrementTrigger');
