import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { CloseIcon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { stack } from '../../../theme/layout';
import { FilterPanel } from './filter-panel';

type FilterDrawerProps = Parameters<typeof FilterPanel>[0] & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number;
};

// The panel scrolls; 'Show N products' stays in view below it, as the shopping apps keep their Apply.
const content = css({ p: '0', gap: '0', overflowY: 'hidden' });
const scroller = css(stack, { flex: '1', minH: '0', overflowY: 'auto', p: '6', gap: '4' });
const footer = css({
  flexShrink: 0,
  px: '6',
  py: '4',
  pb: 'calc(token(spacing.4) + env(safe-area-inset-bottom))',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  bg: 'bg.canvas',
});

/**
 * The filters on a phone: the same panel in a drawer (focus trapped, Escape closes). Each choice applies
 * at once, so the list behind updates; 'Show N products' closes it. Mounted on the first open and kept
 * (hidden) after it closes: opening it again shows the panel instead of building it again (at 4× CPU
 * the build is most of the ≈ 230 ms an open took, `npm run bench:interactions`).
 */
export default function FilterDrawer({ open, onOpenChange, total, ...panel }: FilterDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content className={content}>
            <Drawer.CloseTrigger aria-label="Close filters">
              <CloseIcon />
            </Drawer.CloseTrigger>
            <div className={scroller}>
              <Drawer.Title>Filters</Drawer.Title>
              <FilterPanel {...panel} />
            </div>
            <div className={footer}>
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
