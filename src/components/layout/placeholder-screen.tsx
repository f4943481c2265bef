import { css } from 'styled-system/css';
import { Page } from './page';

/**
 * Holds a route of the accounts/purchase screens (issue "Storefront views II") so the route table,
 * guard and layouts can be exercised before those screens land.
 */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Page>
      <h1 className={css({ textStyle: 'h1' })}>{title}</h1>
    </Page>
  );
}
