import { describe, expect, it } from 'vitest';
import { displayNameFor, greetingNameFor, initialsFor, profileFullName } from './user-display.ts';

describe('displayNameFor', () => {
  it('prefers the profile name', () => {
    expect(displayNameFor({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the email local part, then to nothing', () => {
    expect(displayNameFor({ displayName: '  ', email: 'grace.hopper@navy.mil' })).toBe('grace.hopper');
    expect(displayNameFor({ displayName: null, email: null })).toBeNull();
  });
});

describe('the profile name wins over the sign-in account', () => {
  const emailOnly = { displayName: null, email: 'maya.desk.23786@students.example.edu' };
  const maya = { firstName: 'Maya', lastName: 'Tremblay' };

  it('shows the profile name in the user block and greets with the first name', () => {
    expect(displayNameFor(emailOnly, maya)).toBe('Maya Tremblay');
    expect(initialsFor(displayNameFor(emailOnly, maya))).toBe('MT');
    expect(greetingNameFor(emailOnly, maya)).toBe('Maya');
  });

  it('falls back to the account when the profile has no name (or the placeholder User)', () => {
    expect(displayNameFor(emailOnly, { firstName: 'User', lastName: null })).toBe('maya.desk.23786');
    expect(greetingNameFor(emailOnly, null)).toBe('maya.desk.23786');
    expect(profileFullName({ firstName: ' Maya ', lastName: null })).toBe('Maya');
  });
});

describe('initialsFor', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['grace.hopper', 'GH'],
    ['link.1732.123', 'L'],
    ['émilie du châtelet', 'ÉC'],
    ['42', '4'],
    [null, '?'],
  ])('%j -> %j', (name, initials) => {
    expect(initialsFor(name)).toBe(initials);
  });
});
