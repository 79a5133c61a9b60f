#!/usr/bin/env node
// `npm run generate:resumes`: writes the labelled resume set the parser is measured on (tests/fixtures/resumes/).
//
// Each resume is a PDF made with PDFKit and a JSON file beside it holding what a careful reader would take from it for
// the profile. The set varies what breaks resume parsers: one and two columns (sidebar on either side, drawn before or
// after the main column), English and French, headings in capitals or not, bullets, skills as a comma list, by
// category, as bullets or as a table, contact on one line, on several lines or in the sidebar, labelled or not, links
// written out or hidden behind a word, accented, hyphenated and capitalised names (French "Prénom NOM"), phone numbers
// of several countries, a second (older) school, two-page resumes, and fields left out. The same seed always writes
// the same files, so the set only changes when this script does.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'tests', 'fixtures', 'resumes');
const resumeCount = 48;
// One more resume, outside the labelled set: the app's resume reader reads it once when it starts, so that PDF.js's
// and the parser's code is compiled before the student's own file arrives.
const warmUpFile = path.join(root, 'src', 'client', 'features', 'profile', 'resume-autofill', 'warm-up-resume.pdf');
const warmUpIndex = 55;

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const people = [
  ['Marie-Ève', 'Tremblay'],
  ['José', 'Álvarez-Núñez'],
  ['Chloé', 'Dubé-Lefebvre'],
  ['Liam', 'O’Connor'],
  ['Aïcha', 'Benali'],
  ['Noah', 'Smith'],
  ['François', 'Côté'],
  ['Priya', 'Raghunathan'],
  ['Jean-Philippe', 'Gagnon'],
  ['Zoë', 'Müller'],
  ['Hélène', 'Bérubé'],
  ['Wei', 'Zhang'],
  ['Ana Sofía', 'García'],
  ['Olivier', 'St-Pierre'],
  ['Fatou', 'Ndiaye'],
  ['Lucas', 'Martin'],
  ['Émilie', 'Roy'],
  ['Kwame', 'Mensah'],
  ['Søren', 'Kjær'],
  ['Inès', 'Haddad'],
  ['Mateo', 'Rossi'],
  ['Camille', 'Lefèvre'],
  ['Arjun', 'Patel'],
  ['Léa', 'Nguyen'],
];

const schools = {
  en: [
    'McGill University',
    'University of Waterloo',
    'University of Toronto',
    'Concordia University',
    'University of British Columbia',
    'Georgia Institute of Technology',
    'Carnegie Mellon University',
    'Imperial College London',
    'University of Ottawa',
    "Queen's University",
    'Indian Institute of Technology Bombay',
    'Toronto Metropolitan University',
  ],
  fr: [
    'Université de Montréal',
    'Polytechnique Montréal',
    'École de technologie supérieure',
    'Université Laval',
    'HEC Montréal',
    'Université de Sherbrooke',
    'Sorbonne Université',
    'Université Paris-Saclay',
    'INSA Lyon',
    'Université du Québec à Montréal',
    'École Polytechnique',
    "Université d'Ottawa",
  ],
};

const programs = {
  en: [
    'Computer Science',
    'Software Engineering',
    'Computer Engineering',
    'Data Science',
    'Electrical Engineering',
    'Mathematics and Computer Science',
    'Information Technology',
    'Statistics',
    'Mechanical Engineering',
    'Business Analytics',
  ],
  fr: [
    'Génie logiciel',
    'Informatique',
    'Génie informatique',
    'Science des données',
    'Mathématiques et informatique',
    'Génie électrique',
    'Statistique',
    'Intelligence artificielle',
    'Génie mécanique',
    'Informatique de gestion',
  ],
};

const degrees = {
  en: ['Bachelor of Science in', 'B.Sc. in', 'Bachelor of Engineering,', 'BASc', 'Master of Science in', 'B.Eng.,'],
  fr: ['Baccalauréat en', 'Maîtrise en', "Diplôme d'ingénieur,", 'Licence', 'Master', 'Baccalauréat ès sciences,'],
};

const earlierSchools = {
  en: [['Dawson College', 'DEC, Science']],
  fr: [
    ['Cégep du Vieux Montréal', 'DEC en Sciences de la nature'],
    ['Lycée Henri-IV', 'Baccalauréat général'],
  ],
};

const months = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janv.', 'févr.', 'mars', 'avril', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};

const vocabularySkills = [
  'Python',
  'Java',
  'JavaScript',
  'TypeScript',
  'C++',
  'C',
  'C#',
  'Go',
  'Rust',
  'Kotlin',
  'Swift',
  'SQL',
  'PostgreSQL',
  'MongoDB',
  'React',
  'Node.js',
  'Django',
  'Flask',
  'Spring Boot',
  'Docker',
  'Kubernetes',
  'AWS',
  'Git',
  'Linux',
  'TensorFlow',
  'PyTorch',
  'scikit-learn',
  'Pandas',
  'HTML',
  'CSS',
  'GraphQL',
  'Redis',
  'Figma',
  'MATLAB',
  'R',
  'Tableau',
  'Terraform',
  'Vue.js',
  'Next.js',
  'FastAPI',
  'Bash',
  'Firebase',
  'Unity',
  'OpenCV',
  'Verilog',
  'Flutter',
  'Excel',
  'Power BI',
];
const plainSkills = {
  en: ['Agile', 'Scrum', 'Data structures', 'Machine learning', 'REST APIs', 'Unit testing'],
  fr: ['Méthodes agiles', 'Apprentissage automatique', 'Tests unitaires', 'Structures de données', 'API REST'],
};
const skillCategories = {
  en: ['Languages', 'Frameworks', 'Tools'],
  fr: ['Langages', 'Cadriciels', 'Outils'],
};

const phones = [
  '+1 (514) 555-0199',
  '514-555-0142',
  '(438) 555 0187',
  '+1 416 555 0123',
  '+33 6 12 34 56 78',
  '06 12 34 56 78',
  '+44 7700 900123',
  '+91 98765 43210',
  '+49 151 23456789',
  '+32 470 12 34 56',
  '+1-604-555-0111',
  '+212 6 12 34 56 78',
  '+41 79 123 45 67',
  '+86 138 0013 8000',
];

const companies = [
  ['Shopify', 'Ottawa'],
  ['Ubisoft', 'Montréal'],
  ['Desjardins', 'Lévis'],
  ['Hydro-Québec', 'Montréal'],
  ['Google', 'Toronto'],
  ['Mila', 'Montréal'],
  ['Coveo', 'Québec'],
  ['Dataiku', 'Paris'],
  ['Stripe', 'Dublin'],
  ['Element AI', 'Montréal'],
  ['Lightspeed', 'Montréal'],
  ['Thales', 'Paris'],
];
const positions = {
  en: [
    'Software Developer Intern',
    'Data Science Intern',
    'Research Assistant',
    'Backend Developer (Co-op)',
    'QA Intern',
  ],
  fr: [
    'Stagiaire en développement logiciel',
    'Stagiaire en science des données',
    'Assistant de recherche',
    'Développeuse backend (stage)',
    'Stagiaire AQ',
  ],
};
const achievements = {
  en: [
    'Built an internal dashboard in React and Node.js used by 40 analysts every day',
    'Cut the nightly batch from 3 hours to 25 minutes by rewriting it with Pandas and SQL',
    'Designed a REST API for the mobile team, with 95% test coverage',
    'Automated deployments with Docker and GitHub Actions, saving 6 hours a week',
    'Trained a text classifier (PyTorch) that sorts support tickets with 91% accuracy',
    'Migrated 120 legacy reports to PostgreSQL, with the finance team, on schedule',
  ],
  fr: [
    'Conçu un tableau de bord interne en React et Node.js utilisé chaque jour par 40 analystes',
    'Réduit le traitement de nuit de 3 heures à 25 minutes en le réécrivant avec Pandas et SQL',
    "Développé une API REST pour l'équipe mobile, couverte à 95 % par des tests",
    'Automatisé les déploiements avec Docker et GitHub Actions : 6 heures gagnées par semaine',
    'Entraîné un classificateur de texte (PyTorch) qui trie les demandes de soutien avec 91 % de précision',
    "Migré 120 rapports vers PostgreSQL avec l'équipe des finances, dans les délais",
  ],
};
const projects = {
  en: [
    ['CampusMap', 'A React Native app that routes students between classes; 2nd place at McHacks'],
    ['Budget Buddy', 'A Flask web app that categorises bank transactions with a small ML model'],
    ['RoboSort', 'An Arduino robot arm that sorts recycling using OpenCV'],
  ],
  fr: [
    ['CampusMap', 'Une application React Native qui guide les étudiants entre les cours ; 2e place à McHacks'],
    ['Budget Futé', 'Une application Flask qui classe les transactions bancaires avec un petit modèle'],
    ['RoboTri', 'Un bras robotique Arduino qui trie le recyclage grâce à OpenCV'],
  ],
};

const headings = {
  en: {
    contact: ['Contact', 'Contact Information'],
    education: ['Education', 'Academic Background'],
    experience: ['Experience', 'Work Experience', 'Professional Experience'],
    skills: ['Skills', 'Technical Skills'],
    projects: ['Projects', 'Personal Projects'],
    languages: ['Languages'],
    awards: ['Awards', 'Honors & Awards'],
  },
  fr: {
    contact: ['Coordonnées', 'Contact'],
    education: ['Formation', 'Études', 'Scolarité'],
    experience: ['Expérience', 'Expériences professionnelles', 'Expérience professionnelle'],
    skills: ['Compétences', 'Compétences techniques'],
    projects: ['Projets', 'Projets personnels'],
    languages: ['Langues'],
    awards: ['Prix et distinctions'],
  },
};
const titles = {
  en: [
    'Computer Science Student',
    'Software Engineering Student seeking a Summer 2027 internship',
    'Aspiring Data Scientist',
  ],
  fr: [
    'Étudiante en génie logiciel',
    'Étudiant en informatique à la recherche d’un stage',
    'Future scientifique des données',
  ],
};
const spokenLanguages = {
  en: 'English (native), French (fluent), Spanish (basic)',
  fr: 'Français (langue maternelle), Anglais (courant)',
};

function unaccented(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/[’' ]/g, '')
    .toLowerCase();
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

function pickSome(random, list, count) {
  const pool = [...list];
  const chosen = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return chosen;
}

/** One resume's content and its expected fields. */
function describeResume(index) {
  const random = seededRandom(index * 7919 + 17);
  const lang = index % 2 === 0 ? 'en' : 'fr';
  const layouts = ['one', 'sidebar-left', 'one', 'sidebar-right', 'sidebar-left', 'one'];
  const layout = layouts[index % layouts.length];
  const [firstName, lastName] = people[index % people.length];
  const nameStyle = ['plain', 'caps', 'last-caps', 'plain'][Math.floor(index / 3) % 4];
  const emailUser = `${unaccented(firstName)}.${unaccented(lastName)}`;
  const emailDomain = pick(random, [
    'gmail.com',
    'mail.mcgill.ca',
    'umontreal.ca',
    'etud.polymtl.ca',
    'outlook.fr',
    'uwaterloo.ca',
  ]);
  const missingPhone = index % 7 === 3;
  const missingLinks = index % 5 === 2;
  const missingSkills = index % 9 === 4;
  const missingYear = index % 11 === 6;
  const handle = unaccented(firstName).slice(0, 6) + unaccented(lastName).slice(0, 4) + (index % 3 === 0 ? index : '');
  const links = {};
  if (!missingLinks) {
    links.github = handle;
    if (index % 2 === 0 || index % 3 === 0)
      links.linkedin = `${unaccented(firstName)}-${unaccented(lastName)}-${100 + index}`;
    if (index % 4 === 1 || index % 6 === 0) links.devpost = handle.replace(/-/g, '_');
    if (index % 3 !== 1)
      links.portfolio = pick(random, [`https://${handle}.dev`, `${handle}.github.io`, `www.${handle}.ca`]);
  }
  const linkStyle = index % 8 === 5 ? 'hidden' : index % 8 === 2 ? 'labelled' : 'written';
  const endYear = 2024 + (index % 5);
  const schoolName = schools[lang][index % schools[lang].length];
  const education = [
    {
      school: schoolName,
      degree: degrees[lang][index % degrees[lang].length],
      program: programs[lang][(index * 3) % programs[lang].length],
      start: endYear - 4,
      end: missingYear ? null : endYear,
      expected: endYear >= 2026,
    },
  ];
  if (index % 4 === 2) {
    const [earlier, diploma] = earlierSchools[lang][index % earlierSchools[lang].length];
    education.push({
      school: earlier,
      degree: diploma,
      program: null,
      start: endYear - 6,
      end: endYear - 4,
      expected: false,
    });
  }
  const skillCount = 5 + Math.floor(random() * 7);
  const skills = missingSkills
    ? []
    : [
        ...pickSome(random, vocabularySkills, skillCount),
        ...(index % 3 === 0 ? pickSome(random, plainSkills[lang], 2) : []),
      ];
  const skillsStyles = ['comma', 'categories', 'bullets', 'table', 'pipes'];
  const skillsStyle =
    layout === 'one' ? skillsStyles[index % skillsStyles.length] : pick(random, ['bullets', 'comma', 'bullets']);
  const pages = index % 6 === 0 ? 2 : 1;
  const workCount = pages === 2 ? 5 : 1 + (index % 3);
  const work = Array.from({ length: workCount }, (_, n) => {
    const [company, city] = companies[(index + n * 5) % companies.length];
    const year = endYear - 1 - n;
    return {
      company,
      city,
      position: positions[lang][(index + n) % positions[lang].length],
      start: `${months[lang][4]} ${year}`,
      end: `${months[lang][7]} ${year}`,
      bullets: pickSome(random, achievements[lang], pages === 2 ? 4 : 2),
    };
  });
  return {
    id: `${String(index + 1).padStart(2, '0')}-${lang}-${layout}`,
    lang,
    layout,
    caps: index % 4 < 2,
    font: index % 3 === 2 ? 'Times-Roman' : 'Helvetica',
    rule: index % 5 < 3,
    contactPlace:
      layout === 'one'
        ? index % 4 === 0
          ? 'header-lines'
          : 'header-line'
        : index % 3 === 0
          ? 'header-line'
          : 'sidebar',
    contactLabels: index % 3 === 1,
    title: index % 4 === 3 ? null : titles[lang][index % titles[lang].length],
    nameStyle,
    firstName,
    lastName,
    email: `${emailUser}@${emailDomain}`,
    phone: missingPhone ? null : phones[index % phones.length],
    links,
    linkStyle,
    education,
    skills,
    skillsStyle,
    work,
    projects: index % 2 === 0 || pages === 2 ? projects[lang] : [],
    devpostProject: index % 5 === 0,
    languagesSection: index % 3 !== 2,
    sidebarFirst: index % 2 === 0,
    pages,
    paper: index % 2 === 0 ? 'LETTER' : 'A4',
  };
}

function expectedFields(resume) {
  const latest = resume.education[0];
  const { links } = resume;
  const portfolio = links.portfolio
    ? /^https?:\/\//.test(links.portfolio)
      ? links.portfolio
      : `https://${links.portfolio}`
    : null;
  return {
    firstName: resume.firstName,
    lastName: resume.lastName,
    email: resume.email,
    phone: resume.phone,
    school: latest.school,
    program: latest.program,
    graduationYear: latest.end === null ? null : String(latest.end),
    linkedinUrl: links.linkedin ? `https://linkedin.com/in/${links.linkedin}` : null,
    portfolioUrl: portfolio,
    githubUsername: links.github ?? null,
    devpostUsername: links.devpost ?? null,
    skills: resume.skills,
  };
}

const fontsOf = {
  Helvetica: { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' },
  'Times-Roman': { regular: 'Times-Roman', bold: 'Times-Bold', italic: 'Times-Italic' },
};

/** A column of text that moves down the page and onto the next one. */
class Column {
  constructor(doc, x, width, top, bottom) {
    Object.assign(this, { doc, x, width, y: top, top, bottom });
  }

  write(text, { font, size, gap = 2, color = '#111111', link, continued } = {}) {
    const { doc } = this;
    doc.font(font).fontSize(size).fillColor(color);
    const height = doc.heightOfString(text, { width: this.width });
    if (this.y + height > this.bottom) {
      doc.addPage();
      this.y = this.top;
    }
    doc.text(text, this.x, this.y, { width: this.width, link, continued });
    this.y += height + gap;
  }

  /** Cells side by side on one line (a table row). */
  row(cells, { font, size, gap = 2 }) {
    const { doc } = this;
    doc.font(font).fontSize(size).fillColor('#111111');
    const cellWidth = this.width / cells.length;
    cells.forEach((cell, n) =>
      doc.text(cell, this.x + n * cellWidth, this.y, { width: cellWidth - 6, lineBreak: false }),
    );
    this.y += doc.currentLineHeight() + gap;
  }

  space(points) {
    this.y += points;
  }
}

function renderResume(resume) {
  const doc = new PDFDocument({
    size: resume.paper,
    margin: 0,
    compress: true,
    bufferPages: true,
    info: {
      Title: `Resume ${resume.id}`,
      Producer: 'campus-jobs fixtures',
      Creator: 'generate-resumes',
      CreationDate: new Date(Date.UTC(2026, 0, 1)),
    },
  });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const fonts = fontsOf[resume.font];
  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const margin = 40;
  const lang = resume.lang;
  const heading = (key) => {
    const choices = headings[lang][key];
    const text = choices[(resume.id.charCodeAt(1) + key.length) % choices.length];
    return resume.caps ? text.toLocaleUpperCase(lang) : text;
  };
  const writeHeading = (column, key) => {
    column.space(8);
    column.write(heading(key), { font: fonts.bold, size: 12.5, color: '#1a3d6d', gap: 2 });
    if (resume.rule) {
      doc
        .moveTo(column.x, column.y)
        .lineTo(column.x + column.width, column.y)
        .lineWidth(0.6)
        .strokeColor('#1a3d6d')
        .stroke();
      column.space(4);
    }
  };
  const nameText =
    resume.nameStyle === 'caps'
      ? `${resume.firstName} ${resume.lastName}`.toLocaleUpperCase(lang)
      : resume.nameStyle === 'last-caps'
        ? `${resume.firstName} ${resume.lastName.toLocaleUpperCase(lang)}`
        : `${resume.firstName} ${resume.lastName}`;

  const linkEntries = [];
  const { links } = resume;
  const labels = lang === 'en' ? { email: 'Email', phone: 'Phone' } : { email: 'Courriel', phone: 'Tél.' };
  if (links.github) linkEntries.push(['GitHub', `https://github.com/${links.github}`, `github.com/${links.github}`]);
  if (links.linkedin)
    linkEntries.push([
      'LinkedIn',
      `https://www.linkedin.com/in/${links.linkedin}`,
      resume.linkStyle === 'written' && resume.id.endsWith('one')
        ? `https://www.linkedin.com/in/${links.linkedin}/`
        : `linkedin.com/in/${links.linkedin}`,
    ]);
  if (links.devpost)
    linkEntries.push(['Devpost', `https://devpost.com/${links.devpost}`, `devpost.com/${links.devpost}`]);
  if (links.portfolio) {
    const url = /^https?:/.test(links.portfolio) ? links.portfolio : `https://${links.portfolio}`;
    linkEntries.push([lang === 'en' ? 'Portfolio' : 'Site web', url, links.portfolio]);
  }
  const contactParts = [
    resume.contactLabels ? `${labels.email}: ${resume.email}` : resume.email,
    ...(resume.phone ? [resume.contactLabels ? `${labels.phone} : ${resume.phone}` : resume.phone] : []),
    lang === 'en' ? 'Montréal, QC' : 'Montréal (Québec)',
  ];
  const linkText = ([label, url, written]) => {
    if (resume.linkStyle === 'hidden') return { text: label, link: url };
    if (resume.linkStyle === 'labelled') {
      const shown = label === 'GitHub' || label === 'Devpost' ? written.split('/').pop() : written;
      return { text: `${label}: ${shown}`, link: undefined };
    }
    return { text: written, link: undefined };
  };

  const sidebarWidth = 168;
  const twoColumns = resume.layout !== 'one';
  const sidebarX = resume.layout === 'sidebar-left' ? margin : pageWidth - margin - sidebarWidth;
  const mainX = resume.layout === 'sidebar-left' ? margin + sidebarWidth + 26 : margin;
  const mainWidth = twoColumns ? pageWidth - 2 * margin - sidebarWidth - 26 : pageWidth - 2 * margin;

  if (twoColumns && (resume.layout === 'sidebar-left' || resume.id.charCodeAt(1) % 2 === 0)) {
    doc.rect(sidebarX - 8, 0, sidebarWidth + 16, pageHeight).fill('#eef2f7');
  }

  // The header: name, title, and the contact line when it belongs there.
  const header = new Column(
    doc,
    twoColumns ? mainX : margin,
    twoColumns ? mainWidth : pageWidth - 2 * margin,
    margin,
    pageHeight - margin,
  );
  header.write(nameText, { font: fonts.bold, size: resume.nameStyle === 'caps' ? 22 : 24, gap: 4, color: '#0b2545' });
  if (resume.title) header.write(resume.title, { font: fonts.italic, size: 11, gap: 4, color: '#444444' });
  if (resume.contactPlace === 'header-line') {
    const separator = resume.id.charCodeAt(1) % 2 === 0 ? '  |  ' : '  •  ';
    header.write(contactParts.join(separator), { font: fonts.regular, size: 9.5, gap: 3 });
    const shown = linkEntries.map(linkText);
    if (shown.length > 0) {
      if (shown.some((entry) => entry.link)) {
        // Each word its own link (PDFKit's continued text keeps the first link for the whole line).
        doc.font(fonts.regular).fontSize(9.5).fillColor('#1a55a0');
        let x = header.x;
        for (const entry of shown) {
          doc.text(entry.text, x, header.y, { link: entry.link, lineBreak: false });
          x += doc.widthOfString(entry.text + separator);
        }
        header.space(doc.currentLineHeight() + 3);
      } else header.write(shown.map((entry) => entry.text).join(separator), { font: fonts.regular, size: 9.5, gap: 3 });
    }
  } else if (resume.contactPlace === 'header-lines') {
    for (const part of contactParts) header.write(part, { font: fonts.regular, size: 9.5, gap: 1 });
    for (const entry of linkEntries.map(linkText))
      header.write(entry.text, { font: fonts.regular, size: 9.5, gap: 1, link: entry.link });
  }
  header.space(6);

  const main = new Column(doc, mainX, mainWidth, header.y, pageHeight - margin);
  const sidebar = twoColumns
    ? new Column(
        doc,
        sidebarX,
        sidebarWidth,
        twoColumns && resume.layout === 'sidebar-right' ? margin : header.y,
        pageHeight - margin,
      )
    : null;
  if (sidebar && resume.layout === 'sidebar-left') sidebar.y = margin + 4;

  const writeSkills = (column) => {
    if (resume.skills.length === 0) return;
    writeHeading(column, 'skills');
    const style = resume.skillsStyle;
    const body = { font: fonts.regular, size: 10, gap: 2 };
    if (style === 'comma') column.write(resume.skills.join(', '), body);
    else if (style === 'pipes') column.write(resume.skills.join(' · '), body);
    else if (style === 'bullets') for (const skill of resume.skills) column.write(`• ${skill}`, { ...body, gap: 1 });
    else if (style === 'table') {
      for (let n = 0; n < resume.skills.length; n += 3) column.row(resume.skills.slice(n, n + 3), body);
    } else {
      const size = Math.ceil(resume.skills.length / 3);
      skillCategories[lang].forEach((category, n) => {
        const group = resume.skills.slice(n * size, (n + 1) * size);
        if (group.length > 0) column.write(`${category}${lang === 'fr' ? ' :' : ':'} ${group.join(', ')}`, body);
      });
    }
  };

  const writeEducation = (column) => {
    writeHeading(column, 'education');
    for (const entry of resume.education) {
      const period =
        entry.end === null
          ? ''
          : entry.expected
            ? lang === 'en'
              ? `Expected ${months.en[4]} ${entry.end}`
              : `Fin prévue : ${months.fr[4]} ${entry.end}`
            : `${months[lang][8]} ${entry.start} – ${months[lang][3]} ${entry.end}`;
      const onOneLine = resume.id.charCodeAt(1) % 3 === 0;
      if (onOneLine && period) column.write(`${entry.school}    ${period}`, { font: fonts.bold, size: 10.5, gap: 1 });
      else {
        column.write(entry.school, { font: fonts.bold, size: 10.5, gap: 1 });
        if (period) column.write(period, { font: fonts.italic, size: 9.5, gap: 1 });
      }
      column.write(entry.program ? `${entry.degree} ${entry.program}` : entry.degree, {
        font: fonts.regular,
        size: 10,
        gap: 1,
      });
      if (entry.program && resume.id.charCodeAt(0) % 2 === 0) {
        column.write(lang === 'en' ? 'GPA: 3.8/4.0 · Dean’s List' : 'Moyenne : 3,8/4,3 · Palmarès du doyen', {
          font: fonts.regular,
          size: 9.5,
          gap: 1,
        });
      }
      column.space(4);
    }
  };

  const writeExperience = (column) => {
    writeHeading(column, 'experience');
    for (const job of resume.work) {
      column.write(`${job.position} — ${job.company}`, { font: fonts.bold, size: 10.5, gap: 1 });
      column.write(`${job.start} – ${job.end} · ${job.city}`, { font: fonts.italic, size: 9.5, gap: 1 });
      for (const bullet of job.bullets) column.write(`• ${bullet}`, { font: fonts.regular, size: 10, gap: 1 });
      column.space(4);
    }
  };

  const writeProjects = (column) => {
    if (resume.projects.length === 0) return;
    writeHeading(column, 'projects');
    for (const [name, description] of resume.projects) {
      column.write(name, { font: fonts.bold, size: 10.5, gap: 1 });
      column.write(`- ${description}`, { font: fonts.regular, size: 10, gap: 1 });
      if (resume.devpostProject && name === 'CampusMap')
        column.write('devpost.com/software/campusmap', { font: fonts.regular, size: 9.5, gap: 1 });
    }
  };

  const writeSidebar = () => {
    if (!sidebar) return;
    if (resume.contactPlace === 'sidebar') {
      writeHeading(sidebar, 'contact');
      for (const part of contactParts) sidebar.write(part, { font: fonts.regular, size: 9, gap: 2 });
      for (const entry of linkEntries.map(linkText))
        sidebar.write(entry.text, { font: fonts.regular, size: 9, gap: 2, link: entry.link });
    }
    writeSkills(sidebar);
    if (resume.languagesSection) {
      writeHeading(sidebar, 'languages');
      sidebar.write(spokenLanguages[lang], { font: fonts.regular, size: 9, gap: 2 });
    }
  };

  const writeMain = () => {
    writeEducation(main);
    writeExperience(main);
    writeProjects(main);
    if (!sidebar) {
      writeSkills(main);
      if (resume.languagesSection) {
        writeHeading(main, 'languages');
        main.write(spokenLanguages[lang], { font: fonts.regular, size: 10, gap: 2 });
      }
    }
    if (resume.pages === 2) {
      writeHeading(main, 'awards');
      const awards =
        lang === 'en'
          ? [
              '1st place, ConUHacks 2025 (team of 4)',
              'NSERC Undergraduate Student Research Award, 2025',
              'Faculty of Engineering entrance scholarship',
            ]
          : [
              '1re place, ConUHacks 2025 (équipe de 4)',
              'Bourse de recherche de premier cycle du CRSNG, 2025',
              "Bourse d'admission de la Faculté de génie",
            ];
      for (const award of awards) main.write(`• ${award}`, { font: fonts.regular, size: 10, gap: 1 });
    }
  };

  // Drawing order varies: a reader that trusts the content stream's order instead of positions reads columns mixed.
  if (resume.sidebarFirst) {
    writeSidebar();
    writeMain();
  } else {
    writeMain();
    if (sidebar) {
      doc.switchToPage(0);
      writeSidebar();
    }
  }
  doc.end();
  return done;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) if (/\.(pdf|json)$/.test(file)) rmSync(path.join(outDir, file));
  for (let index = 0; index < resumeCount; index += 1) {
    const resume = describeResume(index);
    const pdf = await renderResume(resume);
    writeFileSync(path.join(outDir, `${resume.id}.pdf`), pdf);
    const label = {
      layout: resume.layout,
      language: resume.lang,
      pages: resume.pages,
      expected: expectedFields(resume),
    };
    writeFileSync(path.join(outDir, `${resume.id}.json`), `${JSON.stringify(label, null, 2)}\n`);
  }
  writeFileSync(warmUpFile, await renderResume(describeResume(warmUpIndex)));
  console.log(
    `${resumeCount} resumes written to ${path.relative(root, outDir)}, and ${path.relative(root, warmUpFile)}`,
  );
}

await main();
