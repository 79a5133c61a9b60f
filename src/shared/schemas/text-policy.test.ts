import { describe, expect, it } from 'vitest';
import { findForbiddenText, policyText, textPolicyMessages, textPolicyProblem } from './text-policy.ts';

describe('textPolicyProblem', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 NEL', '\u0085'],
  ])('refuses %s everywhere', (_name, character) => {
    expect(textPolicyProblem(`a${character}b`, 'single-line')).toBe(textPolicyMessages.controlCharacter);
    expect(textPolicyProblem(`a${character}b`, 'multi-line')).toBe(textPolicyMessages.controlCharacter);
  });

  it('allows tab and line breaks only in multi-line text', () => {
    expect(textPolicyProblem('Dear team,\r\n\tHello', 'multi-line')).toBeNull();
    expect(textPolicyProblem('Ada\nLovelace', 'single-line')).toBe(textPolicyMessages.lineBreak);
    expect(textPolicyProblem('Ada\tLovelace', 'single-line')).toBe(textPolicyMessages.lineBreak);
    expect(textPolicyProblem('a\u2028b', 'single-line')).toBe(textPolicyMessages.lineBreak);
    expect(textPolicyProblem('a\u2028b', 'multi-line')).toBe(textPolicyMessages.controlCharacter);
  });

  it('refuses direction controls in one-line text, allows them in prose', () => {
    expect(textPolicyProblem('Ada\u202egpj.exe', 'single-line')).toBe(textPolicyMessages.directionCharacter);
    expect(textPolicyProblem('Ada\u2066x\u2069', 'single-line')).toBe(textPolicyMessages.directionCharacter);
    expect(textPolicyProblem('שלום \u200f world', 'multi-line')).toBeNull();
  });

  it('refuses lone surrogates and accepts real pairs (emoji) and other scripts', () => {
    expect(textPolicyProblem('a\ud800b')).toBe(textPolicyMessages.invalidCharacter);
    expect(textPolicyProblem('a\udc00')).toBe(textPolicyMessages.invalidCharacter);
    expect(textPolicyProblem('Zoë 🎓 東京大学 جامعة')).toBeNull();
  });
});

describe('policyText', () => {
  it('normalises to NFC and keeps chaining like z.string()', () => {
    const schema = policyText().trim().min(1);
    expect(schema.parse('  E\u0301cole ')).toBe('\u00c9cole');
    expect(schema.safeParse(' a\u0000 ').error?.issues[0]?.message).toBe(textPolicyMessages.controlCharacter);
  });
});

describe('findForbiddenText', () => {
  it('looks into nested values and keys', () => {
    expect(findForbiddenText({ a: [{ b: 'fine' }], c: 'also fine\n' })).toBeNull();
    expect(findForbiddenText({ a: [{ b: 'x\u0000' }] })).toBe(textPolicyMessages.controlCharacter);
    expect(findForbiddenText({ ['k\u0007']: 1 })).toBe(textPolicyMessages.controlCharacter);
  });

  it('stops at a depth limit instead of walking forever', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(findForbiddenText(deep, 64)).toBe(textPolicyMessages.invalidCharacter);
  });
});
