/** The first and last name a profile holds, joined ('Maya Tremblay'); null when it holds neither. */
export function profileFullName(
  profile: { firstName: string | null; lastName: string | null } | null | undefined,
): string | null {
  if (!profile) return null;
  const name = [profile.firstName, profile.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '' && part.toLowerCase() !== 'user')
    .join(' ');
  return name || null;
}

/**
 * The name shown for a user: the profile's first and last name when known, else the sign-in account's name, else the
 * part of the email before the @.
 */
export function displayNameFor(
  user: { displayName: string | null; email: string | null },
  profile?: { firstName: string | null; lastName: string | null } | null,
): string | null {
  const fromProfile = profileFullName(profile);
  if (fromProfile) return fromProfile;
  const name = user.displayName?.trim();
  if (name) return name;
  const local = user.email?.split('@')[0]?.trim();
  return local || null;
}

/** The first name to greet a user with: the profile's, else the account's display name's first word. */
export function greetingNameFor(
  user: { displayName: string | null; email: string | null },
  profile?: { firstName: string | null; lastName: string | null } | null,
): string | null {
  const first = profile?.firstName?.trim();
  if (first && first.toLowerCase() !== 'user') return first;
  return displayNameFor(user, profile);
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
