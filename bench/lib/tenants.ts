import type { DbOrTx } from '../../server/src/db/client.ts';
import {
  appMembers,
  apps,
  companies,
  companyMembers,
  queueMembers,
  queues,
  users,
} from '../../server/src/db/schema/index.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { personName, type Random } from './random.ts';

export interface TenantOptions {
  seed: number;
  companies: number;
  appsPerCompany: number;
  queuesPerApp: number;
  agentsPerCompany: number;
}

export interface Tenant {
  companyId: number;
  apps: { appId: number; queueIds: number[] }[];
  agents: { userId: number; name: string }[];
}

/** Every generated agent signs in with this password (useful when looking at the data in the console). */
export const BENCH_PASSWORD = 'bench1234';

/**
 * Companies with their apps, public queues and agents. Multi-row inserts return rows in VALUES order,
 * but rows are matched back by a natural key anyway so nothing hangs on that detail.
 */
export async function createTenants(db: DbOrTx, opts: TenantOptions, r: Random): Promise<Tenant[]> {
  const companyName = (c: number) => `Bench company ${c + 1} (seed ${opts.seed})`;
  const madeCompanies = await db
    .insert(companies)
    .values(
      Array.from({ length: opts.companies }, (_, c) => ({
        name: companyName(c),
        timezone: r.pick(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo']),
      })),
    )
    .returning({ id: companies.id, name: companies.name });
  const companyByName = new Map(madeCompanies.map((c) => [c.name, c.id]));
  const companyIds = Array.from({ length: opts.companies }, (_, c) => companyByName.get(companyName(c))!);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const agentRows = companyIds.flatMap((_, c) =>
    Array.from({ length: opts.agentsPerCompany }, (_, a) => ({
      name: personName(r),
      email: `agent${a + 1}.c${c + 1}.s${opts.seed}@bench.test`,
      passwordHash,
    })),
  );
  const madeUsers = await db
    .insert(users)
    .values(agentRows)
    .returning({ id: users.id, email: users.email, name: users.name });
  const userByEmail = new Map(madeUsers.map((u) => [u.email, u]));

  const appRows = companyIds.flatMap((companyId, c) =>
    Array.from({ length: opts.appsPerCompany }, (_, a) => ({
      companyId,
      name: `App ${a + 1} of company ${c + 1}`,
      description: 'Generated for the benchmark',
    })),
  );
  const madeApps = await db
    .insert(apps)
    .values(appRows)
    .returning({ id: apps.id, companyId: apps.companyId, name: apps.name });
  const appKey = (companyId: number, name: string) => `${companyId}/${name}`;
  const appByKey = new Map(madeApps.map((a) => [appKey(a.companyId, a.name), a.id]));

  const queueRows = madeApps.flatMap((app) =>
    Array.from({ length: opts.queuesPerApp }, (_, q) => ({
      companyId: app.companyId,
      appId: app.id,
      name: `Queue ${q + 1}`,
    })),
  );
  const madeQueues = await db
    .insert(queues)
    .values(queueRows)
    .returning({ id: queues.id, appId: queues.appId });

  const tenants: Tenant[] = companyIds.map((companyId, c) => ({
    companyId,
    apps: Array.from({ length: opts.appsPerCompany }, (_, a) => {
      const appId = appByKey.get(appKey(companyId, `App ${a + 1} of company ${c + 1}`))!;
      return { appId, queueIds: madeQueues.filter((q) => q.appId === appId).map((q) => q.id) };
    }),
    agents: Array.from({ length: opts.agentsPerCompany }, (_, a) => {
      const u = userByEmail.get(`agent${a + 1}.c${c + 1}.s${opts.seed}@bench.test`)!;
      return { userId: u.id, name: u.name };
    }),
  }));

  await db.insert(companyMembers).values(
    tenants.flatMap((t) =>
      t.agents.map((a, i) => ({
        companyId: t.companyId,
        userId: a.userId,
        role: i === 0 ? ('admin' as const) : ('agent' as const),
      })),
    ),
  );
  await db.insert(appMembers).values(
    tenants.flatMap((t) =>
      t.apps.flatMap((app) =>
        t.agents.map((a) => ({
          companyId: t.companyId,
          appId: app.appId,
          userId: a.userId,
          role: 'agent' as const,
        })),
      ),
    ),
  );
  await db.insert(queueMembers).values(
    tenants.flatMap((t) =>
      t.apps.flatMap((app) =>
        app.queueIds.flatMap((queueId) =>
          t.agents.map((a) => ({
            companyId: t.companyId,
            queueId,
            userId: a.userId,
            role: 'member' as const,
          })),
        ),
      ),
    ),
  );
  return tenants;
}
