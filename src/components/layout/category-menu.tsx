import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { css } from 'styled-system/css';
import {
  categoryMenuOpenRequested,
  clearCategoryMenuOpenRequest,
  categoryMenuTrigger as trigger,
} from './category-menu-trigger';
import { categoryPath } from './store-display';

const content = css({
  zIndex: 'popover',
  minW: '48',
  maxH: '70vh',
  overflowY: 'auto',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'control',
  boxShadow: 'raised',
  py: '1',
  outline: 'none',
});

const item = css({
  display: 'block',
  px: '4',
  py: '2',
  fontSize: 'sm',
  textTransform: 'capitalize',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'bg.muted', color: 'terracotta.700' },
});

/**
 * "All categories" in the header: every category the store lists (the bar shows the first 3, spec §2),
 * so each is two taps away. Ark's Menu gives the keyboard (arrows, Enter, Escape, typeahead).
 */
export function CategoryMenu({ categories }: { categories: readonly string[] }) {
  const navigate = useNavigate();
  const [openAtOnce] = useState(categoryMenuOpenRequested);
  useEffect(clearCategoryMenuOpenRequest, []);
  return (
    <Menu.Root
      defaultOpen={openAtOnce}
      onSelect={(details) => navigate(details.value)}
      positioning={{ placement: 'bottom-start' }}
    >
      <Menu.Trigger className={trigger}>
        All categories <span aria-hidden="true">▾</span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={content}>
            {categories.map((category) => (
              <Menu.Item key={category} value={categoryPath(category)} className={item}>
                {category}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
