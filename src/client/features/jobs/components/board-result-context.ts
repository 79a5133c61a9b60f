import { createContext } from 'react';

// What the filters show about the current result, passed by context rather than as props of the (memoised) filter
// bar: both change while a search is typed, and only one small control reads each.

/** The live number of matching jobs ("Show N jobs" in the phone's sheet); null while the board loads. */
export const BoardTotalContext = createContext<number | null>(null);

/** A search is typed: the order "Most relevant" is offered. */
export const BoardHasQueryContext = createContext(false);
