import { describe, expect, it } from 'vitest';
import { invitationBatches, invitationHeaderColumns } from './invitation-list.ts';

describe('invitation lists', () => {
  it('reads a header naming the columns in any order, in English or French', () => {
    expect(invitationHeaderColumns(['Nom', 'Prénom', 'Courriel'])).toEqual({ email: 2, firstName: 1, lastName: 0 });
    expect(invitationHeaderColumns(['E-mail address', 'First name'])).toEqual({ email: 0, firstName: 1, lastName: -1 });
    expect(invitationHeaderColumns(['ada@example.test', 'Ada'])).toBeNull();
  });

  it('sends a list of 500 people or fewer as it is', () => {
    const list = 'email\nada@example.test\n\ngrace@example.test';
    expect(invitationBatches(list)).toEqual([{ csv: 'email\nada@example.test\ngrace@example.test', lines: [1, 2, 4] }]);
  });

  it('cuts a longer list into batches of 500 people, each with the header, keeping every line number', () => {
    const people = Array.from({ length: 1203 }, (_, index) => `p${index}@example.test`);
    const batches = invitationBatches(['Email;First name', ...people].join('\r\n'));
    expect(batches.map((batch) => batch.lines.length)).toEqual([501, 501, 204]);
    for (const batch of batches) expect(batch.csv.split('\n')[0]).toBe('Email;First name');
    expect(batches[1]!.lines.slice(0, 3)).toEqual([1, 502, 503]);
    expect(batches[2]!.csv.split('\n').at(-1)).toBe('p1202@example.test');
    // Without a header, the batches are the people alone.
    expect(invitationBatches(people.join('\n'), 500).map((batch) => batch.lines[0])).toEqual([1, 501, 1001]);
  });
});
