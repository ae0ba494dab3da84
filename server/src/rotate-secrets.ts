import { resealSecrets, secretsNotUnderCurrentKey } from './bootstrap/reseal-secrets.ts';
import { openSecretsKey } from './bootstrap/secrets-key.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run secrets:rotate` (decision 038): seals every stored secret again under SECRETS_KEY, opening the old
 * ones with SECRETS_KEY_PREVIOUS, with the same settings as the server. On PostgreSQL the servers may keep
 * running (each record is rewritten under its row lock); the embedded database belongs to one process, so
 * stop the server first. Exits 1 when some secret no given key opens, and says which.
 */
async function main() {
  const base = loadConfig();
  const { box, source } = await openSecretsKey(base);
  const database = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
  try {
    const report = await database.exclusive(() => resealSecrets(database.db, box, { rotate: true }));
    const left = await secretsNotUnderCurrentKey(database.db, box);
    console.log(
      `Secrets key ${box.keyId} (${source}): ${report.resealed} secret(s) sealed again under it, ` +
        `${report.sealed} that were unencrypted sealed.`,
    );
    if (report.unreadable.length > 0) {
      console.error(`${report.unreadable.length} secret(s) no given key opens, left as they were:`);
      for (const line of report.unreadable) console.error(`  ${line}`);
      process.exitCode = 1;
    } else if (left === 0) {
      console.log('Every stored secret is under the current key: SECRETS_KEY_PREVIOUS can be removed.');
    } else {
      // Written by a process still on an earlier key while this ran: run again once all have the new key.
      console.error(
        `${left} secret(s) are still under another key: restart every server on the new key, then run this again.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
