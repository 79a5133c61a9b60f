/** The name shown for a user: their profile name, else the part of the email before the @. */
export function displayNameFor(user: { displayName: string | null; email: string | null }): string | null {
  const name = user.displayName?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || null;
}

/** Up to two initials for the avatar, from the words of a name or email local part ("ada.lovelace" -> "AL"). */
export function initialsFor(name: string | null): string {
  if (!name) return '?';
  const words = name.split(/[\s._-]+/).filter((word) => /^\p{L}/u.test(word));
  const letters = words.length > 0 ? words.map((word) => word[0]) : [name.trim()[0]];
  const first = letters[0] ?? '?';
  const last = letters.length > 1 ? letters[letters.length - 1] : '';
  return `${first}${last ?? ''}`.toUpperCase();
}
