// Every error of the company portal and the student's applications crosses the wire as `{error, code}`: `code` is
// one of these, `error` the English sentence below. The client translates by code (en + fr), never by the sentence.

export const companyErrorMessages = {
  unauthenticated: 'Authentication required',
  not_a_member: 'You are not a member of this organization.',
  owner_only: 'Only an owner of the organization can do this.',
  not_found: 'Not found.',
  invalid_request: 'The request is not valid.',
  identified_account_required: 'Sign in with an e-mail address or Google account to continue.',
  stale_status: 'Someone else changed this application’s status in the meantime. Reload it and try again.',
  application_withdrawn: 'The student withdrew this application; its status can no longer be changed.',
  invalid_status: 'This status cannot be set here.',
  job_not_published: 'Publish the job before inviting people to apply: the link in the e-mail would not work yet.',
  invalid_job_status_change: 'A job can be published from a draft, closed when published, and reopened when closed.',
  not_withdrawable: 'Only an application that is not yet hired or rejected can be withdrawn.',
  last_owner: 'An organization must keep at least one owner.',
  already_member: 'This person is already a member of the organization.',
  invitation_email_mismatch: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
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
  rate_limited: 'Too many requests. Please wait a moment and try again.',
} as const

export type CompanyErrorCode = keyof typeof companyErrorMessages

export const companyErrorCodes = Object.keys(companyErrorMessages) as CompanyErrorCode[]

/** The wire shape of every error. */
export type CompanyErrorBody = { error: string; code: CompanyErrorCode }

export function companyError(code: CompanyErrorCode, error: string = companyErrorMessages[code]): CompanyErrorBody {
  return { error, code }
}
