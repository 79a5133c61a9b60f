import { defineConfig } from 'drizzle-kit';

// Generation only (`npx drizzle-kit generate`). Migrations are applied by the server at start
// (src/server/db/migrate.ts), never by `drizzle-kit migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './migrations',
});
