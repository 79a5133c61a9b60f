import { describe, expect, it } from 'vitest';
import type { DevpostProjectEntry } from '../../../shared/devpost/devpost-profile.ts';
import { isWinner, visibleProjects, visibleTechnologies } from './devpost-summary.ts';

function project(index: number, overrides: Partial<DevpostProjectEntry> = {}): DevpostProjectEntry {
  return {
    hackathon: null,
    hackathon_link: null,
    project: `Project ${index}`,
    project_link: `https://devpost.example/software/p${index}`,
    year: 2025,
    description: null,
    members: [],
    technologies: [],
    win: 'no',
    prizes: [],
    github_link: null,
    hackathon_details: { description: null, deadline: null },
    ...overrides,
  };
}

describe('Devpost list limits (spec section 9)', () => {
  it('shows the first 5 projects and counts the rest', () => {
    const list = visibleProjects(Array.from({ length: 8 }, (_, index) => project(index)));
    expect(list.shown.map((entry) => entry.project)).toEqual([
      'Project 0',
      'Project 1',
      'Project 2',
      'Project 3',
      'Project 4',
    ]);
    expect(list.hidden).toBe(3);
  });

  it('has nothing hidden with 5 projects or fewer', () => {
    expect(visibleProjects([project(1), project(2)]).hidden).toBe(0);
    expect(visibleProjects(Array.from({ length: 5 }, (_, index) => project(index))).hidden).toBe(0);
  });

  it('shows 3 technologies per project and counts the rest', () => {
    const list = visibleTechnologies(project(1, { technologies: ['React', 'Node', 'SQL', 'Docker', 'Rust'] }));
    expect(list).toEqual({ shown: ['React', 'Node', 'SQL'], hidden: 2 });
  });

  it('calls a project a winner unless the parser said no', () => {
    expect(isWinner(project(1))).toBe(false);
    expect(isWinner(project(1, { win: 'yes' }))).toBe(true);
    expect(isWinner(project(1, { win: '1st Place' }))).toBe(true);
  });
});
