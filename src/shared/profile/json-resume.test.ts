import { describe, expect, it } from 'vitest';
import { jsonResumeToFields, profileToJsonResume, resumeFieldsToJsonResume } from './json-resume.ts';
import { classifyProfileLink, splitPersonName, type ResumeFields } from './resume-fields.ts';
import { buildStudentProfile } from './student-profile-fixture.ts';

describe('profile to JSON Resume', () => {
  it('writes the name, contact, links, education and skills in schema 1.0 and leaves unknown fields out', () => {
    const resume = profileToJsonResume(
      buildStudentProfile({
        firstName: 'Marie-Ève',
        lastName: 'Tremblay',
        email: 'me@example.org',
        phone: '+1 514 555 0199',
        school: 'Polytechnique Montréal',
        program: 'Génie logiciel',
        graduationYear: '2027',
        linkedinUrl: 'https://www.linkedin.com/in/me-tremblay/',
        portfolioUrl: null,
        githubUsername: 'met',
        devpostUsername: 'me_t',
        skills: 'TypeScript, React',
      }),
      new Date('2026-11-27T08:00:00Z'),
    );
    expect(resume).toEqual({
      $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
      basics: {
        name: 'Marie-Ève Tremblay',
        email: 'me@example.org',
        phone: '+1 514 555 0199',
        profiles: [
          { network: 'LinkedIn', username: 'me-tremblay', url: 'https://www.linkedin.com/in/me-tremblay/' },
          { network: 'GitHub', username: 'met', url: 'https://github.com/met' },
          { network: 'Devpost', username: 'me_t', url: 'https://devpost.com/me_t' },
        ],
      },
      work: [],
      education: [{ institution: 'Polytechnique Montréal', area: 'Génie logiciel', endDate: '2027' }],
      skills: [{ name: 'TypeScript' }, { name: 'React' }],
      meta: { version: 'v1.0.0', lastModified: '2026-11-27T08:00:00.000Z' },
    });
  });

  it('writes no education entry and no skills for an empty profile', () => {
    const resume = profileToJsonResume(
      buildStudentProfile({ school: null, program: null, graduationYear: null, skills: '' }),
    );
    expect(resume.education).toEqual([]);
    expect(resume.skills).toEqual([]);
    expect(resume.basics.profiles).toEqual([]);
  });
});

describe('JSON Resume to resume fields', () => {
  it('reads name, contact, links, the latest education and skill keywords', () => {
    const fields = jsonResumeToFields(
      JSON.stringify({
        basics: {
          name: 'Jean de La Fontaine',
          email: 'jean@example.fr',
          phone: '+33 6 12 34 56 78',
          url: 'https://jean.dev',
          profiles: [
            { network: 'GitHub', username: 'jlf' },
            { network: 'LinkedIn', url: 'https://fr.linkedin.com/in/jlf' },
            { network: 'Devpost', url: 'https://devpost.com/jlf_42' },
          ],
        },
        education: [
          { institution: 'Université Laval', area: 'Informatique', endDate: '2024-05' },
          { institution: 'HEC Montréal', area: 'Analytique', studyType: 'M.Sc.', endDate: '2026-12-01' },
        ],
        work: [{ name: 'Ubisoft', position: 'Stagiaire', highlights: ['Outils', 42] }],
        skills: [{ name: 'Web', keywords: ['TypeScript', 'CSS'] }, { name: 'Python' }, { name: 'typescript' }],
      }),
    ) as ResumeFields;
    expect(fields).toMatchObject({
      firstName: 'Jean',
      lastName: 'de La Fontaine',
      email: 'jean@example.fr',
      phone: '+33 6 12 34 56 78',
      portfolioUrl: 'https://jean.dev',
      githubUsername: 'jlf',
      linkedinUrl: 'https://linkedin.com/in/jlf',
      devpostUsername: 'jlf_42',
      school: 'HEC Montréal',
      program: 'Analytique',
      graduationYear: '2026',
      skills: ['TypeScript', 'CSS', 'Python'],
    });
    expect(fields.work).toEqual([
      { name: 'Ubisoft', position: 'Stagiaire', startDate: null, endDate: null, highlights: ['Outils'] },
    ]);
  });

  it('refuses text that is not JSON or not a resume, and ignores fields of the wrong type', () => {
    expect(jsonResumeToFields('{not json')).toBe('not_json');
    expect(jsonResumeToFields('[1,2]')).toBe('not_a_resume');
    expect(jsonResumeToFields('{"name":"x"}')).toBe('not_a_resume');
    const fields = jsonResumeToFields('{"basics":{"name":42,"profiles":"x"},"skills":[{"name":"A,B"},"Go"]}');
    expect(fields).toMatchObject({ firstName: null, skills: [], education: [] });
  });

  it('round-trips a profile through JSON Resume', () => {
    const profile = buildStudentProfile({ phone: '(514) 555-0199', githubUsername: 'ada', skills: 'Go, SQL' });
    const fields = jsonResumeToFields(JSON.stringify(profileToJsonResume(profile))) as ResumeFields;
    expect(fields).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(514) 555-0199',
      school: 'McGill',
      graduationYear: '2027',
      githubUsername: 'ada',
      skills: ['Go', 'SQL'],
    });
    expect(resumeFieldsToJsonResume(fields).education).toEqual([{ institution: 'McGill', endDate: '2027' }]);
  });
});

describe('resume links and names', () => {
  it('files each kind of link and refuses what is none', () => {
    expect(classifyProfileLink('github.com/ada-l')).toEqual({ kind: 'github', username: 'ada-l' });
    expect(classifyProfileLink('https://www.linkedin.com/in/ada/')).toEqual({
      kind: 'linkedin',
      url: 'https://www.linkedin.com/in/ada',
    });
    expect(classifyProfileLink('devpost.com/ada_l')).toEqual({ kind: 'devpost', username: 'ada_l' });
    expect(classifyProfileLink('ada.dev')).toEqual({ kind: 'portfolio', url: 'https://ada.dev' });
    expect(classifyProfileLink('ada@example.org')).toBeNull();
    expect(classifyProfileLink('hack.devpost.com')).toBeNull();
    expect(classifyProfileLink('localhost')).toBeNull();
  });

  it('splits names with particles and hyphens', () => {
    expect(splitPersonName('Marie-Ève Tremblay')).toEqual({ firstName: 'Marie-Ève', lastName: 'Tremblay' });
    expect(splitPersonName('Ludwig van Beethoven')).toEqual({ firstName: 'Ludwig', lastName: 'van Beethoven' });
    expect(splitPersonName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });
});
