import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes.ts';
import { devpostUsernameSchema } from '../profile/profile-schema.ts';

// Spec section 3, "Devpost profile": what POST /api/devpost/profile answers in `data`, and GET /api/profile carries
// as `devpost` once saved. Field names follow the spec (snake_case inside projectsAndHackathons).

export type DevpostPrize = { prize_text: string };

export type DevpostProjectEntry = {
  hackathon: string | null;
  hackathon_link: string | null;
  project: string;
  project_link: string;
  /** The hackathon's year (deadline, else its name), else the project's; null when nothing says. */
  year: number | null;
  description: string | null;
  /** Team members' names as Devpost shows them. */
  members: string[];
  /** 'Built With' tags. */
  technologies: string[];
  /** 'no', 'yes' (a winner badge without a prize name) or the first prize's text. */
  win: string;
  prizes: DevpostPrize[];
  github_link: string | null;
  hackathon_details: { description: string | null; deadline: string | null };
};

export type DevpostProfile = {
  username: string;
  name: string | null;
  bio: string | null;
  links: { github: string | null; linkedin: string | null; website: string | null; twitter: string | null };
  stats: { projectCount: number; hackathonCount: number; winCount: number };
  achievements: { totalWins: number; firstPlaceWins: number };
  skills: string[];
  interests: string[];
  projectsAndHackathons: DevpostProjectEntry[];
  hackathons: { participationByYear: Record<string, number> };
  /** ISO 8601, when Devpost was read. */
  fetchedAt: string;
};

export type DevpostProfileResponse =
  { success: true; data: DevpostProfile; error: null } | { success: false; data: null; error: string; code: ErrorCode };

export const devpostMessages = {
  notFound: 'Could not load Devpost profile. Please check the username and try again.',
  layoutChanged: 'Devpost’s page layout has changed, so the profile could not be read. Please try again later.',
  unavailable: 'Devpost could not be reached. Please try again later.',
  usernameRequired: 'Please enter a Devpost username first',
  saveFailed: 'Profile updated but Devpost could not be saved. Please try again.',
} as const;

/** POST /api/devpost/profile: the username to verify. */
export const devpostProfileRequestSchema = z.object(
  {
    username: z
      .string({ error: devpostMessages.usernameRequired })
      .trim()
      .min(1, { error: devpostMessages.usernameRequired })
      .pipe(devpostUsernameSchema),
  },
  { error: 'The request body must be a JSON object like {"username": "..."}' },
);

/** POST /api/devpost/save: only the username is read; the server re-reads Devpost rather than trust the rest. */
export const devpostSaveRequestSchema = z.object(
  {
    devpostProfile: z.looseObject(
      { username: z.string({ error: 'devpostProfile.username is required' }).trim().min(1) },
      { error: 'devpostProfile must be the verified Devpost profile object' },
    ),
  },
  { error: 'The request body must be a JSON object like {"devpostProfile": {...}}' },
);
