import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { SavedAddress } from '../../machines/address-book.machine';
import { grid } from '../theme/layout';

/** One line of a saved address, as a shopper reads it: who, where, and the phone. */
export const addressSummary = (a: SavedAddress) =>
  `${a.fullName}, ${a.address}, ${a.city}, ${a.state} ${a.postalCode}`;

/** The box around one address and its action (the list's items, the checkout's chosen address). */
export const addressBox = css.raw({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'stretch', sm: 'center' },
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'md',
});

/** An address's lines under its `title` (who it goes to): the street, the place, the phone. */
export function AddressLines({ address, title }: { address: SavedAddress; title: ReactNode }) {
  return (
    <div className={css({ fontSize: 'sm', minW: '0', overflowWrap: 'anywhere' })}>
      {title}
      <p>{address.address}</p>
      <p>
        {address.city}, {address.state} {address.postalCode}
      </p>
      <p className={css({ color: 'fg.muted' })}>{address.phone}</p>
    </div>
  );
}

/**
 * The shopper's saved addresses, last used first (the first is marked so), each with its own action:
 * "Deliver here" on the checkout page, "Delete" on the account page.
 */
export function SavedAddressList({
  addresses,
  action,
}: {
  addresses: readonly SavedAddress[];
  action: (address: SavedAddress, index: number) => ReactNode;
}) {
  return (
    <ul className={css(grid, { gap: '3' })}>
      {addresses.map((a, index) => (
        <li key={a.id} className={css(addressBox)}>
          <AddressLines
            address={a}
            title={
              <p className={css({ fontWeight: '600' })}>
                {a.fullName}
                {index === 0 ? (
                  <span className={css({ ml: '2', color: 'fg.muted', fontWeight: '400' })}>· Last used</span>
                ) : null}
              </p>
            }
          />
          {action(a, index)}
        </li>
      ))}
    </ul>
  );
}
