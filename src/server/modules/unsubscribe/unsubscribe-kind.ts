import type { Locale } from '../../../shared/locale.ts';

// What one kind of unsubscribe link stops (its token's `kind`, mail/unsubscribe-token.ts): the module that sends
// those e-mails provides it (modules/digests: 'alerts'; company notifications: a member's setting), and the
// unsubscribe routes do the rest (token check, page, one-click POST, resume).

/** The words of the page for one kind, per language. `names` are what the link names (alerts' names...). */
export type UnsubscribeTexts = {
  /** Title while still subscribed: "Pause this alert?" */
  confirmTitle: (names: readonly string[]) => string;
  /** What stopping does. */
  confirmBody: (names: readonly string[]) => string;
  stopButton: string;
  /** Title once stopped. */
  stoppedTitle: string;
  stoppedBody: (names: readonly string[]) => string;
  resumeButton: string;
  resumedTitle: string;
  resumedBody: (names: readonly string[]) => string;
  /** The link to the settings page in the app. */
  manageLink: string;
};

export type UnsubscribeTarget = {
  /** What the link names (one or more), shown on the page. */
  names: string[];
  /** Whether it still sends e-mail (false: already stopped). */
  active: boolean;
  /** The recipient's language, when known (else the browser's is used). */
  locale: string | null;
};

export type UnsubscribeKind = {
  kind: string;
  /** The token's value is not one this kind ever signs (the link was cut): 400. */
  isValidValue(value: string): boolean;
  /** null: nothing left to act on (deleted since): 404. */
  find(value: string): Promise<UnsubscribeTarget | null>;
  /** Stops the e-mails the link names; doing it twice changes nothing. */
  stop(value: string, at: Date): Promise<void>;
  resume(value: string, at: Date): Promise<void>;
  /** The app page where the recipient manages these e-mails. */
  managePath: string;
  texts: Record<Locale, UnsubscribeTexts>;
};
