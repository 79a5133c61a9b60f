import type { BrowserContext } from 'playwright-core';

export function midTierCpuMultiplier(benchmarkIndex: number): number;
export function browserBenchmarkIndex(context: BrowserContext): Promise<number>;
