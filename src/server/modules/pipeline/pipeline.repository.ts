import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, featuredJobs } from '../../db/schema.ts';

export type PipelineJob = { id: string; type: string; skills: string[] };

const jobColumns = { id: featuredJobs.id, type: featuredJobs.type, skills: featuredJobs.skills };

export async function findJobForPipeline(db: Database, jobId: string): Promise<PipelineJob | null> {
  const [row] = await db.select(jobColumns).from(featuredJobs).where(eq(featuredJobs.id, jobId)).limit(1);
  return row ?? null;
}

export async function jobOfApplication(db: Database, applicationId: string): Promise<PipelineJob | null> {
  const [row] = await db
    .select(jobColumns)
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row ?? null;
}
