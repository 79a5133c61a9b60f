import { isOnboardingRequired } from '../../../shared/profile/profile-schema.ts';
import { skillsToText } from '../../../shared/profile/skills.ts';
import { type StudentProfile, toSecondsTimestamp } from '../../../shared/profile/student-profile.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { listAppliedJobIds } from '../applications/index.ts';
import { upsertAccount } from '../auth/index.ts';
import {
  type AccountWithProfile,
  findAccountWithProfile,
  findAccountWithProfileAndApplications,
} from './profile.repository.ts';

/** Where the owner reads the resume back, relative to the API base (the client's apiFetch adds the host). */
export const resumePath = '/profile/resume';

export function toStudentProfile({ user, profile }: AccountWithProfile, appliedJobs: string[] = []): StudentProfile {
  const resume =
    profile?.resumeId && profile.resumeName && profile.resumeUploadedAt && profile.resumeSize !== null
      ? {
          id: profile.resumeId,
          name: profile.resumeName,
          url: resumePath,
          size: profile.resumeSize,
          uploadedAt: toSecondsTimestamp(profile.resumeUploadedAt),
        }
      : null;
  return {
    id: user.uid,
    email: user.email,
    studentId: user.studentId,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: profile?.phone ?? null,
    school: profile?.school ?? null,
    program: profile?.program ?? null,
    graduationYear: profile?.graduationYear ?? null,
    linkedinUrl: profile?.linkedinUrl ?? null,
    portfolioUrl: profile?.portfolioUrl ?? null,
    devpostUsername: profile?.devpostUsername ?? null,
    githubUsername: profile?.githubUsername ?? null,
    skills: skillsToText(profile?.skills ?? []),
    // Written only through the update schema, which keeps to the vocabulary.
    degreeLevel: (profile?.degreeLevel ?? null) as StudentProfile['degreeLevel'],
    targetTerms: (profile?.targetTerms ?? []) as StudentProfile['targetTerms'],
    interests: (profile?.interests ?? []) as StudentProfile['interests'],
    workAuthorization: profile?.workAuthorization ?? null,
    resume,
    appliedJobs,
    // Filled by the employer feature.
    organizations: [],
    github: profile?.githubProfile ?? null,
    devpost: profile?.devpostProfile ?? null,
    onboardingRequired: isOnboardingRequired(user),
  };
}

/**
 * The caller's account and profile. The client creates the account right after sign-in, but that call may have
 * failed (it is only logged): the account is created here from the verified token in that case.
 */
export async function loadAccount(db: Database, caller: AuthUser): Promise<AccountWithProfile> {
  const found = await findAccountWithProfile(db, caller.uid);
  if (found) return found;
  if (!caller.email) {
    throw new HttpError(400, 'account_email_missing');
  }
  await upsertAccount(db, { ...caller, email: caller.email });
  const created = await findAccountWithProfile(db, caller.uid);
  if (!created) throw new Error(`Account ${caller.uid} missing right after it was created`);
  return created;
}

export async function loadStudentProfile(db: Database, caller: AuthUser): Promise<StudentProfile> {
  // One query in the usual case (the account exists).
  const found = await findAccountWithProfileAndApplications(db, caller.uid);
  if (found) return toStudentProfile(found, found.appliedJobIds);
  const account = await loadAccount(db, caller);
  return toStudentProfile(account, await listAppliedJobIds(db, caller.uid));
}
