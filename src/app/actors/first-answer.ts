/**
 * The API answer a page arrived with. For /, /products and /product/{id} the server renders the page
 * (shared/first-screen.ts) from the same answer the screen's machine would ask for, and embeds that
 * answer as a JSON data block; the machine starts from it instead of asking again, so the hydrating
 * render is the page the server wrote. It belongs to the page the browser loaded: once the shopper has
 * moved on in the app (the router's first navigation), it is dropped and every screen asks the API as
 * before. Screens read it through `useFirstAnswer` (src/app/first-answer-context.ts): the document's block in
 * the browser, the answer the server renders with on the server.
 */

import { FIRST_ANSWER_ID, type FirstAnswer } from '../../../shared/first-screen';

let read = false;
let value: FirstAnswer | null = null;

function parse(text: string | null | undefined): FirstAnswer | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const candidate = parsed as Partial<{ route: string; id: unknown; search: unknown; answer: unknown }>;
    if (typeof candidate.answer !== 'object' || candidate.answer === null) return null;
    if (candidate.route === 'product' && typeof candidate.id === 'string') return candidate as FirstAnswer;
    if (candidate.route === 'products' && typeof candidate.search === 'string')
      return candidate as FirstAnswer;
    if (candidate.route === 'home') return candidate as FirstAnswer;
    return null;
  } catch {
    return null;
  }
}

/** The page's first answer, or null (none, unreadable, or dropped after the first navigation). */
export function firstAnswer(
  doc: Pick<Document, 'getElementById'> | undefined = typeof document === 'undefined' ? undefined : document,
): FirstAnswer | null {
  if (!read) {
    read = true;
    value = parse(doc?.getElementById(FIRST_ANSWER_ID)?.textContent);
  }
  return value;
}

/** The shopper has navigated in the app: no screen starts from the page's first answer any more. */
export function dropFirstAnswer(): void {
  read = true;
  value = null;
}

/** Tests: read the document again. */
export function resetFirstAnswer(): void {
  read = false;
  value = null;
}
