import { defineConfig } from 'vitest/config';

// The same suite runs on the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL too.
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
