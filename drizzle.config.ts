/**
 * drizzle-kit: `npm run db:generate` writes a new SQL migration for changes to server/db/schema.ts.
 * The same migrations run on the embedded database (PGlite) and on a PostgreSQL server.
 */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
