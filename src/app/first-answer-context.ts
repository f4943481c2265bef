import { createContext, useContext } from 'react';
import type { FirstAnswer } from '../../shared/first-screen';
import { firstAnswer } from './actors/first-answer';

/** Where screens read the page's first answer: the document's (default), or the server's render input. */
export const FirstAnswerContext = createContext<() => FirstAnswer | null>(() => firstAnswer());

/** The page's first answer, read when called (a screen reads it once, when it starts its machine). */
export const useFirstAnswer = () => useContext(FirstAnswerContext);
