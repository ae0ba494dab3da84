import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensurePlatformAdmin } from './bootstrap/admin.ts';
import { seedDemoData } from './bootstrap/demo.ts';
import { loadJwtSecret } from './bootstrap/secrets.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loggerOptions } from './log-options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

async function main() {
  const base = loadConfig();
  const database = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
  // Several processes may start at once on one PostgreSQL: they migrate and seed one at a time.
  const { jwtSecret, admin, demoInfo } = await database.exclusive(async () => {
    await database.migrate();
    const admin = await ensurePlatformAdmin(database.db, base.adminEmail, base.adminPassword);
    // Demo data: on by default only for a brand-new embedded database.
    const demo = base.demoData ?? (admin.created && database.kind === 'embedded');
    const demoInfo = admin.created && demo ? await seedDemoData(database.db) : null;
    return { jwtSecret: await loadJwtSecret(database.db), admin, demoInfo };
  });
  const config = { ...base, jwtSecret };
  const app = await buildApp({
    config,
    db: database,
    logger: loggerOptions(config),
    webDist,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Support Inbox is running (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    `  Console:     ${config.publicUrl}/login`,
    `  API docs:    ${config.publicUrl}/api/docs`,
    `  Admin login: ${admin.email}${admin.generatedPassword ? ` / ${admin.generatedPassword}  (generated; shown only this once)` : ''}`,
  ];
  if (demoInfo) {
    lines.push(
      `  Demo logins: ${demoInfo.logins.map((l) => `${l.email} / ${l.password} (${l.role})`).join(', ')}`,
    );
    lines.push(`  Portal:      ${config.publicUrl}/portal?app_id=${demoInfo.appId}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
