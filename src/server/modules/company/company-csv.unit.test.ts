import { describe, expect, it } from 'vitest';
import { safeCsvCell } from '../../http/csv.ts';
import { HttpError } from '../../http/http-error.ts';
import { judgeEntries, parseInvitationCsv } from './job-invitations.service.ts';

describe('safeCsvCell', () => {
  it('makes cells a spreadsheet would run as a formula plain text', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx'])
      expect(safeCsvCell(value)).toBe(`'${value}`);
    expect(safeCsvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(safeCsvCell(2027)).toBe('2027');
    expect(safeCsvCell(null)).toBe('');
  });
});

describe('parseInvitationCsv', () => {
  it('reads e-mail, first and last name with or without a header, quotes, BOM and CRLF', () => {
    const { entries, unreadable } = parseInvitationCsv(
      '\uFEFFEmail,First name,Last name\r\n"ada@example.test","Ada","Love, lace"\r\ngrace@example.test\r\n',
    );
    expect(entries).toEqual([
      { line: 2, email: 'ada@example.test', firstName: 'Ada', lastName: 'Love, lace' },
      { line: 3, email: 'grace@example.test', firstName: '', lastName: '' },
    ]);
    expect(unreadable).toEqual([]);
  });

  it('accepts semicolons and a bare list of e-mails', () => {
    expect(parseInvitationCsv('a@example.test;A;B\nb@example.test').entries.map((row) => row.email)).toEqual([
      'a@example.test',
      'b@example.test',
    ]);
  });

  it('takes the columns in the order a header names them, in English or French', () => {
    expect(parseInvitationCsv('Nom;Prénom;Courriel\nCurie;Marie;marie@example.test').entries).toEqual([
      { line: 2, email: 'marie@example.test', firstName: 'Marie', lastName: 'Curie' },
    ]);
    expect(parseInvitationCsv('Last name,E-mail address\nHopper,grace@example.test').entries).toEqual([
      { line: 2, email: 'grace@example.test', firstName: '', lastName: 'Hopper' },
    ]);
  });

  it('skips blank lines and lines of empty cells, keeping the file’s line numbers', () => {
    const { entries } = parseInvitationCsv('email\n\n,,\n  ;  \nada@example.test\n');
    expect(entries).toEqual([{ line: 5, email: 'ada@example.test', firstName: '', lastName: '' }]);
  });

  it('names a line it cannot read (a stray quote) and still reads the others', () => {
    const { entries, unreadable } = parseInvitationCsv(
      'a@example.test\n"never closed,x\nb@example.test,"q"x",z\nc@example.test\n',
    );
    expect(entries.map((entry) => [entry.line, entry.email])).toEqual([
      [1, 'a@example.test'],
      [4, 'c@example.test'],
    ]);
    expect(unreadable).toEqual([
      { line: 2, value: '"never closed,x', code: 'csv_invalid' },
      { line: 3, value: 'b@example.test,"q"x",z', code: 'csv_invalid' },
    ]);
  });

  it('refuses more than 500 people in one request with too_many_invitations', () => {
    const list = Array.from({ length: 501 }, (_, index) => `p${index}@example.test`).join('\n');
    expect(() => parseInvitationCsv(list)).toThrow(HttpError);
    expect(parseInvitationCsv(list.split('\n').slice(0, 500).join('\n')).entries).toHaveLength(500);
  });
});

describe('judgeEntries', () => {
  it('keeps valid e-mails (lower-cased), reports invalid ones by line and repeats once', () => {
    const result = judgeEntries([
      { line: 1, email: 'Ada@Example.test', firstName: ' Ada ', lastName: '' },
      { line: 2, email: 'nope' },
      { line: 3, email: 'ada@example.test' },
      { line: 4, email: 'x@example.test', firstName: 'bad\u202Ename' },
    ]);
    expect(result.valid).toEqual([
      { line: 1, email: 'ada@example.test', firstName: 'Ada', lastName: null },
      { line: 4, email: 'x@example.test', firstName: null, lastName: null },
    ]);
    expect(result.invalid).toEqual([{ line: 2, value: 'nope', code: 'email_invalid' }]);
    expect(result.duplicates).toEqual(['ada@example.test']);
  });
});
