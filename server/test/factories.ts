import { randomBytes } from 'node:crypto';
import type { AppRole, CompanyRole, QueueRole, SenderType } from '@inbox/contract';
import type { Db } from '../src/db/client.ts';
import {
  appMembers,
  apps,
  companies,
  companyMembers,
  messages,
  queueMembers,
  queues,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const PASSWORD = 'secret-pass-1';
const unique = () => randomBytes(4).toString('hex');

let cachedHash: Promise<string> | undefined;
/** Every factory user shares one password, hashed once per test file. */
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export async function createUser(
  db: Db,
  opts: { name?: string; email?: string; isPlatformAdmin?: boolean } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      name: opts.name ?? `User ${unique()}`,
      email: opts.email ?? `user-${unique()}@example.test`,
      passwordHash: await passwordHash(),
      isPlatformAdmin: opts.isPlatformAdmin ?? false,
    })
    .returning();
  return user!;
}

export async function createCompany(db: Db, opts: { name?: string; timezone?: string } = {}) {
  const [company] = await db
    .insert(companies)
    .values({ name: opts.name ?? `Company ${unique()}`, timezone: opts.timezone ?? 'UTC' })
    .returning();
  return company!;
}

export async function addCompanyMember(db: Db, companyId: number, userId: number, role: CompanyRole) {
  await db.insert(companyMembers).values({ companyId, userId, role });
}

export async function createApp(db: Db, companyId: number, opts: { name?: string; isActive?: boolean } = {}) {
  const [app] = await db
    .insert(apps)
    .values({ companyId, name: opts.name ?? `App ${unique()}`, isActive: opts.isActive ?? true })
    .returning();
  return app!;
}

export async function addAppMember(
  db: Db,
  app: { id: number; companyId: number },
  userId: number,
  role: AppRole,
) {
  await db.insert(appMembers).values({ appId: app.id, companyId: app.companyId, userId, role });
}

export async function createQueue(
  db: Db,
  app: { id: number; companyId: number },
  opts: { name?: string; isPrivate?: boolean; isActive?: boolean } = {},
) {
  const [queue] = await db
    .insert(queues)
    .values({
      companyId: app.companyId,
      appId: app.id,
      name: opts.name ?? `Queue ${unique()}`,
      isPrivate: opts.isPrivate ?? false,
      isActive: opts.isActive ?? true,
    })
    .returning();
  return queue!;
}

export async function addQueueMember(
  db: Db,
  queue: { id: number; companyId: number },
  userId: number,
  role: QueueRole = 'member',
) {
  await db.insert(queueMembers).values({ queueId: queue.id, companyId: queue.companyId, userId, role });
}

/**
 * A company with one app and queue, and a user for each company role (all with PASSWORD):
 * the usual cast of a tenancy test.
 */
export async function createTenant(db: Db) {
  const company = await createCompany(db);
  const app = await createApp(db, company.id);
  const queue = await createQueue(db, app);
  const admin = await createUser(db, { name: 'Ada Admin' });
  const manager = await createUser(db, { name: 'Max Manager' });
  const agent = await createUser(db, { name: 'Alex Agent' });
  await addCompanyMember(db, company.id, admin.id, 'admin');
  await addCompanyMember(db, company.id, manager.id, 'manager');
  await addCompanyMember(db, company.id, agent.id, 'agent');
  await addAppMember(db, app, agent.id, 'agent');
  await addQueueMember(db, queue, agent.id);
  return { company, app, queue, admin, manager, agent };
}

/**
 * Messages written straight into an existing conversation, in one insert so their ids follow the array
 * order, as live appends make them. A long thread through the API would cost a request per message.
 */
export async function createMessages(
  db: Db,
  conversation: { id: number; companyId: number },
  lines: { content: string; senderType?: SenderType; senderUserId?: number | null; isPrivate?: boolean }[],
) {
  const rows = await db
    .insert(messages)
    .values(
      lines.map((l) => ({
        companyId: conversation.companyId,
        conversationId: conversation.id,
        senderType: l.senderType ?? 'customer',
        senderUserId: l.senderUserId ?? null,
        content: l.content,
        isPrivate: l.isPrivate ?? false,
      })),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}
