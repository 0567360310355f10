import { defineConfig } from 'drizzle-kit';

// One migration folder for both engines: PGlite (embedded) and PostgreSQL >= 15.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/features/*/*.tables.ts', './apps/server/src/platform/*.tables.ts', './apps/server/src/platform/*/*.tables.ts'],
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
