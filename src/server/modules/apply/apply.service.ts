import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ApplicationAnswers,
  applicationAnswersSchema,
  applicationMessages,
  type ApplicationReceipt,
  savedResumeChoiceSchema,
} from '../../../shared/applications/application-schema.ts';
import { fieldErrors, skillsSchema } from '../../../shared/profile/profile-schema.ts';
import {
  checkScreeningAnswers,
  type ScreeningAnswer,
  screeningAnswersInputSchema,
} from '../../../shared/screening/screening-questions.ts';
import { isPdf, resumeFileName } from '../../../shared/profile/resume-file.ts';
import type { Database } from '../../db/client.ts';
import type { StudentProfileRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { isReadablePdf } from '../../http/pdf-document.ts';
import { applicationConfirmationMail } from '../../mail/company-mails.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import { enqueueMail, type MailSender } from '../../mail/outbox.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { type ApplicationChannel, resolveChannel, verifiedEmailOf } from './application-channel.ts';
import type { ApplicationNotices } from '../company-notifications/index.ts';
import type { DevpostService } from '../profile/index.ts';
import type { PublicJobRow } from '../jobs/index.ts';
import { recordDevpostVerification, sameUsername } from '../profile/index.ts';
import { loadAccount } from '../profile/index.ts';
import {
  type ApplicationRequest,
  applicationRequestHash,
  type ResumeChoice,
  type ResumeInput,
} from './application-request.ts';
import { findApplicationByKey, hasApplied, insertApplicationOnce } from './apply.repository.ts';

/** A 400 that names the fields at fault: `{error, code, fields: {field: message}}`. */
export class FieldsError extends HttpError {
  override name = 'FieldsError';
  readonly fields: Record<string, string>;

  constructor(
    fields: Record<string, string>,
    code: 'invalid_request' | 'screening_answers_invalid' = 'invalid_request',
  ) {
    const first = Object.values(fields)[0] ?? 'Invalid application';
    super(400, code, first);
    this.fields = fields;
  }
}

/**
 * The screening answers judged against the job's questions. Problems are named `screening.{questionId}` (the wizard
 * opens its Questions step on them); a body that is not a map of texts is named `screening`.
 */
function judgeScreening(job: PublicJobRow, input: unknown): { answers: ScreeningAnswer[]; knockedOut: boolean } {
  const shape = screeningAnswersInputSchema.safeParse(input ?? {});
  if (!shape.success)
    throw new FieldsError(
      { screening: 'Screening answers must be a map of question id to text' },
      'screening_answers_invalid',
    );
  const outcome = checkScreeningAnswers(job.screeningQuestions, shape.data);
  if (!outcome.ok) {
    const fields = Object.fromEntries(
      Object.entries(outcome.problems).map(([id, message]) => [`screening.${id}`, message]),
    );
    throw new FieldsError(fields, 'screening_answers_invalid');
  }
  return { answers: outcome.answers, knockedOut: outcome.knockedOut };
}

/** Skills given in the wizard (asked when the profile lists none): the profile's rules, or a 400 naming `skills`. */
function wizardSkills(input: unknown): string[] {
  if (input === undefined || input === null || input === '') return [];
  const parsed = skillsSchema.safeParse(input);
  if (!parsed.success) throw new FieldsError({ skills: parsed.error.issues[0]?.message ?? 'Invalid skills' });
  return parsed.data;
}

export type ApplyDependencies = {
  db: Database;
  storage: Storage;
  devpost: DevpostService;
  /** Delivers the confirmation e-mail enqueued with the application. */
  mailSender: MailSender;
  log: FastifyBaseLogger;
  /** The app's origin, for links in the confirmation e-mail. */
  appUrl: string;
  /** The e-mails to the organization's members who chose one per application, queued with it. */
  notices: ApplicationNotices;
};

export type ApplyInput = {
  caller: AuthUser;
  job: PublicJobRow;
  query: { token?: string; sharedId?: string };
  idempotencyKey: string;
  request: ApplicationRequest;
};

export type ApplyOutcome = { status: number; body: ApplicationReceipt; replayed: boolean };

type ResumeCopy = { data: Uint8Array; name: string; source: 'upload' | 'profile'; profileResumeId: string | null };

/** An unguessable key for the application's own resume copy; served only through authorised routes. */
function newApplicationResumeKey(): string {
  return `applications/${randomBytes(16).toString('hex')}.pdf`;
}

/** The resume part of the request, its saved-resume reference checked for shape. */
function validResumeChoice(resume: ResumeInput): ResumeChoice {
  if (resume.kind !== 'saved') return resume;
  const choice = savedResumeChoiceSchema.safeParse(resume.reference);
  if (!choice.success) throw new HttpError(400, 'application_resume_missing');
  return { kind: 'saved', id: choice.data.id };
}

async function chooseResume(
  { storage, log }: ApplyDependencies,
  resume: ResumeChoice,
  profile: StudentProfileRow | null,
): Promise<ResumeCopy> {
  if (resume.kind === 'none') throw new HttpError(400, 'application_resume_missing');
  if (resume.kind === 'file') {
    // Judged by content, never by name or declared type.
    if (!isPdf(resume.data) || !(await isReadablePdf(resume.data)))
      throw new HttpError(400, 'resume_not_pdf', applicationMessages.resumeNotPdf);
    const name = resumeFileName(resume.fileName);
    return { data: resume.data, name: name.ok ? name.fileName : 'Resume.pdf', source: 'upload', profileResumeId: null };
  }
  // The saved resume must be the profile's current one: an old id (replaced meanwhile) or another person's is refused.
  if (!profile?.resumeId || !profile.resumeKey || resume.id !== profile.resumeId) {
    throw new HttpError(400, 'application_resume_missing');
  }
  const stored = await storage.get(profile.resumeKey);
  if (!stored) {
    log.error({ key: profile.resumeKey }, 'profile resume file missing from the storage');
    throw new HttpError(400, 'application_resume_missing');
  }
  return {
    data: stored.data,
    name: profile.resumeName ?? 'Resume.pdf',
    source: 'profile',
    profileResumeId: profile.resumeId,
  };
}

/**
 * A Devpost username given in the application must be verified: the profile's saved one, the one this account last
 * verified in the wizard, or one Devpost confirms now (the service caches lookups).
 */
async function checkDevpost(
  { db, devpost }: ApplyDependencies,
  uid: string,
  username: string | null,
  profile: StudentProfileRow | null,
): Promise<void> {
  if (!username) return;
  if (sameUsername(username, profile?.devpostUsername) || sameUsername(username, profile?.devpostVerifiedUsername))
    return;
  const lookup = await devpost.lookup(username);
  if (!lookup.ok) throw new FieldsError({ devpostUsername: applicationMessages.devpostSubmit });
  await recordDevpostVerification(db, uid, lookup.profile.username);
}

function replayOf(
  row: { requestHash: string; responseStatus: number; responseBody: ApplicationReceipt },
  hash: string,
): ApplyOutcome {
  if (row.requestHash !== hash) throw new HttpError(422, 'idempotency_key_reused');
  return { status: row.responseStatus, body: row.responseBody, replayed: true };
}

function channelColumns(channel: ApplicationChannel) {
  return {
    channel: channel.kind,
    invitationId: channel.kind === 'private' ? channel.invitation.id : null,
    sharedLinkId: channel.kind === 'link' ? channel.sharedLink.id : null,
  };
}

/**
 * Submits an application exactly once. Checks come first and write nothing; then the resume copy is written to the
 * storage and the row inserted in one statement guarded by the unique constraints. If the row is not written (a
 * concurrent request won, or the database failed) the file is removed again. The confirmation e-mail goes out in
 * the background: a mail server that fails never fails the application.
 */
export async function submitApplication(deps: ApplyDependencies, input: ApplyInput): Promise<ApplyOutcome> {
  const { db, storage, mailSender, log, appUrl } = deps;
  const { caller, job, query, idempotencyKey, request } = input;
  const email = verifiedEmailOf(caller);

  // Validated before anything else: the fingerprint is computed on these values, never on raw input.
  const parsed = applicationAnswersSchema.safeParse({ ...request.answers, email });
  if (!parsed.success) throw new FieldsError(fieldErrors(parsed.error));
  const answers: ApplicationAnswers = parsed.data;
  const screening = judgeScreening(job, request.screening);
  const skills = wizardSkills(request.skills);
  const resumeChoice = validResumeChoice(request.resume);
  const requestHash = applicationRequestHash(
    { answers, resume: resumeChoice, screening: screening.answers, skills },
    { jobId: job.id, token: query.token, sharedId: query.sharedId },
  );

  // A retry of a request that already succeeded gets the same answer, even if the invitation expired since.
  const previous = await findApplicationByKey(db, caller.uid, idempotencyKey);
  if (previous) return replayOf(previous, requestHash);

  const channel = await resolveChannel(db, query, { jobId: job.id, email, visibility: job.visibility });

  const { profile } = await loadAccount(db, caller);
  const resume = await chooseResume(deps, resumeChoice, profile);
  await checkDevpost(deps, caller.uid, answers.devpostUsername, profile);
  if (await hasApplied(db, caller.uid, job.id)) {
    // A concurrent request with this key may have committed since the first look: that is a replay, not a duplicate.
    const winner = await findApplicationByKey(db, caller.uid, idempotencyKey);
    if (winner) return replayOf(winner, requestHash);
    throw new HttpError(409, 'already_applied');
  }

  const applicationId = randomUUID();
  const submittedAt = new Date();
  const receipt: ApplicationReceipt = {
    applicationId,
    jobId: job.id,
    jobTitle: job.title,
    organizationName: job.organizationName,
    email,
    submittedAt: submittedAt.toISOString(),
  };

  const resumeKey = newApplicationResumeKey();
  await storage.put(resumeKey, resume.data, { contentType: 'application/pdf' });
  let written: boolean;
  try {
    // The application and its confirmation e-mail are committed together: a crash right after the commit still
    // leaves the e-mail in the outbox for the sender (decision 009).
    written = await db.transaction(async (tx) => {
      const inserted = await insertApplicationOnce(tx, {
        id: applicationId,
        uid: caller.uid,
        jobId: job.id,
        email,
        answers,
        ...channelColumns(channel),
        resumeKey,
        resumeName: resume.name,
        resumeSize: resume.data.byteLength,
        resumeSource: resume.source,
        resumeProfileId: resume.profileResumeId,
        // What the company sees and the match is computed from: the profile as it is when the student applies.
        // Skills given in the wizard count when the profile lists none (the wizard asks for them only then).
        skillsSnapshot: profile?.skills.length ? profile.skills : skills,
        githubSnapshot: profile?.githubProfile ?? null,
        devpostSnapshot: profile?.devpostProfile ?? null,
        screeningAnswers: screening.answers,
        screeningKnockedOut: screening.knockedOut,
        idempotencyKey,
        requestHash,
        responseStatus: 201,
        responseBody: receipt,
        submittedAt,
      });
      if (inserted) {
        const mail = applicationConfirmationMail({
          to: email,
          locale: await recipientLocale(tx, { uid: caller.uid }),
          firstName: answers.firstName,
          jobTitle: job.title,
          organizationName: job.organizationName,
          submittedAt,
          appUrl,
        });
        await enqueueMail(tx, { kind: 'application-confirmation', causeId: applicationId, ...mail });
        await deps.notices.enqueue(tx, 'received', applicationId);
      }
      return inserted;
    });
  } catch (error) {
    await removeFile(deps, resumeKey);
    throw error;
  }

  if (!written) {
    await removeFile(deps, resumeKey);
    // Another request got there first: the same submission (replay it) or another one for this job.
    const winner = await findApplicationByKey(db, caller.uid, idempotencyKey);
    if (winner) return replayOf(winner, requestHash);
    if (await hasApplied(db, caller.uid, job.id)) throw new HttpError(409, 'already_applied');
    throw new HttpError(409, 'submission_in_progress');
  }

  log.info({ applicationId, jobId: job.id, channel: channel.kind }, 'application submitted');
  mailSender.nudge();
  return { status: 201, body: receipt, replayed: false };
}

async function removeFile({ storage, log }: ApplyDependencies, key: string): Promise<void> {
  await storage.delete(key).catch((error: unknown) => {
    log.error({ err: error, key }, 'could not remove the resume copy of an application that was not stored');
  });
}
