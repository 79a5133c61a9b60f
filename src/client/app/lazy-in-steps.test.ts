import { describe, expect, it } from 'vitest';
import { importInSteps } from './lazy-in-steps.ts';

describe('importInSteps', () => {
  it('runs the steps in order, each in a later task than the one before, then resolves to what the last import gives', async () => {
    const order: string[] = [];
    // A task queued while a step runs: it goes before the next step only if that step waits for a new task.
    const step = (name: string) => async () => {
      order.push(name);
      setTimeout(() => order.push(`task queued by ${name}`), 0);
    };
    const page = { default: 'the page' };
    const result = await importInSteps([step('dexie'), step('database')], async () => {
      order.push('page');
      return page;
    });
    expect(result).toBe(page);
    expect(order).toEqual(['dexie', 'task queued by dexie', 'database', 'task queued by database', 'page']);
  });

  it('stops at a step that fails, so the page is not loaded without what it needs', async () => {
    let loaded = false;
    const failing = () => Promise.reject(new Error('chunk missing after a deploy'));
    await expect(
      importInSteps([failing], async () => {
        loaded = true;
        return {};
      }),
    ).rejects.toThrow('chunk missing after a deploy');
    expect(loaded).toBe(false);
  });
});
