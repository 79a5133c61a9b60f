import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type ActivityPage,
  activityPageSchema,
  activityQuerySchema,
} from '../../../shared/organization-activity/organization-activity-api.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { Database } from '../../db/client.ts';
import { contentAnswer, errorAnswers } from '../../http/route-schemas.ts';
import { asCompanyScope, companyCaller, parseCompanyRequest, requireOrganizationMember } from '../company/index.ts';
import { activityCsv, activityPage, allActivity } from './organization-activity.service.ts';

// The organization's activity log (docs/decisions/028-privacy-and-trust.md): owners only. Members who are not owners
// get 403 owner_only, anyone else 403 not_a_member, no token 401.

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const errors = errorAnswers(400, 401, 403);
const params = z.object({ orgId: z.string().describe('The organization id') });

export const organizationActivityRoutes: FastifyPluginAsync<{ db: Database; now: () => number }> = async (
  app,
  { db, now },
) => {
  asCompanyScope(app);

  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/activity',
    {
      config: { access: 'organization-owner' },
      schema: {
        ...signedIn,
        summary: "The organization's activity log, newest first, 50 a page (owners)",
        params,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request): Promise<ActivityPage> => {
      const owner = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const { before } = parseCompanyRequest(activityQuerySchema, request.query);
      return activityPage(db, owner.organizationId, before === undefined ? undefined : Number(before));
    },
  );

  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/activity.csv',
    {
      config: { access: 'organization-owner' },
      schema: {
        ...signedIn,
        summary: "The organization's whole activity log as CSV (owners)",
        params,
        response: { 200: contentAnswer('RFC 4180 CSV, UTF-8 with a BOM', 'text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = companyCaller(request);
      const owner = await requireOrganizationMember(db, caller, request.params.orgId, { ownerOnly: true });
      const csv = activityCsv(await allActivity(db, owner.organizationId));
      // The export is itself in the log, after what it lists.
      await recordActivity(db, {
        organizationId: owner.organizationId,
        actorUid: caller.uid,
        kind: 'export',
        detail: { file: 'activity' },
        at: new Date(now()),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="organization-activity.csv"')
        .send(csv);
    },
  );
};
