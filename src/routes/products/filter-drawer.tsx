import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { CloseIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { FilterPanel } from './filter-panel';

type FilterDrawerProps = Parameters<typeof FilterPanel>[0] & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number;
};

/**
 * The filters on a phone: the same panel in a drawer (focus trapped, Escape closes). Each choice applies
 * at once, so the list behind updates; 'Show N products' closes it.
 */
export default function FilterDrawer({ open, onOpenChange, total, ...panel }: FilterDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Title>Filters</Drawer.Title>
            <Drawer.CloseTrigger aria-label="Close filters">
              <CloseIcon />
            </Drawer.CloseTrigger>
            <FilterPanel {...panel} />
            <div className={css({ mt: 'auto', pt: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
              <Button fullWidth onClick={() => onOpenChange(false)}>
                Show {total} {total === 1 ? 'product' : 'products'}
              </Button>
            </div>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
