import { describe, expect, it } from 'vitest';
import { displayNameFor, initialsFor } from './user-display.ts';

describe('displayNameFor', () => {
  it('prefers the profile name', () => {
    expect(displayNameFor({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the email local part, then to nothing', () => {
    expect(displayNameFor({ displayName: '  ', email: 'grace.hopper@navy.mil' })).toBe('grace.hopper');
    expect(displayNameFor({ displayName: null, email: null })).toBeNull();
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
