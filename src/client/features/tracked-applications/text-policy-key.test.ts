import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/applications-tracker.json';
import fr from '../../i18n/locales/fr/applications-tracker.json';
import { textPolicyKey } from './text-policy-key.ts';

const lookup = (strings: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);

describe('textPolicyKey', () => {
  it('names, in both languages, what the server would refuse in a tracker field', () => {
    const cases: [string, 'single-line' | 'multi-line', string | null][] = [
      ['Acme Corp', 'single-line', null],
      ['Acme\u0000', 'single-line', 'tracker.textPolicy.controlCharacter'],
      ['two\nlines', 'single-line', 'tracker.textPolicy.lineBreak'],
      ['two\nlines', 'multi-line', null],
      ['gpj.\u202Eexe', 'single-line', 'tracker.textPolicy.directionCharacter'],
      ['half \uD800 pair', 'multi-line', 'tracker.textPolicy.invalidCharacter'],
      ['line\u2028separator', 'multi-line', 'tracker.textPolicy.controlCharacter'],
    ];
    for (const [value, kind, key] of cases) {
      expect(textPolicyKey(value, kind), JSON.stringify(value)).toBe(key);
      if (key) {
        expect(lookup(en, key)).toEqual(expect.any(String));
        expect(lookup(fr, key)).toEqual(expect.any(String));
        expect(lookup(fr, key)).not.toBe(lookup(en, key));
      }
    }
  });
});
