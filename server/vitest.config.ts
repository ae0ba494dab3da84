import { defineConfig } from 'vitest/config';

// The same suite runs on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL too.
// One id per run names its databases and template dump, so two runs on one machine never collide
// (decision 004); set here, in the main process, so the global setup and every worker see the same one.
process.env.INBOX_TEST_RUN ??= `${Date.now().toString(36)}_${process.pid}`;
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        // *.pg.test.ts exercise the PostgreSQL server itself (connections, failover): that engine only.
        exclude: engine === 'postgres' ? [] : ['**/*.pg.test.ts', '**/node_modules/**'],
        env: { TEST_DB_ENGINE: engine },
        globalSetup: ['./test/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: 'forks',
      },
    })),
  },
});
