import { maxInvitationsPerRequest } from './company-api.ts';

// An invitation list (CSV: e-mail, first name, last name) as both sides read it: the header row that names the
// columns (in any order, English or French), and the batches of at most 500 people the portal sends one after the
// other, so a list of thousands goes through (the server takes 500 per request).

/** A header cell as a plain key: "E-mail" and "Prénom" as "email" and "prenom". */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

const headerNames = {
  email: ['email', 'emailaddress', 'mail', 'courriel', 'adressecourriel', 'adresseemail'],
  firstName: ['firstname', 'first', 'givenname', 'prenom'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'nom', 'nomdefamille'],
} as const;

export type InvitationColumns = { email: number; firstName: number; lastName: number };

/** The columns a header row names, or null when the row is not a header (no cell names the e-mail column). */
export function invitationHeaderColumns(cells: readonly string[]): InvitationColumns | null {
  const keys = cells.map(headerKey);
  const find = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  const email = find(headerNames.email);
  if (email < 0) return null;
  return { email, firstName: find(headerNames.firstName), lastName: find(headerNames.lastName) };
}

/** The lines of a pasted or uploaded list, without a byte-order mark. */
export function invitationListLines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

export type InvitationBatch = {
  csv: string;
  /** The list's own line number of each line of `csv` (the server answers by the batch's line numbers). */
  lines: number[];
};

/**
 * The list cut into batches of at most `size` people, each starting with the list's header row when it has one.
 * Header detection here splits the first line on the delimiters (a header has no quoted cells); the server reads each
 * line with its CSV parser.
 */
export function invitationBatches(csv: string, size = maxInvitationsPerRequest): InvitationBatch[] {
  const all = invitationListLines(csv).map((text, index) => ({ text, line: index + 1 }));
  const filled = all.filter((entry) => entry.text.trim() !== '');
  const first = filled[0];
  const header =
    first && invitationHeaderColumns(first.text.split(/[,;\t]/).map((cell) => cell.replace(/"/g, '').trim()))
      ? first
      : null;
  const people = header ? filled.slice(1) : filled;
  const batches: InvitationBatch[] = [];
  for (let start = 0; start < people.length; start += size) {
    const part = [...(header ? [header] : []), ...people.slice(start, start + size)];
    batches.push({ csv: part.map((entry) => entry.text).join('\n'), lines: part.map((entry) => entry.line) });
  }
  return batches;
}
