import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ensurePlatformAdmin } from './bootstrap/admin.ts';
import { seedDemoData } from './bootstrap/demo.ts';
import { resealSecrets, secretsUnderUnknownKeys } from './bootstrap/reseal-secrets.ts';
import { loadJwtSecret } from './bootstrap/secrets.ts';
import { openSecretsKey } from './bootstrap/secrets-key.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loggerOptions } from './log-options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

async function main() {
  const base = loadConfig();
  // Before the database: a bad or missing key stops the start before anything is written under it.
  const secretsKey = await openSecretsKey(base);
  const secrets = secretsKey.box;
  if (secretsKey.warning) console.warn(`\n  WARNING: ${secretsKey.warning}\n`);
  const database = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
  // Several processes may start at once on one PostgreSQL: they migrate and seed one at a time.
  const { jwtSecret, admin, demoInfo, sealed, unknown } = await database.exclusive(async () => {
    await database.migrate();
    // A wrong key stops here, before anything is sealed under it beside secrets it cannot open.
    const jwtSecret = await loadJwtSecret(database.db, secrets);
    const admin = await ensurePlatformAdmin(database.db, base.adminEmail, base.adminPassword);
    // Demo data: on by default only for a brand-new embedded database.
    const demo = base.demoData ?? (admin.created && database.kind === 'embedded');
    const demoInfo = admin.created && demo ? await seedDemoData(database.db, secrets) : null;
    // Secrets stored in the clear before decision 038 (an upgraded installation) are sealed now.
    const { sealed } = await resealSecrets(database.db, secrets, { rotate: false });
    const unknown = await secretsUnderUnknownKeys(database.db, secrets);
    return { jwtSecret, admin, demoInfo, sealed, unknown };
  });
  if (sealed > 0) console.log(`  Sealed ${sealed} stored secret(s) that were kept unencrypted`);
  if (unknown > 0) {
    console.warn(
      `\n  WARNING: ${unknown} stored secret(s) were sealed under a key this process does not have; ` +
        'their integrations fail until it is given in SECRETS_KEY_PREVIOUS\n',
    );
  }
  const config = { ...base, jwtSecret, secrets };
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
    `  Secrets key: ${secretsKey.source}, key id ${secrets.keyId}${secretsKey.created ? ' (generated now, mode 0600: back it up with the database)' : ''}`,
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
