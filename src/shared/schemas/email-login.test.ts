import { describe, expect, it } from 'vitest';
import { emailLoginSchema } from './email-login.ts';

describe('emailLoginSchema', () => {
  it('accepts a valid email without a redirect URL', () => {
    expect(emailLoginSchema.parse({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com' });
  });

  it('accepts an optional redirect URL as text', () => {
    expect(emailLoginSchema.parse({ email: 'ada@example.com', redirectUrl: '/jobs/abc/apply?token=1' })).toEqual({
      email: 'ada@example.com',
      redirectUrl: '/jobs/abc/apply?token=1',
    });
  });

  it('trims surrounding spaces from the email', () => {
    expect(emailLoginSchema.parse({ email: '  ada@example.com ' }).email).toBe('ada@example.com');
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada example@x.com'])(
    'rejects %j with "Invalid email address"',
    (email) => {
      const result = emailLoginSchema.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid email address');
    },
  );

  it('rejects a redirect URL that is not text', () => {
    expect(emailLoginSchema.safeParse({ email: 'ada@example.com', redirectUrl: 42 }).success).toBe(false);
  });
});
