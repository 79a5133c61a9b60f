import { describe, expect, it } from 'vitest';
import { growWindow, visibleCount, windowForResult } from './visible-count.ts';

describe('visible window (spec section 4: 20, +20 per scroll step, back to 20 on a new result)', () => {
  it('keeps the grown count while the result is the same', () => {
    const grown = { key: 'q=data', count: 60 };
    expect(windowForResult(grown, 'q=data', 20)).toBe(grown);
  });

  it('resets to the first page when the filter result changes', () => {
    expect(windowForResult({ key: 'q=data', count: 60 }, 'q=data&country=Canada', 20)).toEqual({
      key: 'q=data&country=Canada',
      count: 20,
    });
  });

  it('grows by one page per step, never past the total', () => {
    expect(growWindow({ key: '', count: 20 }, 100, 20)).toEqual({ key: '', count: 40 });
    expect(growWindow({ key: '', count: 40 }, 55, 20)).toEqual({ key: '', count: 55 });
    const full = { key: '', count: 55 };
    expect(growWindow(full, 55, 20)).toBe(full);
  });

  it('renders no more than the window, the total and a fixed limit (dashboard: 10)', () => {
    expect(visibleCount({ key: '', count: 20 }, 7)).toBe(7);
    expect(visibleCount({ key: '', count: 40 }, 100)).toBe(40);
    expect(visibleCount({ key: '', count: 20 }, 100, 10)).toBe(10);
  });
});
