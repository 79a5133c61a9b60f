import { describe, expect, it } from 'vitest';
import { checklistHref, checklistKeyOfHash, profileChecklist, type ChecklistProfile } from './profile-checklist.ts';

const empty: ChecklistProfile = {
  firstName: null,
  lastName: null,
  school: null,
  program: null,
  graduationYear: null,
  phone: null,
  resume: null,
  githubUsername: null,
  devpostUsername: null,
  skills: '',
};

const full: ChecklistProfile = {
  firstName: 'Maya',
  lastName: 'Tremblay',
  school: 'McGill University',
  program: 'Computer Science',
  graduationYear: '2027',
  phone: '+1 514 555 0199',
  resume: {
    id: 'r1',
    name: 'Maya.pdf',
    url: '/profile/resume',
    size: 2048,
    uploadedAt: { _seconds: 1, _nanoseconds: 0 },
  },
  githubUsername: 'maya-t',
  devpostUsername: 'maya_t',
  skills: 'TypeScript, React',
};

describe('profile checklist', () => {
  it('lists the nine items in order, none done for an empty profile', () => {
    const checklist = profileChecklist(empty);
    expect(checklist.items.map((item) => item.key)).toEqual([
      'name',
      'school',
      'program',
      'graduationYear',
      'phone',
      'resume',
      'github',
      'devpost',
      'skills',
    ]);
    expect(checklist.done).toBe(0);
    expect(checklist.total).toBe(9);
  });

  it('counts a full profile as complete', () => {
    const checklist = profileChecklist(full);
    expect(checklist.done).toBe(9);
    expect(checklist.items.every((item) => item.done)).toBe(true);
  });

  it('treats blanks, the placeholder name "User", half a name and stray commas as missing', () => {
    const checklist = profileChecklist({
      ...full,
      firstName: 'User',
      school: '  ',
      skills: ' , ,',
      githubUsername: '',
    });
    const missing = checklist.items.filter((item) => !item.done).map((item) => item.key);
    expect(missing).toEqual(['name', 'school', 'github', 'skills']);
    expect(profileChecklist({ ...full, lastName: null }).items[0]).toMatchObject({ key: 'name', done: false });
  });

  it('links each item to its field on the account page, and reads the link back', () => {
    const resume = profileChecklist(empty).items.find((item) => item.key === 'resume')!;
    expect(resume.section).toBe('resume');
    expect(checklistHref('phone')).toBe('/account#field-phone');
    expect(checklistKeyOfHash('#field-phone')).toBe('phone');
    expect(checklistKeyOfHash('#field-evil')).toBeNull();
    expect(checklistKeyOfHash('#phone')).toBeNull();
  });
});
