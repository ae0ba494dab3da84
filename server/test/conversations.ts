import type { ConversationPoll } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { companies, portalSessions } from '../src/db/schema/index.ts';
import { before, call, createTestApp, loginAs, type Session } from './app.ts';
import * as make from './factories.ts';
import { startChat } from './portal.ts';
import { consoleUpload } from './uploads.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const NO_LIMITS = { startsPerIp: 10_000, messagesPerIp: 10_000, messagesPerToken: 10_000, windowMs: 60_000 };

/**
 * The cast of the inbox tests, in one company with two apps:
 * - `admin` (company admin), `manager` (company manager), `appManager` (agent in the company, manager of app);
 * - `agent` (member of the public queue), `insider` (member of the private queue), `outsider` (agent of the
 *   app in no queue), `otherAppAgent` (agent of the second app only);
 * - `stranger`: the admin of another company.
 * Replies do not assign unless `autoAssignOnReply` is asked for.
 */
export async function createInbox(opts: { autoAssignOnReply?: boolean } = {}) {
  const t = await createTestApp({ portalRateLimit: NO_LIMITS });
  const tenant = await make.createTenant(t.db);
  const { company, app, queue: publicQueue } = tenant;
  // Off unless asked for: these tests reply to set up a thread and then look at assignments and lines;
  // reply-assign.test.ts covers the setting, on (the product's default) and off.
  await t.db
    .update(companies)
    .set({ autoAssignOnReply: opts.autoAssignOnReply ?? false })
    .where(eq(companies.id, company.id));
  const privateQueue = await make.createQueue(t.db, app, { name: 'VIP', isPrivate: true });
  const returns = await make.createQueue(t.db, app, { name: 'Returns' });
  const otherApp = await make.createApp(t.db, company.id, { name: 'Other app' });
  const otherQueue = await make.createQueue(t.db, otherApp, { name: 'Other queue' });

  const member = async (name: string, setup: (id: number) => Promise<void>) => {
    const user = await make.createUser(t.db, { name });
    await make.addCompanyMember(t.db, company.id, user.id, 'agent');
    await setup(user.id);
    return user;
  };
  const insider = await member('Ivy Insider', async (id) => {
    await make.addAppMember(t.db, app, id, 'agent');
    await make.addQueueMember(t.db, privateQueue, id);
  });
  const outsider = await member('Oscar Outsider', (id) => make.addAppMember(t.db, app, id, 'agent'));
  const appManager = await member('Mia Manager', (id) => make.addAppMember(t.db, app, id, 'manager'));
  const otherAppAgent = await member('Olga Other', async (id) => {
    await make.addAppMember(t.db, otherApp, id, 'agent');
    await make.addQueueMember(t.db, otherQueue, id);
  });
  const other = await make.createTenant(t.db);
  const platformAdmin = await make.createUser(t.db, { name: 'Pat Platform', isPlatformAdmin: true });

  const users = {
    admin: tenant.admin,
    manager: tenant.manager,
    appManager,
    agent: tenant.agent,
    insider,
    outsider,
    otherAppAgent,
  };
  const sessions = {} as Record<keyof typeof users | 'stranger' | 'platform', Session>;
  for (const [key, user] of Object.entries(users)) {
    sessions[key as keyof typeof users] = await loginAs(t.app, user.email, make.PASSWORD, company.id);
  }
  sessions.stranger = await loginAs(t.app, other.admin.email, make.PASSWORD, other.company.id);
  sessions.platform = {
    ...(await loginAs(t.app, platformAdmin.email, make.PASSWORD)),
    companyId: company.id,
  };

  let ip = 0;
  const chat = (opts: {
    appId?: number;
    queueId?: number | null;
    name?: string;
    email?: string;
    message?: string;
  }) =>
    startChat(t.app, opts.appId ?? app.id, {
      queueId: opts.queueId === null ? undefined : (opts.queueId ?? publicQueue.id),
      name: opts.name,
      email: opts.email,
      message: opts.message,
      ip: `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
    });

  const as =
    (session: Session) =>
    (method: Method, path: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}) =>
      call(t.app, method, path, { as: session, ...opts });

  /** Lets the chat's portal session run out, as if the customer left long ago. */
  const expirePortal = (conversationId: number) =>
    t.db
      .update(portalSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(portalSessions.conversationId, conversationId));

  /** A console upload: `conversation_id` in the query string, or as a form field before the file. */
  const upload = (
    session: Session,
    conversationId: number | null,
    file: { name: string; data: Buffer },
    opts: { asField?: boolean } = {},
  ) => consoleUpload(t, session, conversationId, file, opts);

  return {
    t,
    company,
    app,
    publicQueue,
    privateQueue,
    returns,
    otherApp,
    otherQueue,
    other,
    users,
    sessions,
    chat,
    as,
    expirePortal,
    upload,
  };
}

export type Inbox = Awaited<ReturnType<typeof createInbox>>;

type Summary = {
  conversation_id: number;
  unread_count: number;
  status: string;
  customer: { customer_id: number };
};

/**
 * The list tests' helpers over an inbox made in `beforeAll` (hence `inbox()`, read when called): a poll that
 * must answer 200, the ids of a list, and a fresh app with one public queue the agent works, so lists in a
 * test hold only its conversations.
 */
export function inboxLists(inbox: () => Inbox) {
  const poll = async (who: keyof Inbox['sessions'], query: Record<string, string | number> = {}) => {
    const x = inbox();
    const res = await x.as(x.sessions[who])('GET', '/conversation/poll', { query });
    expect(res.status).toBe(200);
    return res.body.data as Omit<ConversationPoll, 'conversations'> & { conversations: Summary[] };
  };
  const ids = (list: Summary[]) => list.map((c) => c.conversation_id);
  const freshApp = async (name: string) => {
    const x = inbox();
    const app = await make.createApp(x.t.db, x.company.id, { name });
    const queue = await make.createQueue(x.t.db, app, { name: `${name} queue` });
    await make.addAppMember(x.t.db, app, x.users.agent.id, 'agent');
    await make.addQueueMember(x.t.db, queue, x.users.agent.id);
    const chat = (opts: { name?: string; email?: string; message?: string } = {}) =>
      x.chat({ appId: app.id, queueId: queue.id, ...opts });
    return { app, queue, chat };
  };
  /**
   * `count` customers called `name`, emailed `<prefix><g>@crowd.test`, each with one open conversation in
   * `queue`, the g-th `g` seconds old: more than a search collects, so it walks the list.
   */
  const crowd = async (
    app: { id: number },
    queue: { id: number },
    name: string,
    prefix: string,
    count: number,
  ) => {
    const x = inbox();
    await x.t.db.execute(sql`
      with start as (select last_conversation_number as n from companies where id = ${x.company.id}),
      people as (
        insert into customers (company_id, name, email)
        select ${x.company.id}, ${name}, ${prefix} || g || '@crowd.test' from generate_series(1, ${count}::int) g
        returning id),
      numbered as (select id, row_number() over (order by id) as g from people),
      made as (
        insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status,
          last_activity_at)
        select ${x.company.id}, ${app.id}, ${queue.id}, numbered.id, start.n + numbered.g, 'portal', 'open',
          now() - make_interval(secs => numbered.g)
        from start, numbered
        returning number)
      update companies set last_conversation_number = (select max(number) from made) where id = ${x.company.id}`);
  };
  return { poll, ids, freshApp, crowd };
}

/** The suite's inbox (see `createInbox`), made before its tests and closed after them, with the list helpers. */
export function useInbox() {
  const x = before(() => createInbox());
  afterAll(() => x.t.close());
  return { x, ...inboxLists(() => x) };
}
