import type { DevpostProjectEntry } from '../../../shared/devpost/devpost-profile.ts';

// Spec section 9: the Devpost list shows the first 5 projects with '+N more projects', and 3 technologies per
// project with '+N'.

export const shownProjects = 5;
export const shownTechnologies = 3;

export type VisibleList<T> = { shown: T[]; hidden: number };

export function firstOf<T>(items: readonly T[], limit: number): VisibleList<T> {
  return { shown: items.slice(0, limit), hidden: Math.max(0, items.length - limit) };
}

export function visibleProjects(projects: readonly DevpostProjectEntry[]): VisibleList<DevpostProjectEntry> {
  return firstOf(projects, shownProjects);
}

export function visibleTechnologies(project: DevpostProjectEntry): VisibleList<string> {
  return firstOf(project.technologies, shownTechnologies);
}

/** A win worth a badge: the parser writes 'no' when the project did not win. */
export function isWinner(project: DevpostProjectEntry): boolean {
  return project.win.trim().toLowerCase() !== 'no' && project.win.trim() !== '';
}
