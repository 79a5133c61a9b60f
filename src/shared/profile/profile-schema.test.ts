import { describe, expect, it } from 'vitest';
import {
  createProfileUpdateSchema,
  fieldErrors,
  graduationYearRange,
  isLinkedinUrl,
  isOnboardingRequired,
  isPortfolioUrl,
  profileNameSchema,
} from './profile-schema.ts';

// A fixed clock: the graduation-year range is 1976..2032 on 2026-11-22.
const schema = createProfileUpdateSchema({ now: () => new Date('2026-11-22T12:00:00Z') });

function errorsFor(input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return fieldErrors(result.error);
}

describe('profileUpdateSchema: trimming, clearing and unknown keys', () => {
  it('trims every text, keeps absent fields absent and turns empty texts into null', () => {
    expect(
      schema.parse({ phone: '  +1 (555) 123-4567 ', school: '  McGill ', program: '', graduationYear: ' 2027 ' }),
    ).toEqual({ phone: '+1 (555) 123-4567', school: 'McGill', program: null, graduationYear: '2027' });
  });

  it('accepts null as "clear the field" and an empty body as "change nothing"', () => {
    expect(schema.parse({ linkedinUrl: null, skills: null })).toEqual({ linkedinUrl: null, skills: [] });
    expect(schema.parse({})).toEqual({});
  });

  it('drops first name, last name, e-mail and any other key the client sends with the whole profile', () => {
    const parsed = schema.parse({
      firstName: 'Mallory',
      lastName: 'Evil',
      email: 'mallory@example.test',
      studentId: 1,
      github: { username: 'x' },
      school: 'ETS',
    });
    expect(parsed).toEqual({ school: 'ETS' });
  });

  it('refuses a body that is not an object', () => {
    expect(errorsFor(['phone'])).toEqual({ _: 'The request body must be a JSON object' });
    expect(errorsFor(null)).toEqual({ _: 'The request body must be a JSON object' });
  });
});

describe('profileUpdateSchema: phone', () => {
  it.each(['5551234567', '+1 (555) 123-4567', '+33 6 12 34 56 78', '555-123-4567'])('accepts %j', (phone) => {
    expect(errorsFor({ phone })).toEqual({});
  });

  it.each(['555.123.4567', '555-CALL-NOW', '+1 555 123 4567 ext 2', '５５５１２３４５６７'])(
    'refuses %j: only digits, spaces and +()-',
    (phone) => {
      expect(errorsFor({ phone })).toEqual({ phone: 'Phone number can only contain digits, spaces, and +()-' });
    },
  );

  it.each(['555-1234', '+1 (555) 123-45', '((()))---'])('refuses %j: fewer than 10 digits', (phone) => {
    expect(errorsFor({ phone })).toEqual({ phone: 'Phone number must be at least 10 digits' });
  });

  it('refuses a number that is not text', () => {
    expect(errorsFor({ phone: { number: 1 } })).toEqual({
      phone: 'Phone number can only contain digits, spaces, and +()-',
    });
  });
});

describe('profileUpdateSchema: graduation year', () => {
  it('computes the range from the given clock: current year -50 .. +6', () => {
    expect(graduationYearRange(new Date('2026-11-22T12:00:00Z'))).toEqual({ low: 1976, high: 2032 });
  });

  it.each(['1976', '2026', '2032', 2030])('accepts %j (as text)', (graduationYear) => {
    expect(schema.parse({ graduationYear })).toEqual({ graduationYear: String(graduationYear) });
  });

  it.each(['25', '20255', '2025.0', 'twenty', '２０２５', 2025.5])(
    'refuses %j as not a 4-digit year',
    (graduationYear) => {
      expect(errorsFor({ graduationYear })).toEqual({
        graduationYear: 'Graduation year must be a 4-digit year (e.g., 2025)',
      });
    },
  );

  it.each(['1975', '2033', '0999', '9999'])('refuses %j as out of range', (graduationYear) => {
    expect(errorsFor({ graduationYear })).toEqual({ graduationYear: 'Graduation year must be between 1976 and 2032' });
  });

  it('follows the clock at validation time, not when the schema was built', () => {
    let now = new Date('2026-06-01T00:00:00Z');
    const moving = createProfileUpdateSchema({ now: () => now });
    expect(moving.safeParse({ graduationYear: '2033' }).success).toBe(false);
    now = new Date('2027-01-02T00:00:00Z');
    expect(moving.safeParse({ graduationYear: '2033' }).success).toBe(true);
  });
});

describe('profileUpdateSchema: LinkedIn and portfolio URLs', () => {
  it.each([
    'https://www.linkedin.com/in/ada-lovelace',
    'https://linkedin.com/in/ada-lovelace/',
    'http://www.linkedin.com/company/northwind-labs',
    'https://www.linkedin.com/in/ada?originalSubdomain=uk',
    'https://WWW.LinkedIn.com/in/ada',
  ])('accepts the LinkedIn URL %j', (linkedinUrl) => {
    expect(isLinkedinUrl(linkedinUrl)).toBe(true);
    expect(errorsFor({ linkedinUrl })).toEqual({});
  });

  it.each([
    'linkedin.com/in/ada',
    'https://www.linkedin.com/',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/feed/ada',
    'https://www.linkedin.com/in/ada/details',
    'https://linkedin.com.evil.test/in/ada',
    'https://evil.test/linkedin.com/in/ada',
    'https://ca.linkedin.com:8443/in/ada',
    'https://user:pass@www.linkedin.com/in/ada',
    'ftp://www.linkedin.com/in/ada',
    'javascript:alert(1)//linkedin.com/in/ada',
  ])('refuses the LinkedIn URL %j', (linkedinUrl) => {
    expect(errorsFor({ linkedinUrl })).toEqual({
      linkedinUrl: 'LinkedIn URL must be in format: linkedin.com/in/username',
    });
  });

  it.each(['https://ada.dev', 'http://ada.github.io/portfolio', 'https://example.com:8080/x?y=1'])(
    'accepts the portfolio URL %j',
    (portfolioUrl) => {
      expect(isPortfolioUrl(portfolioUrl)).toBe(true);
    },
  );

  it.each([
    'example.com',
    'https://localhost',
    'https://ada.',
    'mailto:ada@example.com',
    'https://u:p@example.com',
    'https://',
  ])('refuses the portfolio URL %j', (portfolioUrl) => {
    expect(errorsFor({ portfolioUrl })).toEqual({
      portfolioUrl: 'Portfolio URL must be a valid URL (e.g., example.com)',
    });
  });
});

describe('profileUpdateSchema: GitHub and Devpost usernames', () => {
  it.each(['a', 'ada', 'ada-lovelace', 'A1-b2-C3', 'x'.repeat(39)])(
    'accepts the GitHub username %j',
    (githubUsername) => {
      expect(errorsFor({ githubUsername })).toEqual({});
    },
  );

  it.each(['-ada', 'ada-', 'ada_lovelace', 'ada lovelace', 'x'.repeat(40), 'ada.dev'])(
    'refuses the GitHub username %j',
    (githubUsername) => {
      expect(errorsFor({ githubUsername })).toEqual({
        githubUsername:
          'GitHub username must be 1-39 letters, digits or hyphens, and cannot start or end with a hyphen',
      });
    },
  );

  it.each(['ada', 'ada_lovelace', 'Ada-Lovelace_2'])('accepts the Devpost username %j', (devpostUsername) => {
    expect(errorsFor({ devpostUsername })).toEqual({});
  });

  it.each(['ada lovelace', 'ada.dev', '../admin', 'ada/projects', 'x'.repeat(101)])(
    'refuses the Devpost username %j',
    (devpostUsername) => {
      expect(errorsFor({ devpostUsername })).toEqual({
        devpostUsername: 'Devpost username can only contain letters, digits, hyphens and underscores',
      });
    },
  );
});

describe('profileUpdateSchema: skills', () => {
  it('accepts the comma-separated text and drops empty pieces', () => {
    expect(schema.parse({ skills: ' TypeScript, React ,, SQL,' })).toEqual({ skills: ['TypeScript', 'React', 'SQL'] });
  });

  it('accepts a list and trims each entry', () => {
    expect(schema.parse({ skills: [' Rust ', 'Go'] })).toEqual({ skills: ['Rust', 'Go'] });
  });

  it('accepts exactly 15 skills and refuses 16', () => {
    const fifteen = Array.from({ length: 15 }, (_, index) => `Skill ${index}`);
    expect(errorsFor({ skills: fifteen })).toEqual({});
    expect(errorsFor({ skills: [...fifteen, 'One more'] })).toEqual({ skills: 'Maximum 15 skills allowed' });
    expect(errorsFor({ skills: [...fifteen, 'One more'].join(',') })).toEqual({ skills: 'Maximum 15 skills allowed' });
  });

  it('refuses a duplicate that differs only in case', () => {
    expect(errorsFor({ skills: ['React', 'react'] })).toEqual({ skills: 'Skill already exists' });
    expect(errorsFor({ skills: 'SQL, sql ' })).toEqual({ skills: 'Skill already exists' });
  });

  it('refuses an empty entry in the list form', () => {
    expect(errorsFor({ skills: ['React', '  '] })).toEqual({ skills: 'Please enter a skill' });
  });

  it('accepts 50 characters and refuses 51', () => {
    expect(errorsFor({ skills: ['x'.repeat(50)] })).toEqual({});
    expect(errorsFor({ skills: ['x'.repeat(51)] })).toEqual({ skills: 'A skill must be at most 50 characters' });
  });

  it('refuses a comma inside a list entry, which the text form could not keep', () => {
    expect(errorsFor({ skills: ['C, C++'] })).toEqual({ skills: 'A skill cannot contain a comma' });
  });

  it.each([[42], [{ a: 1 }], [[1, 2]]])('refuses %j as skills', (skills) => {
    expect(errorsFor({ skills })).toEqual({
      skills: 'Skills must be a list of text values or one comma-separated text',
    });
  });
});

describe('fieldErrors', () => {
  it('reports one message per field, for every broken field at once', () => {
    expect(errorsFor({ phone: '123', graduationYear: '99', skills: ['a', 'A'], school: 'x'.repeat(201) })).toEqual({
      phone: 'Phone number must be at least 10 digits',
      graduationYear: 'Graduation year must be a 4-digit year (e.g., 2025)',
      skills: 'Skill already exists',
      school: 'School must be at most 200 characters',
    });
  });
});

describe('onboarding', () => {
  it.each([
    [{ firstName: null, lastName: null }, true],
    [{ firstName: 'Ada', lastName: null }, true],
    [{ firstName: ' ', lastName: 'Lovelace' }, true],
    [{ firstName: 'User', lastName: null }, true],
    [{ firstName: 'user', lastName: 'Smith' }, true],
    [{ firstName: 'Ada', lastName: 'Lovelace' }, false],
  ])('%j -> onboarding required: %s', (name, expected) => {
    expect(isOnboardingRequired(name)).toBe(expected);
  });

  it.each([
    ['Zoë', true],
    ["O'Neil", true],
    ['Jean-Luc', true],
    ['Mary Ann', true],
    ['D\u2019Arcy', true],
    ['A'.repeat(50), true],
    ['A'.repeat(51), false],
    ['R2D2', false],
    ['<b>', false],
    ['--', false],
    ['Ada.', false],
  ])('a first name %j is accepted: %s', (firstName, accepted) => {
    expect(profileNameSchema.safeParse({ firstName, lastName: 'Lovelace' }).success).toBe(accepted);
  });

  it('trims the names given during onboarding and refuses missing ones or the placeholder', () => {
    expect(profileNameSchema.parse({ firstName: ' Ada ', lastName: ' Lovelace ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const result = profileNameSchema.safeParse({ firstName: 'User', lastName: '' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      firstName: 'Please enter your real name',
      lastName: 'Last name is required',
    });
  });
});
