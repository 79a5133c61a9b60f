import { describe, expect, it } from 'vitest';
import { parseResumePages, personName, programOf } from './parse-resume.ts';
import type { PdfPageText, PdfTextItem } from './pdf-text.ts';
import { headingKind } from './resume-sections.ts';
import { findGutter, readingOrder } from './text-lines.ts';

const item = (text: string, x: number, y: number, size = 10): PdfTextItem => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  size,
  font: 'f1',
});

const page = (items: PdfTextItem[], links: PdfPageText['links'] = []): PdfPageText => ({
  width: 612,
  height: 792,
  items,
  links,
});

/** A French two-column resume: sidebar (contact, skills, languages) on the left, drawn after the main column. */
function twoColumnFrench(): PdfPageText {
  const main = [
    item('Chloé DUBÉ-LEFEBVRE', 240, 60, 24),
    item('Étudiante en génie logiciel', 240, 84, 11),
    item('FORMATION', 240, 120, 12.5),
    item('Polytechnique Montréal', 240, 138),
    item('Fin prévue : mai 2027', 430, 138),
    item('Baccalauréat en génie logiciel', 240, 151),
    item('Cégep du Vieux Montréal', 240, 170),
    item('2019 – 2021', 430, 170),
    item('DEC en Sciences de la nature', 240, 183),
    item('EXPÉRIENCE PROFESSIONNELLE', 240, 210, 12.5),
    item('Stagiaire en développement — Coveo', 240, 226),
    item('mai 2025 – août 2025', 240, 238),
    item('• Conçu un tableau de bord en React', 240, 250),
  ];
  const sidebar = [
    item('COORDONNÉES', 40, 60, 12.5),
    item('chloe.dube@etud.polymtl.ca', 40, 76, 8),
    item('Tél. : +33 6 12 34 56 78', 40, 88),
    item('linkedin.com/in/chloe-dube-', 40, 100, 8),
    item('lefebvre', 40, 110, 8),
    item('GitHub', 40, 122),
    item('COMPÉTENCES', 40, 150, 12.5),
    item('Langages : Python, TypeScript,', 40, 166, 8),
    item('node js', 40, 178, 8),
    item('Outils : Git, Docker', 40, 190, 8),
    item('LANGUES', 40, 220, 12.5),
    item('Français, Anglais', 40, 236, 8),
  ];
  return page([...main, ...sidebar], [{ url: 'https://github.com/chloe-dl', x: 40, y: 112, width: 30, height: 10 }]);
}

describe('resume layout', () => {
  it('finds the gap between a sidebar and the main column, and none on a one-column page', () => {
    const gutter = findGutter(twoColumnFrench());
    expect(gutter).not.toBeNull();
    expect(gutter!.start).toBeGreaterThanOrEqual(160);
    expect(gutter!.end).toBeLessThanOrEqual(240);
    const oneColumn = page(
      Array.from({ length: 20 }, (_, n) =>
        item(`A long line of text number ${n} across the whole page here`, 40, 60 + n * 14),
      ),
    );
    expect(findGutter(oneColumn)).toBeNull();
  });

  it('reads the left column, then the right one, whatever order they were drawn in', () => {
    const blocks = readingOrder([twoColumnFrench()]);
    expect(blocks.map((block) => block.side)).toEqual(['left', 'right']);
    expect(blocks[0]!.lines[0]!.text).toBe('COORDONNÉES');
    expect(blocks[1]!.lines[0]!.text).toBe('Chloé DUBÉ-LEFEBVRE');
    // A school and its dates far to the right are two cells of one line.
    expect(blocks[1]!.lines[3]!.cells).toEqual(['Polytechnique Montréal', 'Fin prévue : mai 2027']);
  });

  it('knows English and French headings in capitals or not, and nothing else', () => {
    const kind = (text: string) => headingKind({ text, cells: [text], x: 0, y: 0, size: 12, page: 0 });
    expect(kind('COMPÉTENCES TECHNIQUES')).toBe('skills');
    expect(kind('Expériences professionnelles :')).toBe('experience');
    expect(kind('Honors & Awards')).toBe('awards');
    expect(kind('Formation')).toBe('education');
    expect(kind('Work Experience')).toBe('experience');
    expect(kind('Experience with React and Node')).toBeNull();
  });
});

describe('resume fields', () => {
  it('reads a two-column French resume: name, contact, links behind words, school, program, year, skills', () => {
    const fields = parseResumePages([twoColumnFrench()]);
    expect(fields).toMatchObject({
      firstName: 'Chloé',
      lastName: 'Dubé-Lefebvre',
      email: 'chloe.dube@etud.polymtl.ca',
      phone: '+33 6 12 34 56 78',
      linkedinUrl: 'https://linkedin.com/in/chloe-dube-lefebvre',
      githubUsername: 'chloe-dl',
      school: 'Polytechnique Montréal',
      program: 'génie logiciel',
      graduationYear: '2027',
      skills: ['Python', 'TypeScript', 'Node.js', 'Git', 'Docker'],
    });
    expect(fields.education[1]).toMatchObject({
      institution: 'Cégep du Vieux Montréal',
      startDate: '2019',
      endDate: '2021',
    });
    expect(fields.work[0]).toMatchObject({ name: 'Coveo', position: 'Stagiaire en développement', startDate: '2025' });
  });

  it('proposes nothing it cannot see', () => {
    const fields = parseResumePages([page([item('Curriculum vitae', 40, 60), item('Nothing else here', 40, 80)])]);
    expect(fields).toMatchObject({ firstName: null, email: null, phone: null, school: null, skills: [] });
  });

  it('splits names written the French way and in capitals', () => {
    expect(personName('TREMBLAY Marie-Ève')).toEqual({ firstName: 'Marie-Ève', lastName: 'Tremblay' });
    expect(personName('LIAM O’CONNOR')).toEqual({ firstName: 'Liam', lastName: 'O’Connor' });
    expect(personName('Ana Sofía García')).toEqual({ firstName: 'Ana Sofía', lastName: 'García' });
  });

  it('takes the program out of the degree line in English and French', () => {
    expect(programOf('Bachelor of Science in Computer Science')).toBe('Computer Science');
    expect(programOf('Bachelor of Engineering, Software Engineering')).toBe('Software Engineering');
    expect(programOf('Baccalauréat ès sciences, Génie électrique')).toBe('Génie électrique');
    expect(programOf('Licence Informatique')).toBe('Informatique');
    expect(programOf("Diplôme d'ingénieur, Génie logiciel, 2027")).toBe('Génie logiciel');
    expect(programOf('Software Developer Intern')).toBeNull();
  });
});
