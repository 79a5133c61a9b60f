export function failureText(name: string, message: unknown, maxLines?: number): string;

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  skippedNames: string[];
  failedTests: string[];
  addVitest(report: unknown, label: string): void;
  addPlaywright(report: unknown): void;
}

export function createTally(root: string): Tally;
