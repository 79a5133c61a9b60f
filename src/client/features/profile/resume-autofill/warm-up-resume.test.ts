import { describe, expect, it } from 'vitest';
import { parseResumeFile } from '../../../../../tests/resume-set/resume-set.ts';
import { warmUpResumeBytes } from './warm-up-resume.ts';

describe('the resume reader warm-up', () => {
  // The warm-up only compiles what it runs: a resume that left out a field would leave that field's code cold.
  it('is a French resume the parser reads in full, so the warm-up runs every step of a real read', async () => {
    const bytes = new Uint8Array(warmUpResumeBytes());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { fields } = await parseResumeFile(bytes);
    expect(fields).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raghunathan',
      email: 'priya.raghunathan@etud.polymtl.ca',
      phone: '+86 138 0013 8000',
      school: 'Université Paris-Saclay',
      program: 'Génie électrique',
      graduationYear: '2024',
      githubUsername: 'priyaragh',
    });
    expect(fields.skills).toEqual(['PostgreSQL', 'PyTorch', 'SQL', 'Firebase', 'Vue.js', 'Verilog']);
    expect(fields.work.map((entry) => entry.name)).toEqual(['Dataiku', 'Shopify']);
  });
});
