import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrors, profileNameSchema, profileUpdateSchema } from '../../../shared/profile/profile-schema.ts';
import { profileMessages } from '../../../shared/profile/profile-messages.ts';
import { profileToJsonResume } from '../../../shared/profile/json-resume.ts';
import { maxResumeBytes, resumeMessages } from '../../../shared/profile/resume-file.ts';
import type { Database } from '../../db/client.ts';
import { sendError } from '../../http/error-handler.ts';
import { HttpError } from '../../http/http-error.ts';
import {
  bodyByContentType,
  contentAnswer,
  errorAnswers,
  objectAnswer,
  validatedInHandler,
  withExample,
} from '../../http/route-schemas.ts';
import { multipartBoundary } from '../../http/multipart.ts';
import { readMultipartRequest, UploadTooLargeError } from '../../http/multipart-request.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { setName, updateProfile } from './profile.repository.ts';
import { loadAccount, loadStudentProfile } from './profile.service.ts';
import { inlineContentDisposition } from '../../http/content-disposition.ts';
import { storeResume } from './resume.service.ts';

// Room for the multipart framing around the file (boundaries, part headers).
const multipartOverheadBytes = 16 * 1024;

function sendFieldErrors(reply: FastifyReply, fields: Record<string, string>) {
  const messages = [...new Set(Object.values(fields))];
  return sendError(reply, 400, 'invalid_request', messages.join('; '), { fields });
}

/** The upload is refused and the connection closed, so the rest of the body is never read. */
function refuseTooLarge(reply: FastifyReply) {
  reply.header('connection', 'close');
  return sendError(reply, 413, 'resume_too_large', resumeMessages.tooLarge);
}

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage; clock?: () => number }> = async (
  app,
  { db, storage, clock = Date.now },
) => {
  // The resume upload reads the request stream itself, with its own limits: hand the stream over unread.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  app.addHook('onSend', async (_request, reply) => {
    // Personal data: never cached by a browser or a proxy.
    reply.header('cache-control', 'no-store');
  });

  const signedIn = { tags: ['profile'], security: [{ firebaseIdToken: [] }] };
  const profileAnswer = objectAnswer('StudentProfile (src/shared/profile/student-profile.ts)');
  // Bad input answers 400 with the message per field (`fields`), after the account check: checked in the handler.
  const formRoute = { preHandler: requireIdentifiedUser, ...validatedInHandler };

  app.get(
    '/profile',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The caller's student profile",
        response: { 200: profileAnswer, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      return loadStudentProfile(db, callerOf(request.user));
    },
  );

  app.patch(
    '/profile/update',
    {
      config: { access: 'account' },
      ...formRoute,
      schema: {
        ...signedIn,
        summary: "Change fields of the caller's profile",
        body: withExample(profileUpdateSchema, {
          school: 'McGill University',
          graduationYear: 2027,
          interests: ['software', 'ai-ml-data'],
          targetTerms: ['summer-2027'],
          workAuthorization: { authorizedIn: ['CA'], needsSponsorship: 'no' },
        }),
        response: { 200: profileAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const parsed = profileUpdateSchema.safeParse(request.body);
      if (!parsed.success) return sendFieldErrors(reply, fieldErrors(parsed.error));
      const caller = callerOf(request.user);
      await loadAccount(db, caller);
      const outcome = await updateProfile(db, caller.uid, parsed.data, profileMessages.devpostNotVerified);
      if (!outcome.ok) return sendFieldErrors(reply, outcome.fields);
      return loadStudentProfile(db, caller);
    },
  );

  app.patch(
    '/profile/name',
    {
      config: { access: 'account' },
      ...formRoute,
      schema: {
        ...signedIn,
        summary: "Set the caller's first and last name",
        body: withExample(profileNameSchema, { firstName: 'Ada', lastName: 'Lovelace' }),
        response: { 200: profileAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const parsed = profileNameSchema.safeParse(request.body);
      if (!parsed.success) return sendFieldErrors(reply, fieldErrors(parsed.error));
      const caller = callerOf(request.user);
      await loadAccount(db, caller);
      // Only the caller's own name: the uid comes from the verified token, never from the body.
      if (!(await setName(db, caller.uid, parsed.data))) throw new HttpError(404, 'profile_not_found');
      return loadStudentProfile(db, caller);
    },
  );

  // The upload is read from the stream with its own limits (never parsed by Fastify).
  app.patch(
    '/profile/main-resume',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      ...validatedInHandler,
      schema: {
        ...signedIn,
        summary: "Upload the caller's main resume (PDF)",
        body: bodyByContentType({
          'multipart/form-data': z.object({
            resume: z.string().meta({ format: 'binary' }).describe('The PDF, under the size limit'),
          }),
        }),
        response: { 200: profileAnswer, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const boundary = multipartBoundary(request.headers['content-type']);
      if (!boundary)
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the resume as multipart/form-data with one file field "resume"',
        );
      let upload;
      try {
        upload = await readMultipartRequest(request, boundary, {
          maxRequestBytes: maxResumeBytes + multipartOverheadBytes,
          maxFileBytes: maxResumeBytes,
          maxFiles: 1,
          maxParts: 5,
        });
      } catch (error) {
        if (error instanceof UploadTooLargeError) return refuseTooLarge(reply);
        // A body refused half-read is never read to its end: close the connection rather than leave it stalled.
        reply.header('connection', 'close');
        throw error;
      }
      const caller = callerOf(request.user);
      await loadAccount(db, caller);

      const file = upload.files.find((candidate) => candidate.fieldName === 'resume');
      if (!file) throw new HttpError(400, 'resume_field_missing');
      await storeResume({
        db,
        storage,
        log: request.log,
        uid: caller.uid,
        originalName: file.fileName,
        data: file.data,
        uploadedAt: new Date(clock()),
      });
      return loadStudentProfile(db, caller);
    },
  );

  // The profile as a JSON Resume 1.0 document, for another tool or the student's own records (decision 030).
  app.get(
    '/profile/resume.json',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The caller's profile as a JSON Resume (schema 1.0)",
        response: {
          200: objectAnswer('JSON Resume 1.0 (src/shared/profile/json-resume.ts)'),
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const profile = await loadStudentProfile(db, callerOf(request.user));
      reply.header('content-disposition', 'attachment; filename="resume.json"');
      return profileToJsonResume(profile);
    },
  );

  // Only the owner, with the bearer token (the client fetches it as a blob); later also employers of jobs the
  // student applied to.
  app.get(
    '/profile/resume',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The caller's main resume",
        response: { 200: contentAnswer('The PDF', 'application/pdf'), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { profile } = await loadAccount(db, callerOf(request.user));
      if (!profile?.resumeKey || !profile.resumeName) throw new HttpError(404, 'resume_not_uploaded');
      const stored = await storage.get(profile.resumeKey);
      if (!stored) {
        request.log.error({ key: profile.resumeKey }, 'resume file missing from the storage');
        throw new HttpError(404, 'resume_not_uploaded');
      }
      reply
        .type('application/pdf')
        .header('content-disposition', inlineContentDisposition(profile.resumeName))
        // Opened on its own, whatever is inside may not run script, load anything or reach this origin.
        .header('content-security-policy', "default-src 'none'; sandbox");
      return reply.send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength));
    },
  );
};
