// Every error of the API crosses the wire as `{error, code}`: `code` is one of these (stable, for programs), `error`
// a sentence for people, in English. The sentence below is the default; a route may send a more precise one (a
// validation message, the name of a missing route). The client translates by code (en + fr), never by the sentence.

export const errorMessages = {
  // Any route: the request itself
  invalid_request: 'The request is not valid.',
  invalid_json: 'The request body is not valid JSON',
  body_too_deep: 'The JSON body is nested too deeply (at most 32 levels)',
  body_too_large: 'Request body is too large',
  unsupported_media_type: 'This content type is not supported.',
  route_not_found: 'There is no such API route.',
  method_not_allowed: 'This method is not allowed here.',
  not_found: 'Not found.',
  request_timeout: 'The request took too long.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal_error: 'Internal server error',
  upstream_unavailable: 'A service this request depends on did not answer.',

  // Sign-in and accounts
  unauthenticated: 'Authentication required',
  token_invalid: 'Invalid or expired token',
  auth_unavailable: 'Sign-in could not be checked right now, please try again',
  identified_account_required: 'Sign in with an e-mail address or Google account to continue.',
  forbidden: 'You are not allowed to do this.',
  account_email_missing: 'Your sign-in account has no e-mail address; sign in with Google or an e-mail link',
  email_mismatch: 'The e-mail address does not match the signed-in account',
  account_required: 'Create your account before saving jobs',
  profile_not_found: 'No profile for this account',
  admin_token_required: 'Admin token required (see DATA_DIR/admin-token)',
  feed_invalid: 'The feed could not be read.',
  ingest_busy: 'A feed ingestion is already running.',

  // Jobs
  job_not_available: 'This job posting is not available or has expired.',
  job_not_found: 'There is no job with this id',
  job_removed: 'This job was removed by the Campus Jobs team after a review.',
  already_reported: 'You have already reported this job.',
  operator_only: 'Only the Campus Jobs operators can do this.',
  job_not_hidden: 'This job is not hidden.',
  job_already_hidden: 'This job is already hidden.',
  no_open_reports: 'This job has no open reports to dismiss.',

  // Alerts (saved searches)
  alert_not_found: 'You have no alert with this id.',
  alert_limit_reached: 'You have the most alerts allowed (10). Delete one to add another.',
  instant_alert_limit_reached: 'At most 3 alerts can be sent as the jobs appear. Turn this off on another alert first.',

  // Application tracker (applications sent on employers' sites)
  tracked_application_not_found: 'You have no tracked application with this id.',
  tracked_application_limit_reached: 'You track the most applications allowed (1000). Delete one to add another.',
  tracked_application_id_taken: 'This application id is already used: add the application again.',

  // Links in e-mails (unsubscribe)
  unsubscribe_link_invalid: 'This unsubscribe link is not valid: it may have been cut or changed.',
  unsubscribe_target_gone: 'What this link unsubscribes from no longer exists (it was deleted).',

  // Profile: resume, uploads, GitHub, Devpost
  resume_too_large: 'File size must be less than 5MB',
  resume_not_pdf: 'Please upload a PDF document.',
  resume_name_invalid: 'Name must only contain letters or spaces.',
  resume_field_missing: 'Send the PDF in the form field "resume"',
  resume_not_uploaded: 'No resume uploaded yet',
  upload_in_progress: 'Another upload from your account is still in progress. Please wait for it to finish.',
  upload_interrupted: 'The upload was interrupted. Please try again.',
  upload_invalid: 'The upload could not be read.',
  github_token_refused: 'GitHub did not accept the sign-in. Please connect GitHub again.',
  github_unavailable: 'Could not connect GitHub profile. Please try again.',
  devpost_not_found: 'Could not load Devpost profile. Please check the username and try again.',
  devpost_layout_changed:
    'Devpost’s page layout has changed, so the profile could not be read. Please try again later.',
  devpost_unavailable: 'Devpost could not be reached. Please try again later.',
  devpost_not_verified: 'Please verify your Devpost username before saving',

  // Applying to a job
  already_applied: 'You have already applied to this job.',
  submission_in_progress: 'This application is already being submitted.',
  idempotency_key_reused: 'This Idempotency-Key was already used with a different application.',
  idempotency_key_missing: 'Idempotency-Key header is required',
  application_resume_missing: 'Please upload a resume or select your profile resume before submitting.',
  email_not_verified: 'Please verify your email address before applying.',
  job_invitation_invalid: 'Invalid token',
  job_invitation_expired: 'This invitation has expired.',
  job_invitation_revoked: 'This invitation was revoked.',
  job_invitation_other_email: 'This invitation was sent to another email address.',
  shared_link_invalid: 'This link is not valid.',
  shared_link_revoked: 'This link has been revoked.',
  shared_link_expired: 'This link has expired. Ask the company for a new one.',
  screening_answers_invalid: 'Answer the screening questions of this job as they ask.',

  // Company portal and the student's applications
  not_a_member: 'You are not a member of this organization.',
  owner_only: 'Only an owner of the organization can do this.',
  stale_status: 'Someone else changed this application’s status in the meantime. Reload it and try again.',
  application_withdrawn: 'The student withdrew this application; its status can no longer be changed.',
  invalid_status: 'This status cannot be set here.',
  job_not_published: 'Publish the job before inviting people to apply: the link in the e-mail would not work yet.',
  invalid_job_status_change: 'A job can be published from a draft, closed when published, and reopened when closed.',
  not_withdrawable: 'Only an application that is not yet hired or rejected can be withdrawn.',
  last_owner: 'An organization must keep at least one owner.',
  new_owner_not_member: 'The new owner must be another current member of the organization.',
  organization_deletion_scheduled:
    'This organization is scheduled for deletion. An owner can cancel the deletion to post or invite again.',
  deletion_not_scheduled: 'This organization is not scheduled for deletion.',
  deletion_grace_over: 'The grace period has ended: this organization is being deleted and can no longer be restored.',
  already_member: 'This person is already a member of the organization.',
  invitation_email_mismatch:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  invitation_expired: 'This invitation has expired. Ask an owner of the organization for a new one.',
  invitation_used: 'This invitation has already been used.',
  invitation_revoked: 'This invitation was revoked.',
  logo_invalid: 'The logo must be a PNG, JPEG or WebP image.',
  logo_too_large: 'The logo must be at most 1 MB.',
  logo_missing: 'Choose an image file to upload as the logo.',
  csv_invalid: 'The CSV could not be read. Check that it has one e-mail address per line.',
  too_many_invitations: 'At most 500 invitations can be sent at once.',
  email_invalid: 'This is not a valid e-mail address.',
  resume_missing: 'The resume of this application could not be found.',
  resume_removed: 'This resume was removed: the applicant deleted their account.',
  unknown_template_variable:
    'The text uses a variable that does not exist. Use only {{firstName}}, {{jobTitle}}, {{organization}} and {{recruiterName}}.',
  rejection_emails_off:
    'This organization does not e-mail rejections (see its settings): move the application without a message.',
  too_many_templates: 'An organization can keep at most 50 e-mail templates.',
  message_recipient_gone:
    'The student deleted their account or their details were removed: there is nobody to write to.',
  // Interviews
  interview_slot_taken: 'This time was just taken by another candidate. Pick another one.',
  interview_slot_not_found: 'This time is no longer proposed for this interview.',
  interview_slot_past: 'This time has already passed.',
  interview_not_open: 'This interview is cancelled or already booked.',
  interview_not_booked: 'This interview has no booked time to move.',
  interviewer_not_member: 'Every interviewer must be a member of the organization.',
  interview_recipient_gone: "The applicant's details were removed: there is nobody to invite.",
  resume_expired: 'This resume was removed: applications keep their details for a limited time after the job closes.',

  // Push notifications
  push_endpoint_not_allowed:
    'Push notifications are sent only through the browsers’ push services (https); this subscription names another address.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

/** The wire shape of every error answer (a 400 of a form may add `fields: {field: message}`). */
export type ErrorBody = { error: string; code: ErrorCode };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

/** The code of an error answer's parsed body, when it carries one this list knows. */
export function errorCodeInBody(body: unknown): ErrorCode | null {
  return body && typeof body === 'object' && 'code' in body && isErrorCode(body.code) ? body.code : null;
}

/** The sentence of an error answer (`{ error }`), or a plain one naming the status when the body has none. */
export function errorMessageInBody(status: number, body: unknown): string {
  return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error
    ? body.error
    : `Request failed with status ${status}`;
}

/** The code of an error that came without one (a framework's own 4xx, a proxy), by HTTP status. */
export function errorCodeForStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 413:
      return 'body_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return statusCode >= 500 ? 'internal_error' : 'invalid_request';
  }
}
