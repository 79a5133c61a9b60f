// A notification opens a page of this app only. Kept apart from the zod schemas so the service worker can use it
// without bundling zod.

/** A path of this app ('/jobs/applied#x'), never another origin ('//evil', 'https://...', 'javascript:'). */
export function isAppPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /\s/.test(value)) return false;
  return [...value].every((character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f);
}
