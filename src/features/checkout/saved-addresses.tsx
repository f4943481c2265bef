import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { SavedAddress } from '../../../machines/address-book.machine';
import {
  AddressLines,
  addressBox,
  addressSummary,
  SavedAddressList,
} from '../../components/saved-address-list';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';

/**
 * The checkout's saved addresses (machines/address-book.machine.ts): while they load, a placeholder;
 * with one chosen, "Deliver to" and its summary in place of the form, with Change; otherwise the list,
 * each with "Deliver here", above the form for a new one.
 */
export function SavedAddresses({
  loading,
  addresses,
  selected,
  onUse,
  onChange,
}: {
  loading: boolean;
  addresses: readonly SavedAddress[];
  /** The address the form holds, summarised; undefined while the form is shown. */
  selected: SavedAddress | undefined;
  onUse: (id: string) => void;
  onChange: () => void;
}) {
  // Change hands the focus to the list it opens (the button pressed is gone).
  const listHeading = useRef<HTMLHeadingElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (selected || !changed.current) return;
    changed.current = false;
    listHeading.current?.focus();
  }, [selected]);

  if (loading)
    return (
      <div aria-busy="true" className={css({ mb: '6', display: 'grid', gap: '2' })}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Looking for your saved addresses…</p>
        <Skeleton className={css({ h: '20' })} />
      </div>
    );
  if (selected)
    return (
      <section aria-labelledby="deliver-to-title" className={css({ mb: '5' })}>
        <div className={css(addressBox, { flexDirection: 'row', alignItems: 'flex-start' })}>
          <AddressLines
            address={selected}
            title={
              <h3 id="deliver-to-title" className={css({ fontWeight: '600', mb: '1' })}>
                Deliver to {selected.fullName}
              </h3>
            }
          />
          <Button
            size="sm"
            variant="outline"
            aria-label={`Change the address: ${addressSummary(selected)}`}
            onClick={() => {
              changed.current = true;
              onChange();
            }}
          >
            Change
          </Button>
        </div>
      </section>
    );
  if (addresses.length === 0) return null;
  return (
    <section aria-labelledby="saved-addresses-title" className={css({ mb: '6' })}>
      <h3
        id="saved-addresses-title"
        ref={listHeading}
        tabIndex={-1}
        className={css({ fontWeight: '600', mb: '3', _focusVisible: { outline: 'none' } })}
      >
        Saved addresses
      </h3>
      <SavedAddressList
        addresses={addresses}
        action={(address) => (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Deliver to ${addressSummary(address)}`}
            onClick={() => onUse(address.id)}
          >
            Deliver here
          </Button>
        )}
      />
      <p className={css({ mt: '4', fontWeight: '600' })}>Or edit the form below for a new address</p>
    </section>
  );
}
