import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  memberPreferencesRequestSchema,
  memberPreferencesSchema,
  type MemberPreferences,
  type NotificationSettings,
  notificationSettingsRequestSchema,
  notificationSettingsSchema,
  roleDefaultNotifications,
} from '../../../shared/company/application-notifications.ts';
import { isLocale } from '../../../shared/locale.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import {
  type MemberPreferencesRow,
  memberNotificationChoice,
  setMemberNotificationChoice,
  setMemberPreferences,
} from '../company-notifications/index.ts';
import { companyCaller, requireOrganizationMember } from './company-access.ts';
import { parseCompanyRequest } from './company-request.ts';

// A member's own settings (issue 26, item 5): how they hear of the organization's applications, per organization,
// and the language and time zone of those e-mails (PATCH /api/company/me, sent by the portal as it is used). Each
// member changes only their own: the uid comes from the token.

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const organizationParams = z.object({ orgId: z.string().describe('The organization id') });

export const memberSettingsRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  async function settingsOf(organizationId: string, uid: string): Promise<NotificationSettings> {
    const found = await memberNotificationChoice(db, organizationId, uid);
    // Removed between the access check and now.
    if (!found) throw new HttpError(403, 'not_a_member');
    return { applicationNotifications: found.choice, roleDefault: roleDefaultNotifications(found.role) };
  }

  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/notifications',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "How the caller hears of the organization's applications",
        params: organizationParams,
        response: { 200: notificationSettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request): Promise<NotificationSettings> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId);
      return settingsOf(membership.organizationId, caller.uid);
    },
  );

  app.put<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/notifications',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "Choose how the caller hears of the organization's applications: each, daily or none",
        params: organizationParams,
        body: withExample(notificationSettingsRequestSchema, { applicationNotifications: 'each' }),
        response: { 200: notificationSettingsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request): Promise<NotificationSettings> => {
      const caller = companyCaller(request);
      const membership = await requireOrganizationMember(db, caller, request.params.orgId);
      const { applicationNotifications } = parseCompanyRequest(notificationSettingsRequestSchema, request.body);
      if (!(await setMemberNotificationChoice(db, membership.organizationId, caller.uid, applicationNotifications))) {
        throw new HttpError(403, 'not_a_member');
      }
      return settingsOf(membership.organizationId, caller.uid);
    },
  );

  function preferencesOf(stored: MemberPreferencesRow | null): MemberPreferences {
    if (!stored) throw new HttpError(403, 'not_a_member');
    const locale = isLocale(stored.locale) ? stored.locale : null;
    return { locale, timeZone: stored.timeZone, name: stored.name, email: stored.email };
  }

  // Any signed-in caller; someone with no membership gets 403 not_a_member, as from GET /company/organizations.
  app.get(
    '/company/me',
    {
      config: { access: 'signed-in' },
      schema: {
        ...signedIn,
        summary: "The caller's name, language and time zone in the portal",
        response: { 200: memberPreferencesSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request): Promise<MemberPreferences> =>
      preferencesOf(await setMemberPreferences(db, companyCaller(request).uid, {})),
  );

  app.patch(
    '/company/me',
    {
      config: { access: 'signed-in' },
      schema: {
        ...signedIn,
        summary: "Keep the caller's name, and language and time zone for the portal's e-mails (every membership)",
        body: withExample(memberPreferencesRequestSchema, {
          locale: 'fr',
          timeZone: 'America/Toronto',
          name: 'Ada Lovelace',
        }),
        response: { 200: memberPreferencesSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request): Promise<MemberPreferences> => {
      const caller = companyCaller(request);
      const preferences = parseCompanyRequest(memberPreferencesRequestSchema, request.body);
      return preferencesOf(await setMemberPreferences(db, caller.uid, preferences));
    },
  );
};
