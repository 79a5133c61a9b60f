import { describe, expect, it } from 'vitest';
import { newSkillError, parseSkillsText, skillsToText } from './skills.ts';

describe('skills text', () => {
  it('parses the comma-separated form and writes it back', () => {
    expect(parseSkillsText('TypeScript, React,SQL ,')).toEqual(['TypeScript', 'React', 'SQL']);
    expect(parseSkillsText('')).toEqual([]);
    expect(skillsToText(['TypeScript', 'React'])).toBe('TypeScript, React');
    expect(parseSkillsText(skillsToText(['C++', 'Objective-C']))).toEqual(['C++', 'Objective-C']);
  });
});

describe('newSkillError (the editor pressing Enter)', () => {
  const fourteen = Array.from({ length: 14 }, (_, index) => `Skill ${index}`);

  it('adds a new skill', () => {
    expect(newSkillError(['React'], 'Rust')).toBeNull();
    expect(newSkillError(fourteen, 'The fifteenth')).toBeNull();
  });

  it.each([
    [['React'], '', 'Please enter a skill'],
    [['React'], '   ', 'Please enter a skill'],
    [['React'], ' react ', 'Skill already exists'],
    [['React'], 'x'.repeat(51), 'A skill must be at most 50 characters'],
    [[...fourteen, 'Fifteen'], 'Sixteen', 'Maximum 15 skills allowed'],
  ])('with %j, refuses %j: %s', (existing, candidate, message) => {
    expect(newSkillError(existing, candidate)).toBe(message);
  });
});
