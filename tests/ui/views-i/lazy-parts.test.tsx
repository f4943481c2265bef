import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart, RenderedModules } from '../../../src/components/lazy-part';
import { LazyQuantityInput } from '../../../src/components/ui/lazy-controls';

describe('lazyPart', () => {
  it('suspends until its chunk is in, then renders the part; once in, it renders without suspending', async () => {
    type Module = { default: ComponentType<object> };
    let resolve: (module: Module) => void = () => {};
    const Part = lazyPart('src/part.tsx', () => new Promise<Module>((done) => (resolve = done)));
    const first = render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => resolve({ default: () => <p>the part</p> }));
    expect(await screen.findByText('the part')).toBeInTheDocument();
    first.unmount();

    // A second page with the part: the chunk is in, so the first commit already shows it.
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push('shown');
      return null;
    }
    render(
      <Suspense fallback={<Fallback />}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('the part')).toBeInTheDocument();
    expect(fallbacks).toEqual([]);
  });

  it('names its module to the render it is part of (the server preloads those chunks)', async () => {
    await LazyQuantityInput.load();
    const rendered = new Set<string>();
    renderToString(
      <RenderedModules.Provider value={rendered}>
        <LazyQuantityInput label="Quantity" value={2} onValueChange={() => {}} />
      </RenderedModules.Provider>,
    );
    expect([...rendered]).toEqual(['src/components/ui/number-input.tsx']);
  });

  it('hydrates the server markup of Ark NumberInput in place, and the arrow key then steps it', async () => {
    await LazyQuantityInput.load();
    function Stepper() {
      const [value, setValue] = useState(2);
      return <LazyQuantityInput label="Quantity" value={value} max={5} onValueChange={setValue} />;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Stepper />);
    document.body.append(container);
    const serverInput = container.querySelector('input');
    expect(serverInput).toHaveValue('2');
    await act(async () => {
      hydrateRoot(container, <Stepper />);
    });
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toBe(serverInput);
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await waitFor(() => expect(input).toHaveValue('3'));
    container.remove();
  });
});
