import { skillCandidates } from '../profile/json-resume.ts';
import { personNamePattern } from '../profile/profile-schema.ts';
import {
  addProfileLink,
  classifyProfileLink,
  emptyResumeFields,
  splitPersonName,
  type ResumeEducation,
  type ResumeFields,
  type ResumeWork,
} from '../profile/resume-fields.ts';
import type { PdfPageText } from './pdf-text.ts';
import { splitSections, type Section, type SectionKind } from './resume-sections.ts';
import { canonicalSkill } from './skill-vocabulary.ts';
import { readingOrder, type TextLine } from './text-lines.ts';

// A resume's text -> the fields it proposes for the profile. Pure: PDF.js reads the file (pdf-text.ts), this reads
// the text. Steps: lines in reading order (text-lines.ts), sections by heading (resume-sections.ts), then each field
// from the sections where resumes put it, the header and contact first. See docs/decisions/030-resume-autofill.md.

const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
// A run of digits with the separators phone numbers are written with: '+33 6 12 34 56 78', '(514) 555-0199'.
const phoneCandidates = /(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d(?:[\d\s.-]{6,20})\d/g;
const yearPattern = /\b(19[5-9]\d|20\d\d)\b/g;
const presentPattern = /\b(present|présent|now|current|aujourd[’']hui|en cours|actuel(?:lement)?)\b/i;
const bulletPattern = /^[•·▪‣◦●■□➢➤►*–-]\s*/u;

function sectionLines(sections: Section[], ...kinds: SectionKind[]): TextLine[] {
  return sections.filter((section) => kinds.includes(section.kind)).flatMap((section) => section.lines);
}

function findEmail(lines: TextLine[]): string | null {
  for (const line of lines) {
    const match = line.text.match(emailPattern);
    if (match) return match[0];
  }
  return null;
}

function findPhone(lines: TextLine[]): string | null {
  for (const line of lines) {
    for (const cell of line.cells) {
      for (const match of cell.replace(emailPattern, ' ').matchAll(phoneCandidates)) {
        const phone = match[0].trim();
        const digits = phone.replace(/\D/g, '').length;
        // Ten digits at least (the profile's rule); a range of years ('2022-2026') has eight.
        if (digits >= 10 && digits <= 15 && !/^\d{4}\s*[-–]\s*\d{4}$/.test(phone)) return phone;
      }
    }
  }
  return null;
}

/** 'MARIE-ÈVE' -> 'Marie-Ève', "O’CONNOR" -> 'O’Connor'. */
function titleCase(word: string): string {
  return word.toLocaleLowerCase().replace(/(^|[-’' ])(\p{L})/gu, (_match, before: string, letter: string) => {
    return before + letter.toLocaleUpperCase();
  });
}

const isCapitalised = (word: string) => /\p{Lu}/u.test(word) && word === word.toLocaleUpperCase();

/** 'Marie-Ève TREMBLAY', 'TREMBLAY Marie-Ève', 'MARIE-ÈVE TREMBLAY' -> first and last name. */
export function personName(text: string): { firstName: string | null; lastName: string | null } {
  const words = text.trim().split(/\s+/);
  const capitals = words.map(isCapitalised);
  const allCapitals = capitals.every(Boolean);
  if (!allCapitals && capitals.some(Boolean)) {
    // French resumes write the family name in capitals, before or after the given names.
    const first = words.filter((_word, index) => !capitals[index]).join(' ');
    const last = words
      .filter((_word, index) => capitals[index])
      .map(titleCase)
      .join(' ');
    return { firstName: first, lastName: last };
  }
  return splitPersonName(allCapitals ? words.map(titleCase).join(' ') : text);
}

function looksLikeName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 5 &&
    text.length <= 60 &&
    personNamePattern.test(text) &&
    words.every((word) => /^\p{Lu}/u.test(word) || /^(de|du|des|da|di|van|von|der|den|le|la|del)$/i.test(word))
  );
}

/** The largest line that reads as a person's name, near the top of the first page. */
function findName(sections: Section[]): string | null {
  const candidates = sections
    .filter((section) => section.kind === 'header' || section.kind === 'contact')
    .flatMap((section) => section.lines)
    .filter((line) => line.page === 0 && looksLikeName(line.text));
  let best: TextLine | null = null;
  for (const line of candidates)
    if (!best || line.size > best.size || (line.size === best.size && line.y < best.y)) best = line;
  return best?.text ?? null;
}

/** Lines with an address cut at the column's edge joined again ('linkedin.com/in/ada-' + 'lovelace-12'). */
function rejoinWrappedAddresses(lines: TextLine[]): string[] {
  const texts: string[] = [];
  for (const line of lines) {
    const previous = texts[texts.length - 1];
    const [head = '', ...rest] = line.text.split(' ');
    if (previous !== undefined && /[./_-]$/.test(previous) && /\.[a-z]/i.test(previous) && /^[\w-]+\/?$/.test(head)) {
      texts[texts.length - 1] = previous + head;
      if (rest.length > 0) texts.push(rest.join(' '));
    } else texts.push(line.text);
  }
  return texts;
}

// A bare word with a dot is a web address only with one of these endings ('Node.js' is a skill, not a site).
const siteEndings =
  /\.(?:com|ca|dev|io|me|app|net|org|fr|ch|be|uk|de|info|tech|site|page|xyz|ai|co|us|eu|qc\.ca)(?:\/\S*)?$/i;

function findLinks(fields: ResumeFields, lines: TextLine[], options: { sites: boolean }): void {
  for (const text of rejoinWrappedAddresses(lines)) {
    // 'GitHub: ada-l', 'Devpost : ada_l': a username after the network's name.
    for (const [, network, username] of text.matchAll(/\b(github|devpost)\s*:\s*([A-Za-z0-9_-]+)(?![./\w])/gi)) {
      const link = classifyProfileLink(`https://${network!.toLowerCase()}.com/${username}`);
      if (link) addProfileLink(fields, link);
    }
    for (const token of text.split(/[\s|•·,;<>()]+/)) {
      if (!/[a-z0-9-]\.[a-z]{2,}/i.test(token) || token.includes('@')) continue;
      const written = /^(?:https?:\/\/|www\.)/i.test(token);
      if (!written && !siteEndings.test(token) && !/^(?:[a-z]{2}\.)?(?:github|linkedin|devpost)\.com\//i.test(token))
        continue;
      const link = classifyProfileLink(token);
      if (link && (options.sites || link.kind !== 'portfolio')) addProfileLink(fields, link);
    }
  }
}

// Word boundaries that know accented letters (\b does not: 'Université' has none after its 'é').
const wordsPattern = (alternatives: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, flags);

const schoolWords = wordsPattern(
  'university|universit[ée]|college|coll[èe]ge|c[ée]gep|institute|institut|[ée]cole|school|polytechnique|polytechnic|lyc[ée]e|insa|hec|academy|acad[ée]mie|sorbonne|conservatoire|iit|epfl|eth',
);
const degreeWords = new RegExp(
  `^${
    wordsPattern(
      'bachelor|master|doctor|associate|b\\.?\\s?sc\\.?|m\\.?\\s?sc\\.?|b\\.?\\s?eng\\.?|m\\.?\\s?eng\\.?|b\\.?\\s?a\\.?\\s?sc\\.?|basc|b\\.?a\\.|b\\.?s\\.|m\\.?s\\.|ph\\.?\\s?d\\.?|mba|dec|dut|bts|baccalaur[ée]at|ma[iî]trise|licence|doctorat|dipl[ôo]me|majeure?|major|mineure?|minor|specialization|sp[ée]cialisation|certificat|certificate',
    ).source
  }`,
  'iu',
);
const monthWords = wordsPattern(
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janv(?:ier)?|f[ée]vr(?:ier)?|mars|avr(?:il)?|mai|juin|juil(?:let)?|ao[ûu]t|sept(?:embre)?|octobre|novembre|d[ée]cembre',
  'giu',
);

/** A line that is only dates: 'Sep 2020 – Apr 2024', 'Expected May 2027', 'Fin prévue : mai 2027'. */
function withoutDates(text: string): string {
  return text
    .replace(yearPattern, ' ')
    .replace(monthWords, ' ')
    .replace(
      /\b(expected|anticipated|graduation|class of|fin pr[ée]vue|pr[ée]vu[e]?|dipl[ôo]mation|en|in|since|depuis)\b/giu,
      ' ',
    )
    .replace(presentPattern, ' ')
    .replace(/[–—\-:/()|·,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function schoolName(line: TextLine): string {
  const cell = line.cells.find((text) => schoolWords.test(text)) ?? line.text;
  // 'McGill University — Montréal, QC' and 'HEC Montréal    Sep 2020 – Apr 2024' keep the school only.
  const part = cell.split(/\s+[—–|]\s+|\s{2,}/).find((text) => schoolWords.test(text)) ?? cell;
  const yearAt = part.search(/\b(19|20)\d\d\b/);
  let name = yearAt > 0 ? part.slice(0, yearAt) : part;
  const monthAt = name.search(monthWords);
  monthWords.lastIndex = 0;
  if (monthAt > 0 && withoutDates(name.slice(monthAt)) === '') name = name.slice(0, monthAt);
  return name.replace(/[\s,;:–—-]+$/u, '').trim();
}

/** 'Bachelor of Science in Computer Science' -> 'Computer Science'; 'Baccalauréat en génie logiciel' -> 'génie logiciel'. */
export function programOf(text: string): string | null {
  const line = text.replace(/\s*[|(].*$/, '').trim();
  const degree = line.match(degreeWords);
  if (!degree) return null;
  const program = line
    .slice(degree[0].length)
    // The kind of degree is not the program: 'of Science', 'ès sciences', "d'ingénieur".
    .replace(
      /^\s*(?:of\s+(?:applied\s+)?(?:science|sciences|arts|engineering)|[èe]s\s+(?:sciences|arts)|d[’']ing[ée]nieur)\b/iu,
      '',
    )
    .replace(/^\s*(?:(?:in|en|of)\s+|[,:—–-]\s*)/iu, '')
    .replace(/\s*,?\s*(?:gpa|moyenne|cgpa)\b.*$/iu, '')
    .replace(/\s+(?:expected|pr[ée]vu).*$/iu, '')
    .replace(/[\s,–—-]*\b(?:19|20)\d\d\b.*$/u, '')
    .replace(/^[\s,:–—-]+|[\s,;:.–—-]+$/gu, '')
    .trim();
  return program.length >= 2 && program.length <= 120 ? program : null;
}

type EducationDraft = { school: string; lines: TextLine[] };

function educationEntries(lines: TextLine[]): ResumeEducation[] {
  const drafts: EducationDraft[] = [];
  for (const line of lines) {
    const text = line.text.replace(bulletPattern, '');
    if (schoolWords.test(text) && !degreeWords.test(text)) drafts.push({ school: schoolName(line), lines: [line] });
    else if (drafts.length === 0) drafts.push({ school: schoolName(line), lines: [line] });
    else drafts[drafts.length - 1]!.lines.push(line);
  }
  return drafts.map(({ school, lines: entryLines }) => {
    const years: number[] = [];
    let ongoing = false;
    let program: string | null = null;
    let studyType: string | null = null;
    for (const line of entryLines) {
      const text = line.text.replace(bulletPattern, '');
      if (!/\b(gpa|moyenne|cgpa)\b/i.test(text)) {
        for (const [year] of text.matchAll(yearPattern)) years.push(Number(year));
        if (presentPattern.test(text)) ongoing = true;
      }
      if (!program) {
        const candidate = programOf(text);
        if (candidate) {
          program = candidate;
          studyType = text.match(degreeWords)?.[0] ?? null;
        }
      }
    }
    const start = years.length > 1 ? Math.min(...years) : null;
    const end = years.length > 0 && !(ongoing && years.length === 1) ? Math.max(...years) : null;
    return {
      institution: school,
      area: program,
      studyType,
      startDate: start === null ? null : String(start),
      endDate: end === null ? null : String(end),
    };
  });
}

function workEntries(lines: TextLine[]): ResumeWork[] {
  const entries: ResumeWork[] = [];
  let current: ResumeWork | null = null;
  let inBullet = false;
  for (const line of lines) {
    const isBullet = bulletPattern.test(line.text);
    const text = line.text.replace(bulletPattern, '').trim();
    if (isBullet && current) {
      current.highlights.push(text);
      inBullet = true;
    } else if (inBullet && current && /^\p{Ll}/u.test(text)) {
      current.highlights[current.highlights.length - 1] += ` ${text}`;
    } else if (current && withoutDates(text.replace(/·.*$/, '')) === '' && current.startDate === null) {
      const years = [...text.matchAll(yearPattern)].map((match) => match[1]!);
      current.startDate = years[0] ?? null;
      current.endDate = presentPattern.test(text) ? null : (years[1] ?? years[0] ?? null);
    } else {
      const [position, company] = text.split(/\s+[—–|@]\s+|\s+(?:at|chez)\s+/i);
      current = {
        name: (company ?? position ?? text).trim(),
        position: company ? (position?.trim() ?? null) : null,
        startDate: null,
        endDate: null,
        highlights: [],
      };
      entries.push(current);
      inBullet = false;
    }
  }
  return entries;
}

const spokenLanguages =
  /^(english|french|spanish|german|italian|portuguese|arabic|mandarin|chinese|cantonese|hindi|japanese|korean|russian|fran[çc]ais|anglais|espagnol|allemand|italien|portugais|arabe|chinois|japonais|cor[ée]en|russe)\b/i;

function isSkillLike(text: string): boolean {
  const words = text.split(/\s+/);
  return (
    text.length >= 1 &&
    text.length <= 40 &&
    words.length <= 4 &&
    !/[.!?]$/.test(text) &&
    !spokenLanguages.test(text) &&
    !/^\d+$/.test(text) &&
    /^[\p{L}\p{N}][\p{L}\p{N}\s+#./'’&-]*$/u.test(text)
  );
}

function findSkills(lines: TextLine[]): string[] {
  // Rejoin a list that wrapped onto the next line ('..., Spring' / 'Boot, Docker').
  const paragraphs: string[] = [];
  let open = false;
  for (const line of lines) {
    const pieces = line.cells.length > 1 ? line.cells : [line.text];
    for (const piece of pieces) {
      const text = piece.trim();
      const startsNew = bulletPattern.test(text) || /^[^,:]{1,30}\s?:/.test(text) || !open;
      if (startsNew || paragraphs.length === 0) paragraphs.push(text);
      else paragraphs[paragraphs.length - 1] += ` ${text}`;
      open = /[,;|·]\s*\S/.test(text) && !/[,;]$/.test(text) ? true : /[,;]$/.test(text);
      if (line.cells.length > 1) open = false;
    }
  }
  const skills: string[] = [];
  for (const paragraph of paragraphs) {
    // 'Languages: Python, Java' -> the category is not a skill.
    const withoutLabel = paragraph.replace(bulletPattern, '').replace(/^[^,:]{1,30}?\s?:\s+/, '');
    for (const piece of withoutLabel.split(/\s*[,;|·•]\s*|\s+[–—]\s+|\s{2,}/)) {
      const skill = piece
        .replace(/^(?:and|et)\s+/i, '')
        .replace(/[.\s]+$/, '')
        .trim();
      if (!skill) continue;
      const canonical = canonicalSkill(skill);
      if (canonical) skills.push(canonical);
      else if (isSkillLike(skill)) skills.push(skill);
    }
  }
  return skillCandidates(skills);
}

/** The fields a resume's pages propose. */
export function parseResumePages(pages: PdfPageText[]): ResumeFields {
  const sections = splitSections(readingOrder(pages));
  const fields = emptyResumeFields();
  const contactLines = sectionLines(sections, 'header', 'contact');
  const allLines = sections.flatMap((section) => section.lines);
  const annotationUrls = pages.flatMap((page) => page.links.map((link) => link.url));

  const name = findName(sections);
  if (name) Object.assign(fields, personName(name));
  fields.email =
    findEmail(contactLines) ??
    findEmail(allLines) ??
    annotationUrls.find((url) => url.startsWith('mailto:'))?.slice('mailto:'.length) ??
    null;
  fields.phone = findPhone(contactLines) ?? findPhone(sectionLines(sections, 'summary', 'other'));
  findLinks(fields, contactLines, { sites: true });
  for (const url of annotationUrls) {
    const link = url.startsWith('mailto:') ? null : classifyProfileLink(url);
    if (link) addProfileLink(fields, link);
  }
  // Elsewhere only the networks: a project's own site is not the student's portfolio.
  findLinks(fields, sectionLines(sections, 'summary', 'other'), { sites: false });

  fields.education = educationEntries(sectionLines(sections, 'education'));
  // Resumes list the latest school first; one listed later counts only when it ends later.
  let latest: ResumeEducation | null = fields.education[0] ?? null;
  for (const entry of fields.education.slice(1)) {
    if (latest?.endDate && entry.endDate && entry.endDate > latest.endDate) latest = entry;
  }
  if (latest) {
    fields.school = latest.institution || null;
    fields.program = latest.area;
    fields.graduationYear = latest.endDate;
  }
  fields.work = workEntries(sectionLines(sections, 'experience'));
  fields.skills = findSkills(sectionLines(sections, 'skills'));
  return fields;
}
