import { describe, expect, it } from 'vitest';
import { createAccountRequestSchema, emailAddressSchema, sameEmailAddress } from './create-account.ts';

describe('createAccountRequestSchema', () => {
  it('accepts an e-mail address and trims it', () => {
    expect(createAccountRequestSchema.parse({ email: '  ada@example.com ' })).toEqual({ email: 'ada@example.com' });
  });

  it.each([
    [undefined, 'The request body must be a JSON object'],
    ['ada@example.com', 'The request body must be a JSON object'],
    [{}, 'An e-mail address is required'],
    [{ email: '   ' }, 'An e-mail address is required'],
    [{ email: 42 }, 'An e-mail address is required'],
    [{ email: 'ada.example.com' }, 'Enter a valid e-mail address'],
    [{ email: `${'a'.repeat(250)}@x.io` }, 'The e-mail address is too long'],
  ])('refuses %j with a message a person understands', (body, message) => {
    const result = createAccountRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe('emailAddressSchema', () => {
  it('keeps the case the person typed', () => {
    expect(emailAddressSchema.parse('Ada@Example.com')).toBe('Ada@Example.com');
  });
});

describe('sameEmailAddress', () => {
  it('ignores case and surrounding spaces', () => {
    expect(sameEmailAddress(' Ada@Example.com', 'ada@example.com')).toBe(true);
  });

  it('tells different addresses apart', () => {
    expect(sameEmailAddress('ada@example.com', 'ada@example.org')).toBe(false);
  });
});
