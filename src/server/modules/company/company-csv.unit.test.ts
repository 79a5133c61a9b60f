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
    const rows = parseInvitationCsv(
      '\uFEFFEmail,First name,Last name\r\n"ada@example.test","Ada","Love, lace"\r\ngrace@example.test\r\n',
    );
    expect(rows).toEqual([
      { line: 2, email: 'ada@example.test', firstName: 'Ada', lastName: 'Love, lace' },
      { line: 3, email: 'grace@example.test', firstName: '', lastName: '' },
    ]);
  });

  it('accepts semicolons and a bare list of e-mails', () => {
    expect(parseInvitationCsv('a@example.test;A;B\nb@example.test').map((row) => row.email)).toEqual([
      'a@example.test',
      'b@example.test',
    ]);
  });

  it('refuses an unreadable CSV with csv_invalid', () => {
    expect(() => parseInvitationCsv('"never closed,x\n')).toThrow(HttpError);
    try {
      parseInvitationCsv('"never closed,x\n');
    } catch (error) {
      expect((error as HttpError).errorCode).toBe('csv_invalid');
    }
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
