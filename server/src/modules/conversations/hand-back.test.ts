import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { addAppMember, addCompanyMember, createUser } from '../../../test/factories.ts';
import { conversations } from '../../db/schema/index.ts';
import { admitCompany } from '../access/context.ts';
import { changeConversation, lockConversation } from './change.ts';

// Every way a member leaves hands their open work back to the team, and each thread says so.
let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

const assigneeOf = async (id: number) =>
  (await x.t.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.assignedUserId;

const systemLines = async (conversationId: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
    query: { conversation_id: conversationId },
  });
  return (res.body.data.messages as { sender_type: string; content: string }[])
    .filter((m) => m.sender_type === 'system')
    .map((m) => m.content);
};

/** A chat moved to `queueId` (the portal starts only in public ones) and given to `userId`. */
const heldBy = async (userId: number, queueId: number, name: string) => {
  const chat = await x.chat({ name });
  const res = await x.as(x.sessions.admin)('POST', '/conversation/transfer', {
    body: {
      conversation_id: chat.conversationId,
      queue_id: queueId,
      user_id: userId,
      transfer_reason: 'Yours',
    },
  });
  expect(res.status).toBe(200);
  return chat.conversationId;
};

const admin = () => x.users.admin.name;

/** The conversation has no holder any more, and its thread's last line says why. */
const expectHandedBack = async (id: number, line: string) => {
  expect(await assigneeOf(id)).toBeNull();
  expect((await systemLines(id)).at(-1)).toBe(line);
};

/** A company agent of the app, for tests that remove them. */
const appAgent = async (name: string) => {
  const user = await createUser(x.t.db, { name });
  await addCompanyMember(x.t.db, x.company.id, user.id, 'agent');
  await addAppMember(x.t.db, x.app, user.id, 'agent');
  return user;
};

describe('a member who leaves hands back what they can no longer work', () => {
  it('removed from a queue: its private conversations go back, public ones of the app stay', async () => {
    const vip = await heldBy(x.users.insider.id, x.privateQueue.id, 'Vic Vip');
    const general = await heldBy(x.users.insider.id, x.publicQueue.id, 'Gus General');
    const res = await x.as(x.sessions.admin)('DELETE', '/queue/users', {
      query: { id: x.privateQueue.id, user_id: x.users.insider.id },
    });
    expect(res.status).toBe(200);
    await expectHandedBack(
      vip,
      `Unassigned from ${x.users.insider.name}, removed from the queue, by ${admin()}`,
    );
    expect(await assigneeOf(general)).toBe(x.users.insider.id);
  });

  it('removed from an app: its conversations of that app go back, with a line in each thread', async () => {
    const one = await heldBy(x.users.outsider.id, x.publicQueue.id, 'Ona One');
    const two = await heldBy(x.users.outsider.id, x.returns.id, 'Tim Two');
    const res = await x.as(x.sessions.admin)('DELETE', '/app/users', {
      query: { id: x.app.id, user_id: x.users.outsider.id },
    });
    expect(res.status).toBe(200);
    for (const id of [one, two]) {
      await expectHandedBack(
        id,
        `Unassigned from ${x.users.outsider.name}, removed from the app, by ${admin()}`,
      );
    }
  });

  it('removed from the company: open work goes back with a line, resolved work keeps its holder', async () => {
    const leaver = await appAgent('Lee Leaver');
    const open = await heldBy(leaver.id, x.publicQueue.id, 'Opal Open');
    const done = await heldBy(leaver.id, x.publicQueue.id, 'Dan Done');
    await x.as(x.sessions.admin)('POST', '/conversation/resolve', { body: { conversation_id: done } });
    const res = await x.as(x.sessions.admin)('DELETE', '/users', { query: { id: leaver.id } });
    expect(res.status).toBe(200);
    await expectHandedBack(open, `Unassigned from Lee Leaver, removed from the company, by ${admin()}`);
    expect(await assigneeOf(done)).toBe(leaver.id);
  });

  it('a deleted account: its open work goes back, the line naming the platform admin', async () => {
    const gone = await appAgent('Gil Gone');
    const held = await heldBy(gone.id, x.publicQueue.id, 'Hal Held');
    const platform = { token: x.sessions.platform.token };
    const res = await x.as(platform)('DELETE', '/admin/users', { query: { id: gone.id } });
    expect(res.status).toBe(200);
    await expectHandedBack(held, 'Unassigned from Gil Gone, account deleted, by Pat Platform');
  });
});

describe('changeConversation', () => {
  it('returns what changed, and writes nothing when nothing would change', async () => {
    const chat = await x.chat({ name: 'Cid Change' });
    const actor = {
      type: 'user' as const,
      user: { ...x.users.admin, isPlatformAdmin: false },
      impersonator: null,
      sessionId: 'test',
    };
    const record = { action: 'conversation.test', note: 'Changed in a test' };
    const changes = await x.t.db.transaction(async (tx) => {
      const conv = (await lockConversation(
        admitCompany({ db: tx, companyId: x.company.id }),
        chat.conversationId,
      ))!;
      return changeConversation(tx, actor, conv, { status: 'pending', assignee: x.users.agent }, record);
    });
    expect(changes).toMatchObject({
      conversationId: chat.conversationId,
      status: { from: 'open', to: 'pending' },
      assignedUserId: { from: null, to: x.users.agent.id },
    });
    expect(changes.queueId).toBeUndefined();
    const same = await x.t.db.transaction(async (tx) => {
      const conv = (await lockConversation(
        admitCompany({ db: tx, companyId: x.company.id }),
        chat.conversationId,
      ))!;
      return changeConversation(tx, actor, conv, { status: 'pending', queueId: conv.queueId }, record);
    });
    expect(same).toEqual({ conversationId: chat.conversationId, number: expect.any(Number) });
    expect(await systemLines(chat.conversationId)).toEqual(['Changed in a test']);
  });
});
