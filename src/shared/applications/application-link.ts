import { clientPaths } from '../client-routes.ts';

// The address of one application in My Applications (its card carries this anchor), for notifications and e-mails.

export function applicationAnchorId(applicationId: string): string {
  return `application-${applicationId}`;
}

export function myApplicationPath(applicationId: string): string {
  return `${clientPaths.appliedJobs}#${applicationAnchorId(applicationId)}`;
}
