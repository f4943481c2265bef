import { Portal } from '@ark-ui/react/portal';
import { createListCollection } from '@ark-ui/react/select';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from '../../src/components/ui/drawer';
import { QuantityInput } from '../../src/components/ui/number-input';
import { Select, SelectField } from '../../src/components/ui/select';

const SIZES = [
  { label: 'Small', value: 'S' },
  { label: 'Medium', value: 'M' },
];

function SizeField() {
  const [value, setValue] = useState('');
  return (
    <>
      <SelectField
        label="Size"
        options={SIZES}
        value={value}
        placeholder="Pick a size"
        onValueChange={setValue}
      />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

describe('Select (compound parts)', () => {
  it('opens, picks an option and shows it when the shopper chooses from the list', async () => {
    render(<SizeField />);
    const trigger = screen.getByRole('combobox', { name: 'Size' });
    expect(trigger).toHaveTextContent('Pick a size');
    fireEvent.click(trigger);
    const option = await screen.findByRole('option', { name: 'Medium' });
    // The part inside the portal took its slot's class from the root's style context.
    expect(option).toHaveClass('select__item');
    expect(trigger).toHaveClass('select__trigger');
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('M'));
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Medium');
  });

  it('adds a className given to a part to its slot class', () => {
    render(
      <Select.Root collection={createListCollection({ items: SIZES })} className="extra">
        <Select.Control className="wide" />
      </Select.Root>,
    );
    const control = document.querySelector('[data-part=control]');
    expect(control).toHaveClass('select__control', 'wide');
    expect(document.querySelector('[data-part=root]')).toHaveClass('select__root', 'extra');
  });

  it('refuses a part rendered outside its root, naming the part', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Select.Trigger />)).toThrow(/\(trigger\) must be rendered inside its root part/);
    vi.mocked(console.error).mockRestore();
  });
});

function Menu({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Title>Menu</Drawer.Title>
            <Drawer.CloseTrigger aria-label="Close menu">×</Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

describe('Drawer (compound parts)', () => {
  it('shows a styled dialog named by its title and asks to close from its close trigger', async () => {
    const onOpenChange = vi.fn();
    render(<Menu onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveClass('drawer__content');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('QuantityInput (NumberInput compound parts)', () => {
  it('steps the value from its styled input', async () => {
    const onValueChange = vi.fn();
    render(<QuantityInput label="Quantity" value={1} onValueChange={onValueChange} />);
    expect(screen.getByRole('button', { name: 'Increase Quantity' })).toHaveClass(
      'number-input__incrementTrigger',
    );
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveClass('number-input__input');
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await waitFor(() => expect(onValueChange).toHaveBeenCalledWith(2));
  });
});
