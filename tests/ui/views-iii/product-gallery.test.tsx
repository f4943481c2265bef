import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from '../../../src/components/product-gallery';
import { zoomAbout } from '../../../src/components/product-overlays';
import { expectNoSeriousAxeViolations } from '../../setup/app-harness';

const IMAGES = ['/images/a.svg', '/images/b.svg', '/images/c.svg'];

function gallery(images: readonly string[] = IMAGES) {
  return (
    <ProductGallery
      name="Chikankari Kurta"
      images={images}
      fallback="/images/none.svg"
      width={600}
      height={750}
    />
  );
}

const mainImage = () => screen.getByRole('button', { name: 'Zoom: Chikankari Kurta' });
const stageOf = (dialog: HTMLElement) => dialog.querySelector('[data-scale]') as HTMLElement;

describe('zoomAbout', () => {
  it('keeps the point under the fingers where it was when zooming', () => {
    const view = zoomAbout({ scale: 1, x: 0, y: 0 }, 2, 100, 50, 400, 500);
    expect(view).toEqual({ scale: 2, x: -100, y: -50 });
    // The point (100, 50) of the stage still shows the image's (100, 50): 100 = -100 + 2 × 100.
    expect(view.x + view.scale * 100).toBe(100);
  });

  it('stays between fitted and 4× and never leaves a gap at an edge', () => {
    expect(zoomAbout({ scale: 1, x: 0, y: 0 }, 9, 0, 0, 400, 500).scale).toBe(4);
    expect(zoomAbout({ scale: 2, x: -100, y: -50 }, 0.2, 400, 500, 400, 500)).toEqual({
      scale: 1,
      x: 0,
      y: 0,
    });
    const corner = zoomAbout({ scale: 1, x: 0, y: 0 }, 2, 400, 500, 400, 500);
    expect(corner).toEqual({ scale: 2, x: -400, y: -500 });
  });
});

describe('ProductGallery zoom', () => {
  it('opens the shown image full screen from the keyboard, zooms with the buttons and keys, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(gallery());
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    mainImage().focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Chikankari Kurta/ });
    expect(dialog).toHaveTextContent('image 2 of 3');
    expect(within(dialog).getByRole('img', { name: 'Chikankari Kurta' })).toHaveAttribute(
      'src',
      '/images/b.svg',
    );
    expect(stageOf(dialog)).toHaveAttribute('data-scale', '1.00');
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(stageOf(dialog)).toHaveAttribute('data-scale', '1.50');
    await user.keyboard('+');
    expect(stageOf(dialog)).toHaveAttribute('data-scale', '2.25');
    await user.keyboard('0');
    expect(stageOf(dialog)).toHaveAttribute('data-scale', '1.00');
    // Fitted, the arrows step through the images, and the gallery follows.
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('image 3 of 3');
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(mainImage()).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('zooms with a pinch of two fingers and toggles with a double tap', async () => {
    const user = userEvent.setup();
    render(gallery(['/images/a.svg']));
    await user.click(mainImage());
    const dialog = await screen.findByRole('dialog', { name: /Chikankari Kurta/ });
    const stage = stageOf(dialog);
    const touch = (type: string, pointerId: number, clientX: number, clientY = 100) =>
      act(() => {
        fireEvent(
          stage,
          new PointerEvent(type, { bubbles: true, pointerId, clientX, clientY, pointerType: 'touch' }),
        );
      });
    touch('pointerdown', 1, 100);
    touch('pointerdown', 2, 200);
    touch('pointermove', 2, 300);
    expect(stage).toHaveAttribute('data-scale', '2.00');
    touch('pointerup', 2, 300);
    touch('pointerup', 1, 100);
    // Double tap: back to fitted, and again: in to 2.5×.
    for (const _ of [1, 2]) {
      touch('pointerdown', 3, 150);
      touch('pointerup', 3, 150);
    }
    expect(stage).toHaveAttribute('data-scale', '1.00');
    for (const _ of [1, 2]) {
      touch('pointerdown', 4, 150);
      touch('pointerup', 4, 150);
    }
    expect(stage).toHaveAttribute('data-scale', '2.50');
    await user.click(within(dialog).getByRole('button', { name: 'Close image viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the first image again when it is given other images', async () => {
    const user = userEvent.setup();
    const { rerender } = render(gallery());
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(within(mainImage()).getByRole('img')).toHaveAttribute('src', '/images/c.svg');
    // The same images in a new array: the pick stays.
    rerender(gallery([...IMAGES]));
    expect(within(mainImage()).getByRole('img')).toHaveAttribute('src', '/images/c.svg');
    rerender(gallery(['/images/d.svg', '/images/e.svg']));
    expect(within(mainImage()).getByRole('img')).toHaveAttribute('src', '/images/d.svg');
    expect(screen.getByRole('button', { name: 'Show image 1 of 2' })).toHaveAttribute('aria-pressed', 'true');
  });
});
