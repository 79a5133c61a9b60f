import { describe, expect, it } from 'vitest';
import { applicationMessages } from '../../../shared/applications/application-schema.ts';
import { profileMessages } from '../../../shared/profile/profile-messages.ts';
import { translateApplyMessage } from './apply-messages.ts';

// A stand-in for i18next's t that shows which key (and namespace) was asked for.
const t = (key: string, values?: Record<string, string | number>) => (values?.ns ? `${String(values.ns)}:${key}` : key);

describe('apply message translation', () => {
  it('maps every shared application message to its key in the apply namespace', () => {
    for (const [key, text] of Object.entries(applicationMessages)) {
      expect(translateApplyMessage(text, t)).toBe(`messages.${key}`);
    }
  });

  it('maps the profile rules (phone, LinkedIn...) from the account namespace', () => {
    expect(translateApplyMessage(profileMessages.phoneDigits, t)).toMatch(/^account:messages\.profile\.phoneDigits$/);
  });

  it('no longer maps the API’s error sentences (those are translated by code)', () => {
    expect(translateApplyMessage('You have already applied to this job.', t)).toBe(
      'You have already applied to this job.',
    );
  });

  it('shows an unknown server text as it came', () => {
    expect(translateApplyMessage('The database is restarting.', t)).toBe('The database is restarting.');
  });
});
