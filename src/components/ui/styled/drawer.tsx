import { Dialog } from '@ark-ui/react/dialog';
import { drawer } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

/** Ark Dialog's parts, each with its slot of the drawer recipe. */
const { withRootProvider, withContext } = createStyleContext(drawer);

export const Root = withRootProvider(Dialog.Root);
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop');
export const Positioner = withContext(Dialog.Positioner, 'positioner');
export const Content = withContext(Dialog.Content, 'content');
export const Title = withContext(Dialog.Title, 'title');
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger');
