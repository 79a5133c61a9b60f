import { expect } from 'vitest';

// `find` answers the first match and hides a second one: a duplicate e-mail, file or row would pass unnoticed.
// Tests that expect one thing pick it with this instead.

/** The only item of `items` that `matches`; fails, listing the matches, when there is none or more than one. */
export function exactlyOne<T>(items: readonly T[], matches: (item: T) => boolean, what: string): T {
  const found = items.filter(matches);
  expect(found, `exactly one ${what}`).toHaveLength(1);
  return found[0]!;
}
