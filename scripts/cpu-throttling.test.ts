import { describe, expect, it } from 'vitest';
import { midTierCpuMultiplier } from './cpu-throttling.mjs';

describe("the mid-tier phone's CPU slowdown from a benchmark index (Lighthouse's calculator)", () => {
  it.each([
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [3498, 12.4],
    [3916, 14.2],
    [1299, 3],
    [800, 2],
    [1050, 2.5],
    [150, 1],
    [475, 1.5],
    [100, 1],
  ])('index %d gives %dx', (index, multiplier) => {
    expect(midTierCpuMultiplier(index)).toBe(multiplier);
  });

  it('refuses an index that is not a positive number', () => {
    expect(() => midTierCpuMultiplier(Number.NaN)).toThrow(/bad benchmark index/);
    expect(() => midTierCpuMultiplier(0)).toThrow(/bad benchmark index/);
  });
});
