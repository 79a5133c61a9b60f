import { describe, expect, it } from 'vitest';
import { compileJobSearch, needsRegexEngine, planJobSearch } from './job-search.ts';
import { loadedRegexEngine, loadRegexEngine } from './regex-engine.ts';

// This file's modules are its own (no regex-engine.fixture.ts): the search starts without the engine, as on a device
// before its first regular-expression search.
describe('the search before and after its RE2 engine is loaded', () => {
  it('says which patterns need the engine: those read as a regular expression', () => {
    expect(needsRegexEngine('google|meta')).toBe(true);
    expect(needsRegexEngine('  ^intern ')).toBe(true);
    expect(needsRegexEngine('software engineer')).toBe(false);
    expect(needsRegexEngine("l'oréal, montréal")).toBe(false);
    expect(needsRegexEngine('')).toBe(false);
    // Counted repeats over the limit are literal text anyway.
    expect(needsRegexEngine('a{101}')).toBe(false);
  });

  it('searches a regular expression as literal text until the engine is there, then as a regular expression', async () => {
    expect(loadedRegexEngine()).toBeNull();
    expect(planJobSearch('google|meta')).toEqual({ kind: 'literal', needle: 'google|meta' });
    expect(compileJobSearch('google|meta')('software engineer\nmeta')).toBe(false);
    expect(compileJobSearch('software')('software engineer\nmeta')).toBe(true);

    const engine = await loadRegexEngine();
    expect(loadedRegexEngine()).toBe(engine);
    expect(await loadRegexEngine()).toBe(engine);
    expect(planJobSearch('google|meta').kind).toBe('regex');
    expect(compileJobSearch('google|meta')('software engineer\nmeta')).toBe(true);
    expect(compileJobSearch('^intern')('software intern\nacme')).toBe(false);
  });
});
