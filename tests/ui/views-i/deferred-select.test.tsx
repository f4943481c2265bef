import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredSelect } from '../../../src/components/ui/deferred-select';

const OPTIONS = [
  { label: 'All Types', value: '' },
  { label: 'Kurta', value: 'Kurta' },
  { label: 'Saree', value: 'Saree' },
];

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DeferredSelect
        label="Filter by Type"
        options={OPTIONS}
        value={value}
        placeholder="All Types"
        clearLabel={value ? 'Clear' : undefined}
        onValueChange={setValue}
      />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

/** The real Ark trigger controls its listbox; the static one has no listbox to point at. */
const arkLoaded = () =>
  expect(screen.getByRole('combobox', { name: 'Filter by Type' })).toHaveAttribute('aria-controls');

// Order matters: the first test runs before the Ark chunk has ever loaded in this file.
describe('DeferredSelect', () => {
  it('shows the same closed select before Ark has loaded, and opens it if asked meanwhile', async () => {
    render(<Harness initial="Kurta" />);
    const staticTrigger = screen.getByRole('combobox', { name: 'Filter by Type' });
    expect(staticTrigger).not.toHaveAttribute('aria-controls');
    expect(staticTrigger).toHaveTextContent('Kurta');
    expect(staticTrigger).not.toHaveAttribute('data-placeholder-shown');
    staticTrigger.focus();
    fireEvent.click(staticTrigger);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All Types', 'Kurta', 'Saree']);
    arkLoaded();
    // Focus moved with the swap to the real trigger (or into the list it opened).
    expect(document.activeElement).not.toBe(document.body);
    fireEvent.click(screen.getByRole('option', { name: 'Saree' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saree'));
  });

  it('renders Ark straight away once loaded, with the placeholder for no choice, and Clear works', async () => {
    render(<Harness initial="Saree" />);
    arkLoaded();
    expect(screen.getByRole('combobox', { name: 'Filter by Type' })).toHaveTextContent('Saree');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    });
    const trigger = screen.getByRole('combobox', { name: 'Filter by Type' });
    expect(trigger).toHaveTextContent('All Types');
    expect(trigger).toHaveAttribute('data-placeholder-shown');
  });
});
