/**
 * The Drawer's compound parts (Ark Dialog styled by the drawer recipe through a style context):
 * `<Drawer.Root open onOpenChange>` with `<Drawer.Backdrop>`, `<Drawer.Positioner>`, `<Drawer.Content>`,
 * `<Drawer.Title>` and `<Drawer.CloseTrigger>` inside (the layer parts in a Portal).
 */
export * as Drawer from './styled/drawer';
