import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('drops accents and joins words with single hyphens', () => {
    expect(slugify('Développeuse  Full-Stack (Montréal)', 'job')).toBe('developpeuse-full-stack-montreal');
  });

  it('keeps at most 60 characters and never ends on a hyphen', () => {
    const slug = slugify(`${'a'.repeat(59)} b`, 'job');
    expect(slug).toBe('a'.repeat(59));
  });

  it('answers the fallback when nothing readable is left', () => {
    expect(slugify('¿¡ !!', 'organization')).toBe('organization');
    expect(slugify('中文', 'job')).toBe('job');
  });
});
