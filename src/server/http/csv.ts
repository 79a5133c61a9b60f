import { stringify } from 'csv-stringify/sync';

// CSV exports for spreadsheet users (a company's applicants, a student's applications): RFC 4180 (quoted where
// needed, CRLF), UTF-8 with a BOM, and no cell a spreadsheet would run as a formula.

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an
 * apostrophe (OWASP "CSV injection"), so it is shown as text.
 */
export function safeCsvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The document: a header row and the records, each cell made safe. */
export function csvDocument(
  header: readonly string[],
  records: readonly (readonly (string | number | null)[])[],
): string {
  // A BOM so spreadsheet programs read the UTF-8 names right.
  return `\uFEFF${stringify([[...header], ...records.map((record) => record.map(safeCsvCell))], { record_delimiter: '\r\n' })}`;
}
