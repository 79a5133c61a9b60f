import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { maxInvitationsPerRequest } from '../../../shared/company/company-api.ts';
import { textPolicyProblem } from '../../../shared/schemas/text-policy.ts';
import { HttpError } from '../../http/http-error.ts';

// Reading the invitation list a member pastes or uploads: a CSV of e-mail, first name, last name (header optional),
// parsed by csv-parse (quotes, BOM, CRLF, ragged rows); each line judged on its own.

export type InvitationEntry = { line: number; email: string; firstName: string | null; lastName: string | null };
export type InvalidEntry = { line: number; value: string; code: 'email_invalid' | 'csv_invalid' };

const emailSchema = z.email();

function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().normalize('NFC');
  if (!trimmed || trimmed.length > 100 || textPolicyProblem(trimmed)) return null;
  return trimmed;
}

function looksLikeHeader(cells: string[]): boolean {
  const first = (cells[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return ['email', 'emailaddress', 'mail', 'courriel'].includes(first);
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

export function parseInvitationCsv(
  csv: string,
): { line: number; email: string; firstName: string; lastName: string }[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // A list pasted one per line or separated by ';' (spreadsheets in French locales) reads the same.
      delimiter: [',', ';', '\t'],
      max_record_size: 4096,
    }) as string[][];
  } catch {
    throw new HttpError(400, 'csv_invalid');
  }
  const rows = records.map((cells, index) => ({ line: index + 1, cells }));
  if (rows[0] && looksLikeHeader(rows[0].cells)) rows.shift();
  if (rows.length > maxInvitationsPerRequest) throw new HttpError(400, 'too_many_invitations');
  return rows.map(({ line, cells }) => ({
    line,
    email: cells[0] ?? '',
    firstName: cells[1] ?? '',
    lastName: cells[2] ?? '',
  }));
}
