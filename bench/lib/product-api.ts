/**
 * The product as `server/src/main.ts` starts it (same config, database, migrations, secret, platform admin,
 * `buildApp`, graceful close) but without serving the built web app: the API routes, hooks and plugins
 * are the same. `bench/inbox.ts` starts the product this way.
 */
import { buildApp } from '../../server/src/app.ts';
import { ensurePlatformAdmin } from '../../server/src/bootstrap/admin.ts';
import { loadJwtSecret } from '../../server/src/bootstrap/secrets.ts';
import { openSecretsKey } from '../../server/src/bootstrap/secrets-key.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { serve } from './serve.ts';

const base = loadConfig();
const database = await openDatabase({ databaseUrl: base.databaseUrl, dataDir: base.dataDir });
await database.migrate();
const { box: secrets } = await openSecretsKey(base);
const config = { ...base, secrets, jwtSecret: await loadJwtSecret(database.db, secrets) };
const app = await buildApp({ config, db: database, logger: { level: config.logLevel } });
await ensurePlatformAdmin(database.db, config.adminEmail, config.adminPassword);

await serve(app, config.port, config.host, () => database.close());
