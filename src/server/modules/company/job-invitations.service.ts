import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { maxInvitationsPerRequest } from '../../../shared/company/company-api.ts';
import {
  type InvitationColumns,
  invitationHeaderColumns,
  invitationListLines,
} from '../../../shared/company/invitation-list.ts';
import { textPolicyProblem } from '../../../shared/schemas/text-policy.ts';
import { HttpError } from '../../http/http-error.ts';

// Reading the invitation list a member pastes or uploads: a CSV of e-mail, first name, last name (a header naming the
// columns in any order, or none), each line parsed by csv-parse (quotes, BOM, CRLF, ragged rows) and judged on its own.

export type InvitationEntry = { line: number; email: string; firstName: string | null; lastName: string | null };
export type InvalidEntry = { line: number; value: string; code: 'email_invalid' | 'csv_invalid' };

const emailSchema = z.email();

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().normalize('NFC');
  if (!trimmed || trimmed.length > 100 || textPolicyProblem(trimmed)) return null;
  return trimmed;
}

type Columns = InvitationColumns;
const defaultColumns: Columns = { email: 0, firstName: 1, lastName: 2 };

const lineOptions = {
  relax_column_count: true,
  relax_quotes: true,
  trim: true,
  // A list pasted one per line or separated by ';' (spreadsheets in French locales) reads the same.
  delimiter: [',', ';', '\t'],
  max_record_size: 4096,
};

export type ParsedInvitationCsv = {
  entries: { line: number; email: string; firstName: string; lastName: string }[];
  /** Lines csv-parse could not read (a stray quote): named by their line, the others still read. */
  unreadable: InvalidEntry[];
};

/**
 * Reads the list line by line (an invitation list has one person per line; a stray quote then spoils its own line,
 * not the rest of the file), each line with csv-parse. A header row, if any, says where the e-mail, first name and
 * last name columns are (in any order); without one they are e-mail, first name, last name. Blank lines and lines of
 * empty cells are skipped. Line numbers are the file's.
 */
export function parseInvitationCsv(csv: string): ParsedInvitationCsv {
  const lines = invitationListLines(csv);
  const entries: ParsedInvitationCsv['entries'] = [];
  const unreadable: InvalidEntry[] = [];
  let columns: Columns | null = null;
  lines.forEach((text, index) => {
    const line = index + 1;
    if (!text.trim()) return;
    let cells: string[];
    try {
      cells = (parse(text, lineOptions) as string[][])[0] ?? [];
    } catch {
      unreadable.push({ line, value: text.trim().slice(0, 200), code: 'csv_invalid' });
      return;
    }
    if (cells.every((cell) => cell === '')) return;
    if (columns === null) {
      columns = invitationHeaderColumns(cells);
      if (columns) return; // the header row
      columns = defaultColumns;
    }
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '') : '');
    entries.push({
      line,
      email: cell(columns.email),
      firstName: cell(columns.firstName),
      lastName: cell(columns.lastName),
    });
  });
  if (entries.length + unreadable.length > maxInvitationsPerRequest) throw new HttpError(400, 'too_many_invitations');
  return { entries, unreadable };
}

export function judgeEntries(raw: { line: number; email: unknown; firstName?: unknown; lastName?: unknown }[]): {
  valid: InvitationEntry[];
  invalid: InvalidEntry[];
  duplicates: string[];
} {
  const valid: InvitationEntry[] = [];
  const invalid: InvalidEntry[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    const text = typeof entry.email === 'string' ? entry.email.trim() : '';
    const email = text.toLowerCase();
    if (!email || email.length > 254 || textPolicyProblem(email) || !emailSchema.safeParse(email).success) {
      invalid.push({ line: entry.line, value: text.slice(0, 200), code: 'email_invalid' });
      continue;
    }
    if (seen.has(email)) {
      duplicates.push(email);
      continue;
    }
    seen.add(email);
    valid.push({ line: entry.line, email, firstName: cleanName(entry.firstName), lastName: cleanName(entry.lastName) });
  }
  if (valid.length > maxInvitationsPerRequest) throw new HttpError(400, 'too_many_invitations');
  return { valid, invalid, duplicates };
}
