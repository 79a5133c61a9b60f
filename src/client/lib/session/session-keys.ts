// Where the session store keeps its hints in localStorage. Kept apart (no imports) so the build's prerender plugin,
// which writes the signed-in shell's inline scripts, reads the same names without loading the client's modules.

/**
 * A hint, readable without Firebase, that this browser had a signed-in session: the public pages use it to start
 * the app (and so the real session check) at once for returning students. Never trusted for access.
 */
export const signedInHintKey = 'signed-in-hint';
/** Who that was (uid, e-mail, name, photo): the signed-in pages paint for them before Firebase has restored. */
export const signedInUserKey = 'signed-in-user';
