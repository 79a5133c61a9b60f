// @mentions in a note: "@Tea Mate" or "@tea" names a member of the organization. A mention is the longest member
// name (compared without case or accents) that follows an "@" and ends at a word boundary; a first name alone counts
// when exactly one member has it. Linear in the note's length times the number of members: no user-typed pattern.

export type Mentionable = { uid: string; name: string };

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordCharacter = /[\p{L}\p{N}_]/u;

/** The members a note mentions, each once, in the order first mentioned. */
export function findMentions(body: string, members: readonly Mentionable[]): Mentionable[] {
  const folded = fold(body);
  // Folding can change lengths (a precomposed letter loses its accent): compare on the folded text only.
  const named = members
    .map((member) => ({
      member,
      full: fold(member.name.trim()),
      first: fold(member.name.trim().split(/\s+/)[0] ?? ''),
    }))
    .filter((entry) => entry.full.length > 0);
  const firstNameCount = new Map<string, number>();
  for (const entry of named) firstNameCount.set(entry.first, (firstNameCount.get(entry.first) ?? 0) + 1);

  const found: Mentionable[] = [];
  const seen = new Set<string>();
  for (let at = folded.indexOf('@'); at !== -1; at = folded.indexOf('@', at + 1)) {
    // An e-mail address ("ada@example.com") is not a mention.
    if (at > 0 && wordCharacter.test(folded[at - 1]!)) continue;
    const rest = folded.slice(at + 1);
    const endsWord = (length: number) => length <= rest.length && !wordCharacter.test(rest[length] ?? ' ');
    let best: { member: Mentionable; length: number } | null = null;
    for (const entry of named) {
      const candidates = [entry.full, ...(firstNameCount.get(entry.first) === 1 ? [entry.first] : [])];
      for (const candidate of candidates) {
        if (rest.startsWith(candidate) && endsWord(candidate.length) && candidate.length > (best?.length ?? 0)) {
          best = { member: entry.member, length: candidate.length };
        }
      }
    }
    if (best && !seen.has(best.member.uid)) {
      seen.add(best.member.uid);
      found.push(best.member);
    }
  }
  return found;
}
