/**
 * Shared expectations for `compileJobSearch`: server and client run the same function, and any port or engine
 * change must keep this table green. `text` is raw field text with '\n' between fields (as in a job haystack);
 * tests pass it through `searchableText` first, exactly as `jobHaystack` does.
 */
export type JobSearchCase = {
  pattern: string;
  text: string;
  expected: boolean;
  /** Why the answer is what it is, where it could surprise. */
  note?: string;
};

export const jobSearchCases: readonly JobSearchCase[] = [
  // Plain words (substring fast path)
  { pattern: 'google', text: 'Software Engineer Intern\nGoogle', expected: true },
  { pattern: 'amazon', text: 'Software Engineer Intern\nGoogle', expected: false },
  { pattern: 'software engineer', text: 'Software Engineer, AI\nNotion', expected: true },
  { pattern: 'engineer software', text: 'Software Engineer, AI\nNotion', expected: false, note: 'word order matters' },
  { pattern: 'intern', text: 'Internship Program', expected: true, note: 'substring, not whole word' },
  { pattern: '  google  ', text: 'Google', expected: true, note: 'surrounding whitespace ignored' },
  { pattern: '', text: 'Anything', expected: true, note: 'empty matches all' },
  { pattern: '   ', text: 'Anything', expected: true, note: 'whitespace-only matches all' },

  // Case-insensitivity, both paths
  { pattern: 'GOOGLE', text: 'google', expected: true },
  { pattern: 'google', text: 'GOOGLE LLC', expected: true },
  { pattern: 'GOOGLE|META', text: 'Meta Platforms', expected: true },
  { pattern: 'Software.*INTERN', text: 'software engineering intern', expected: true, note: 'mixed-case regex' },
  { pattern: '[A-Z]{2}\\d', text: 'Level ab1', expected: true, note: 'upper-case class folds to lower case' },

  // Alternation
  { pattern: 'google|meta', text: 'Software Engineer\nMeta', expected: true },
  { pattern: 'google|meta', text: 'Software Engineer\nGoogle', expected: true },
  { pattern: 'google|meta', text: 'Software Engineer\nAmazon', expected: false },

  // Anchors: multiline, each field is its own line
  { pattern: '^intern', text: 'Intern – Data Scientist\nCapital One', expected: true },
  { pattern: '^intern', text: 'Software Intern\nAcme', expected: false },
  { pattern: '^remote', text: 'Software Engineer\nAcme\nRemote in USA', expected: true, note: '^ at a later field' },
  { pattern: 'intern$', text: 'Software Intern\nAcme', expected: true, note: '$ at the end of the first field' },
  { pattern: 'intern$', text: 'Software Intern – Summer\nAcme', expected: false },
  { pattern: '^acme$', text: 'Engineer\nAcme\nNYC', expected: true, note: 'a whole field' },
  { pattern: '^acme$', text: 'Engineer\nAcme Corp\nNYC', expected: false },
  { pattern: '\\Aacme', text: 'Engineer\nAcme', expected: false, note: '\\A anchors at the whole haystack start' },

  // Character classes and escapes
  { pattern: 'summer 202[67]', text: 'Summer 2026', expected: true },
  { pattern: 'summer 202[67]', text: 'Summer 2025', expected: false },
  { pattern: '\\d{4}', text: 'Fall 2026', expected: true },
  { pattern: '\\d{4}', text: 'Fall', expected: false },
  { pattern: '\\bai\\b', text: 'Software Engineer, AI', expected: true },
  { pattern: '\\bai\\b', text: 'Maintenance Technician', expected: false, note: 'word boundary excludes "maint"' },
  { pattern: "master'?s|phd", text: "Bachelor's\nMaster's", expected: true },

  // .* stays inside one field
  { pattern: 'software.*intern', text: 'Software Engineering Intern\nAcme', expected: true },
  { pattern: 'intern.*google', text: 'Software Intern\nGoogle', expected: false, note: '. does not cross fields' },
  { pattern: '.*', text: 'Anything', expected: true },

  // Invalid patterns are searched as literal text
  { pattern: '(', text: 'Tools (Python, Go)', expected: true, note: 'invalid: unclosed group' },
  { pattern: '(', text: 'Python', expected: false },
  { pattern: '[a-', text: 'Range [a-z]', expected: true, note: 'invalid: unclosed class' },
  { pattern: '[a-', text: 'Java', expected: false },
  { pattern: '(?<=a)b', text: 'ab', expected: false, note: 'lookbehind unsupported: literal "(?<=a)b"' },
  { pattern: '(a)\\1', text: 'aa', expected: false, note: 'backreference unsupported: literal' },
  { pattern: 'c++', text: 'C++ Developer', expected: true, note: 'invalid (nested repetition): literal' },
  { pattern: 'c++', text: 'C Developer', expected: false },
  { pattern: 'c++', text: 'Cc Developer', expected: false, note: 'not read as the regex c+' },

  // Programming languages with symbols
  { pattern: 'c#', text: 'C# Developer', expected: true, note: '# is no metacharacter: plain path' },
  { pattern: 'c#', text: 'C Developer', expected: false },
  { pattern: '.net', text: '.NET Engineer', expected: true },
  { pattern: '.net', text: 'Planet Labs', expected: true, note: 'regex dot: also "anet"; use \\.net' },
  { pattern: '\\.net', text: 'Planet Labs', expected: false },
  { pattern: '\\.net', text: 'ASP.NET Developer', expected: true },
  { pattern: 'node.js', text: 'Node.js Engineer', expected: true },

  // Unicode
  { pattern: 'montréal', text: 'Montréal, QC, Canada', expected: true },
  { pattern: 'MONTRÉAL', text: 'Montréal, QC, Canada', expected: true, note: 'case folding beyond ASCII' },
  { pattern: 'montr.al', text: 'Montréal, QC, Canada', expected: true, note: '. is one character, é included' },
  { pattern: 'montréal|québec', text: 'Québec City, QC, Canada', expected: true },
  { pattern: 'montreal', text: 'Montréal, QC, Canada', expected: false, note: 'accents are not folded' },
  { pattern: 'montre\u0301al', text: 'Montréal', expected: true, note: 'decomposed é normalised (NFC)' },
  { pattern: 'münchen', text: 'Mu\u0308nchen, BY, Germany', expected: true, note: 'decomposed text normalised' },

  // Cost guard: patterns too expensive to run on the server are searched as literal text
  { pattern: 'a{100}', text: 'a'.repeat(100), expected: true, note: '100 counted repeats: still a regex' },
  { pattern: '.{2,50}x', text: 'abcx', expected: true, note: 'the upper bound (50) counts' },
  { pattern: 'a{101}', text: 'a'.repeat(101), expected: false, note: 'over 100 counted repeats: literal' },
  { pattern: 'a{101}', text: 'Skills: a{101}', expected: true, note: 'found as literal text' },
  { pattern: 'x{1,101}', text: 'xxx', expected: false, note: 'upper bound over 100: literal' },
  { pattern: 'a{50}b{51}', text: `${'a'.repeat(50)}${'b'.repeat(51)}`, expected: false, note: 'repeats add up' },
  { pattern: '(((.*a){10}){10}){10}', text: 'a'.repeat(1000), expected: false, note: 'program over 1000: literal' },
  { pattern: '(((.*a){10}){10}){10}', text: 'x (((.*a){10}){10}){10}', expected: true, note: 'found literally' },

  // Patterns that would hang a backtracking engine
  { pattern: '(a+)+$', text: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', expected: false },
  { pattern: '(x+x+)+y', text: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', expected: false },
];
