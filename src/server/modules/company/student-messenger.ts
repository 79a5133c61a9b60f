import type { ApplicationStatus } from '../../../shared/company/application-status.ts';
import type { MessageChoice } from '../../../shared/messages/messages-api.ts';
import type { Database } from '../../db/client.ts';

/** The standard status e-mail of a move, or a template or words the member chose. */
export type StudentMessageChoice = { kind: 'status' } | MessageChoice;

/**
 * How a status move tells the student, when the member chose to (docs/decisions/034-email-templates.md): given to
 * the company routes by the app (modules/messages implements it), so the portal's moves and the messages module
 * share one path to the outbox without importing each other.
 */
export type StudentMessenger = {
  /**
   * With `tx`, the transaction of the move: the e-mail into the outbox, the message onto the application's history,
   * the activity entry, and for a move the status push. Answers whether anything was queued (false: nobody left to
   * tell, or the organization's rejection e-mails are off for the standard e-mail). Throws an HttpError for a choice
   * that cannot be sent (an unknown template, a rejection message while rejection e-mails are off): the move is
   * then undone with it.
   */
  send(
    tx: Database,
    input: {
      applicationId: string;
      message: StudentMessageChoice;
      /** The status the application was moved to; null: a message without a move. */
      move: ApplicationStatus | null;
      actor: { uid: string; name: string | null };
      at: Date;
    },
  ): Promise<boolean>;
};
