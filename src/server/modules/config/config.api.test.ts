import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicConfigSchema } from '../../../shared/schemas/public-config.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

let testDatabase: TestDatabase;
const apps: FastifyInstance[] = [];

async function appWith(overrides: Record<string, string | undefined> = {}): Promise<FastifyInstance> {
  const app = await buildTestApp({ database: testDatabase.database, env: buildEnv(overrides) });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await testDatabase.dispose();
});

describe('GET /api/public/config', () => {
  it('gives anyone the Firebase web settings, the emulator URL and the public links', async () => {
    const app = await appWith({ SUPPORT_EMAIL: 'help@uni.example', ROADMAP_URL: 'https://example.org/roadmap' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(200);
    const config = publicConfigSchema.parse(response.json());
    expect(config).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: `${inject('authEmulatorProjectId')}.firebaseapp.com`,
        projectId: inject('authEmulatorProjectId'),
      },
      authEmulatorUrl: `http://${inject('authEmulatorHost')}`,
      companyPortalUrl: '/company/sign-in',
      supportEmail: 'help@uni.example',
      feedbackEmail: 'feedback@campusjobs.dev',
      repositoryUrl: 'https://github.com/campusjobs/campus-jobs',
      roadmapUrl: 'https://example.org/roadmap',
      communityUrl: 'https://github.com/campusjobs/campus-jobs/discussions',
    });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('announces a loopback emulator under the host name the page was loaded from (localhost vs 127.0.0.1)', async () => {
    const app = await appWith();
    const port = String(inject('authEmulatorHost')).split(':')[1];
    const viaLocalhost = (
      await app.inject({ method: 'GET', url: '/api/public/config', headers: { host: 'localhost:3000' } })
    ).json();
    expect(viaLocalhost.authEmulatorUrl).toBe(`http://localhost:${port}`);
    const viaIp = (
      await app.inject({ method: 'GET', url: '/api/public/config', headers: { host: '127.0.0.1:3000' } })
    ).json();
    expect(viaIp.authEmulatorUrl).toBe(`http://127.0.0.1:${port}`);
    const viaLanName = (
      await app.inject({ method: 'GET', url: '/api/public/config', headers: { host: 'campus.local:3000' } })
    ).json();
    expect(viaLanName.authEmulatorUrl).toBe(`http://${inject('authEmulatorHost')}`);
  });

  it('reports no emulator URL when real Firebase is configured', async () => {
    const app = await appWith({
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      FIREBASE_API_KEY: 'AIza-web-key',
      FIREBASE_PROJECT_ID: 'campus-jobs-prod',
      FIREBASE_AUTH_DOMAIN: 'login.campusjobs.dev',
    });
    const config = (await app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(config.authEmulatorUrl).toBeNull();
    expect(config.firebase).toEqual({
      apiKey: 'AIza-web-key',
      authDomain: 'login.campusjobs.dev',
      projectId: 'campus-jobs-prod',
    });
  });
});
