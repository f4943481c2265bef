import { FRAME_CLICKS, FRAME_CONTROLS, type FrameClick } from '../../shared/first-screen';

type ClickQueue = { [FRAME_CLICKS]?: FrameClick[] };

/** A control's name as the boot script writes it: its tag, and its label or text. */
const nameOf = (element: Element) =>
  `${element.tagName} ${(element.getAttribute('aria-label') || element.textContent || '').trim()}`;

/** The app's control for a kept tap: at the same place if it has the same name, else the one control so named. */
function controlFor(root: Element, click: FrameClick): HTMLElement | null {
  let element: Element | undefined = root;
  for (const index of click.path) element = element?.children[index];
  if (element instanceof HTMLElement && nameOf(element) === click.name) return element;
  // The frame's header differs from the app's in places (Login appears once the session is known).
  const named = [...root.querySelectorAll<HTMLElement>(FRAME_CONTROLS)].filter(
    (e) => nameOf(e) === click.name,
  );
  return named.length === 1 ? (named[0] as HTMLElement) : null;
}

const TYPED = /^(text|search|email|tel|number|password|url)$/;

/**
 * Repeats, in the app's first render, the taps the shopper gave the prerendered frame's controls before
 * the app took over (the boot script kept them: shared/first-screen.ts FRAME_CLICKS). The app's tree
 * under #root has the frame's shape; a control is matched by place and name, or by name alone, and a
 * tap that matches nothing for certain is dropped. A text field is focused rather than clicked. Each
 * tap gets a task of its own, as a shopper's would: a size chip's choice reaches the product's machine
 * before Add to Cart is pressed. The queue is emptied; resolves with how many taps were repeated.
 */
export async function replayFrameClicks(
  root: Element,
  win: ClickQueue = window as ClickQueue,
): Promise<number> {
  const queue = win[FRAME_CLICKS] ?? [];
  win[FRAME_CLICKS] = [];
  let replayed = 0;
  for (const click of queue) {
    if (replayed > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const control = controlFor(root, click);
    if (!control) continue;
    if (
      (control instanceof HTMLInputElement && TYPED.test(control.type)) ||
      control instanceof HTMLTextAreaElement
    )
      control.focus();
    else control.click();
    replayed++;
  }
  return replayed;
}
