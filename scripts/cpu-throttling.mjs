// The CPU slowdown that makes this machine behave like Lighthouse's "mid-tier mobile" phone, from the machine's
// benchmark index at the time of the run. The formula is Lighthouse's CPU-throttling calculator
// (docs/throttling.md in the Lighthouse repository): an index of 1300 or more gets 3x plus one per 233 points above it,
// 800-1300 2x plus one per 500, 150-800 1x plus one per 650; below 150 the machine is already as slow as the phone.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The slowdown for a benchmark index, rounded to a tenth (the calculator's precision). */
export function midTierCpuMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`bad benchmark index ${benchmarkIndex}`);
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else if (benchmarkIndex >= 150) multiplier = 1 + (benchmarkIndex - 150) / 650;
  else multiplier = 1;
  return Math.round(multiplier * 10) / 10;
}

/**
 * Lighthouse's own benchmark (the same page function its runs report as `environment.benchmarkIndex`), run in a
 * fresh blank page of the given Playwright browser context, so that the slowdown is set from the speed the browser has
 * right before the measured run.
 */
export async function browserBenchmarkIndex(context) {
  const page = await context.newPage();
  try {
    await page.goto('about:blank');
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await page.close();
  }
}
