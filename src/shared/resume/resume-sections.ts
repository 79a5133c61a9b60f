import type { LineBlock, LineSide, TextLine } from './text-lines.ts';

// Lines -> sections, by the headings resumes use in English and French. A heading is a whole line: "Skills",
// "COMPÉTENCES TECHNIQUES", "Formation :". What comes before the first heading of a column is its header (name,
// title, contact). A column that goes on to the next page goes on in the section it was in.

export type SectionKind =
  | 'header'
  | 'contact'
  | 'summary'
  | 'education'
  | 'experience'
  | 'skills'
  | 'projects'
  | 'languages'
  | 'awards'
  | 'other';

const headingWords: Record<Exclude<SectionKind, 'header'>, string[]> = {
  contact: [
    'contact',
    'contacts',
    'contact information',
    'contact info',
    'contact details',
    'links',
    'coordonnees',
    'liens',
    'informations personnelles',
    'personal information',
    'personal details',
  ],
  summary: ['summary', 'profile', 'about', 'about me', 'objective', 'profil', 'a propos', 'objectif', 'resume'],
  education: [
    'education',
    'academic background',
    'academic history',
    'academics',
    'education and training',
    'formation',
    'formations',
    'etudes',
    'scolarite',
    'formation academique',
    'parcours academique',
    'parcours scolaire',
    'diplomes',
    'diplomes et formations',
  ],
  experience: [
    'experience',
    'experiences',
    'work experience',
    'professional experience',
    'relevant experience',
    'employment',
    'employment history',
    'work history',
    'internships',
    'experience professionnelle',
    'experiences professionnelles',
    'experience de travail',
    'stages',
    'emplois',
    'parcours professionnel',
  ],
  skills: [
    'skills',
    'technical skills',
    'skills and technologies',
    'skills and tools',
    'technologies',
    'tools',
    'technical proficiencies',
    'core competencies',
    'competencies',
    'competences',
    'competences techniques',
    'competences informatiques',
    'outils',
    'technologies et outils',
    'savoir-faire',
  ],
  projects: [
    'projects',
    'personal projects',
    'academic projects',
    'selected projects',
    'side projects',
    'projets',
    'projets personnels',
    'projets academiques',
    'realisations',
  ],
  languages: ['languages', 'spoken languages', 'langues', 'langues parlees'],
  awards: [
    'awards',
    'honors',
    'honours',
    'honors and awards',
    'awards and honors',
    'achievements',
    'hackathons',
    'prix',
    'distinctions',
    'prix et distinctions',
    'certifications',
  ],
  other: [
    'interests',
    'hobbies',
    'activities',
    'extracurricular activities',
    'volunteering',
    'volunteer experience',
    'leadership',
    'references',
    'centres d interet',
    'loisirs',
    'activites',
    'benevolat',
    'engagement',
    'vie associative',
    'publications',
  ],
};

const kindByHeading = new Map<string, SectionKind>(
  Object.entries(headingWords).flatMap(([kind, words]) => words.map((word) => [word, kind as SectionKind])),
);

/** Lower case, no accents, '&' as 'and', no punctuation around: 'COMPÉTENCES :' -> 'competences'. */
export function headingKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bet\b/g, 'et')
    .replace(/[’'`]/g, ' ')
    .replace(/[^a-z0-9 -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The section a line opens, or null when it is not a heading. */
export function headingKind(line: TextLine): SectionKind | null {
  if (line.text.length > 48) return null;
  return kindByHeading.get(headingKey(line.text)) ?? null;
}

export type Section = { kind: SectionKind; lines: TextLine[] };

/** The lines of every block, cut into sections at headings. */
export function splitSections(blocks: LineBlock[]): Section[] {
  const sections: Section[] = [];
  const lastKind = new Map<LineSide, SectionKind>();
  let mainSide: LineSide = 'full';
  let previousPage = -1;
  let pageMain: { side: LineSide; width: number } = { side: 'full', width: 0 };
  for (const block of blocks) {
    if (block.page !== previousPage) {
      if (previousPage >= 0) mainSide = pageMain.side;
      pageMain = { side: block.side, width: 0 };
      previousPage = block.page;
    }
    if (block.side !== 'full' && block.width > pageMain.width) pageMain = { side: block.side, width: block.width };
    const continued =
      block.page === 0
        ? undefined
        : block.side === 'full' || block.side === mainSide
          ? lastKind.get(mainSide)
          : lastKind.get(block.side);
    let current: Section = { kind: continued ?? 'header', lines: [] };
    sections.push(current);
    for (const line of block.lines) {
      const kind = headingKind(line);
      if (kind) {
        current = { kind, lines: [] };
        sections.push(current);
      } else current.lines.push(line);
    }
    lastKind.set(block.side, current.kind);
  }
  return sections.filter((section) => section.lines.length > 0);
}
