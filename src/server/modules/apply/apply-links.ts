/** The apply page of a job for a private invitation (the token is the invitation's secret). */
export function invitationUrl(publicUrl: string, jobId: string, token: string): string {
  return `${publicUrl}/jobs/${encodeURIComponent(jobId)}/apply?token=${encodeURIComponent(token)}`;
}

/** The apply page of a job reached through a shared link. */
export function sharedLinkUrl(publicUrl: string, jobId: string, sharedId: string): string {
  return `${publicUrl}/jobs/${encodeURIComponent(jobId)}/apply?sharedId=${encodeURIComponent(sharedId)}`;
}
