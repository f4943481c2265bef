import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredQuantityInput } from '../../../src/components/ui/deferred-number-input';
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

function Stepper() {
  const [value, setValue] = useState(1);
  return <DeferredQuantityInput label="Quantity" value={value} min={1} max={3} onValueChange={setValue} />;
}

const spin = () => screen.getByRole('spinbutton', { name: 'Quantity' });
const arkStepper = () => expect(spin()).toHaveAttribute('id', expect.stringContaining('number-input'));

describe('DeferredQuantityInput', () => {
  it('steps by buttons and arrow keys within min and max before Ark has loaded, and passes on what is typed', async () => {
    render(<Stepper />);
    expect(spin()).not.toHaveAttribute('id', expect.stringContaining('number-input'));
    expect(screen.getByRole('button', { name: 'Decrease Quantity' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    expect(spin()).toHaveValue('2');
    fireEvent.keyDown(spin(), { key: 'ArrowUp' });
    expect(spin()).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Increase Quantity' })).toBeDisabled();
    // Typed above max, it goes on as typed (as Ark's typing does): the owner caps it and says why.
    fireEvent.change(spin(), { target: { value: '9' } });
    expect(spin()).toHaveValue('9');
    fireEvent.change(spin(), { target: { value: '0' } });
    expect(spin()).toHaveValue('9');
    fireEvent.change(spin(), { target: { value: '1' } });
    expect(spin()).toHaveValue('1');
    spin().focus();
    // Ark takes over with the same value, and keeps the focus on the input.
    await waitFor(arkStepper);
    expect(spin()).toHaveValue('1');
    expect(document.activeElement).toBe(spin());
    fireEvent.keyDown(spin(), { key: 'ArrowUp' });
    await waitFor(() => expect(spin()).toHaveValue('2'));
  });
});
