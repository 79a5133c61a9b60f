import type { StudentProfile } from './student-profile.ts';

/** Test support: Ada's profile as GET /api/profile answers it, nothing connected; `overrides` set what a test is about. */
export function buildStudentProfile(overrides: Partial<StudentProfile> = {}): StudentProfile {
  return {
    id: 'uid-ada',
    email: 'ada@students.example.edu',
    studentId: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: null,
    school: 'McGill',
    program: null,
    graduationYear: '2027',
    linkedinUrl: null,
    portfolioUrl: null,
    devpostUsername: null,
    githubUsername: null,
    skills: 'TypeScript, React',
    degreeLevel: null,
    targetTerms: [],
    interests: [],
    workAuthorization: null,
    resume: null,
    appliedJobs: [],
    organizations: [],
    github: null,
    devpost: null,
    onboardingRequired: false,
    ...overrides,
  };
}
