// Where a job's required skill appears in a resume's text (the portal's resume viewer highlights them).

/** Where `skill` appears in `text` as a whole word (case-insensitive): start indexes. */
export function skillPositions(text: string, skill: string): number[] {
  const needle = skill.trim().toLowerCase();
  if (!needle) return [];
  const haystack = text.toLowerCase();
  const wordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    // Whole words only: "Go" is not in "Google", "C" is not in "CSS"; "C++" and "Node.js" end on their own signs.
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    // "C" is not in "C++" or "C#" either.
    const continues = wordChar(after) || after === '+' || after === '#';
    if (!wordChar(before) && !(wordChar(needle.at(-1)) && continues)) found.push(at);
  }
  return found;
}
