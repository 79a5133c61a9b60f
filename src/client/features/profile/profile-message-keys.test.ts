import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { devpostMessages } from '../../../shared/devpost/devpost-profile.ts';
import { preferenceMessages } from '../../../shared/profile/job-preferences.ts';
import { graduationYearRangeMessage, profileMessages } from '../../../shared/profile/profile-messages.ts';
import { resumeMessages } from '../../../shared/profile/resume-file.ts';
import { textPolicyMessages } from '../../../shared/schemas/text-policy.ts';
import { profileMessageKey, translateProfileMessage } from './profile-message-keys.ts';

type Tree = { [key: string]: string | Tree };

function locale(language: 'en' | 'fr'): Tree {
  const file = fileURLToPath(new URL(`../../i18n/locales/${language}/account.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.replace(/^account:/, '').split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A stand-in for i18next's t over one locale file, enough to check interpolation. */
function translator(tree: Tree) {
  return ((key: string, values?: Record<string, unknown>) =>
    (lookup(tree, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name]))) as never;
}

const allMessages = [
  ...Object.values(profileMessages),
  ...Object.values(resumeMessages),
  ...Object.values(devpostMessages),
  ...Object.values(textPolicyMessages),
  ...Object.values(preferenceMessages),
];

describe('profileMessageKey', () => {
  it.each(allMessages)('knows %j, and its English text is the shared one', (message) => {
    const known = profileMessageKey(message);
    expect(known).not.toBeNull();
    expect(translateProfileMessage(message, translator(locale('en')))).toBe(message);
    expect(lookup(locale('fr'), known!.key)).toBeTruthy();
  });

  it('reads the graduation year range out of the message', () => {
    expect(profileMessageKey(graduationYearRangeMessage(1976, 2032))).toEqual({
      key: 'account:messages.profile.graduationYearRange',
      values: { low: 1976, high: 2032 },
    });
  });

  it('answers null for a text it does not know', () => {
    expect(profileMessageKey('Something else went wrong')).toBeNull();
  });
});

describe('translateProfileMessage', () => {
  it('gives the French text, with the range filled in', () => {
    const t = translator(locale('fr'));
    expect(translateProfileMessage(profileMessages.skillDuplicate, t)).toBe('Cette compétence existe déjà');
    expect(translateProfileMessage(graduationYearRangeMessage(1976, 2032), t)).toBe(
      "L'année d'obtention du diplôme doit être comprise entre 1976 et 2032",
    );
  });

  it('states the limit of a preference message in French', () => {
    expect(translateProfileMessage(preferenceMessages.tooManyTerms, translator(locale('fr')))).toBe(
      'Choisissez au plus 8 sessions',
    );
  });

  it('gives back the English spec text in English', () => {
    const t = translator(locale('en'));
    expect(translateProfileMessage(graduationYearRangeMessage(1976, 2032), t)).toBe(
      'Graduation year must be between 1976 and 2032',
    );
    expect(translateProfileMessage(resumeMessages.notPdf, t)).toBe('Please upload a PDF document.');
  });

  it('shows an unknown server text as it came', () => {
    expect(translateProfileMessage('Your name is already set', translator(locale('fr')))).toBe(
      'Your name is already set',
    );
  });
});
