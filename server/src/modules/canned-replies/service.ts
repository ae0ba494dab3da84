import type {
  CannedRepliesQuery,
  CannedReply,
  CreateCannedReplyBody,
  UpdateCannedReplyBody,
} from '@inbox/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { cannedReplies, cannedReplyAttachments, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { appRoleOf } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { recordChange } from '../activities/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { removeFiles } from '../attachments/storage.ts';
import { dropAllFiles, filesOf, setFiles } from './files.ts';
import { type CannedReplyRow, requireWriter, usableReply, visibleAppIds, writableReply } from './reach.ts';

const columns = {
  id: cannedReplies.id,
  scope: cannedReplies.scope,
  appId: cannedReplies.appId,
  ownerUserId: cannedReplies.ownerUserId,
  ownerName: users.name,
  shortCode: cannedReplies.shortCode,
  title: cannedReplies.title,
  content: cannedReplies.content,
  createdAt: cannedReplies.createdAt,
  updatedAt: cannedReplies.updatedAt,
};

type Listed = Pick<
  CannedReplyRow,
  'id' | 'scope' | 'appId' | 'ownerUserId' | 'shortCode' | 'title' | 'content'
> & {
  ownerName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toReply = (r: Listed, files: CannedReply['attachments']): CannedReply => ({
  canned_reply_id: r.id,
  scope: r.scope,
  app_id: r.appId,
  owner: r.ownerUserId === null ? null : { user_id: r.ownerUserId, name: r.ownerName ?? '' },
  short_code: r.shortCode,
  title: r.title,
  content: r.content,
  attachments: files,
  created_ts: r.createdAt.toISOString(),
  updated_ts: r.updatedAt.toISOString(),
});

/** The rows with their files; a row read with `hasFiles` false needs none read (the picker's usual page). */
async function withFiles(ctx: CompanyCtx, rows: (Listed & { hasFiles?: boolean })[]) {
  const files = await filesOf(
    ctx.db,
    rows.filter((r) => r.hasFiles !== false).map((r) => r.id),
  );
  return rows.map((r) => toReply(r, files.get(r.id) ?? []));
}

/**
 * What the caller may use (contract section 13): the company's replies, those of the apps it can see (or of
 * `app_id` alone, when given), and its own, of one `scope` when given. With `search`, a short code starting with it comes first, then a
 * short code holding it, then a title or content holding it; each band in short-code order.
 */
export async function listCannedReplies(ctx: CompanyCtx, q: CannedRepliesQuery) {
  // One app: its role alone (one query), not every app the caller can see.
  let appIds: number[];
  if (q.app_id !== undefined) {
    if (!isSqlInt(q.app_id) || !(await appRoleOf(ctx, ctx.db, q.app_id))) throw notFound('App');
    appIds = [q.app_id];
  } else appIds = await visibleAppIds(ctx);
  const reach = or(
    eq(cannedReplies.scope, 'company'),
    and(eq(cannedReplies.ownerUserId, ctx.actor.user.id), eq(cannedReplies.scope, 'personal')),
    appIds.length > 0 ? and(eq(cannedReplies.scope, 'app'), inArray(cannedReplies.appId, appIds)) : undefined,
  );
  const scope = q.scope ? eq(cannedReplies.scope, q.scope) : undefined;
  const term = q.search?.toLowerCase();
  const code = sql`lower(${cannedReplies.shortCode})`;
  const where = and(
    eq(cannedReplies.companyId, ctx.companyId),
    reach,
    scope,
    // One condition over the indexed document (trigrams): a code, title or content holding the term.
    term ? sql`${cannedReplies.searchText} like ${`%${likeLiteral(term)}%`}` : undefined,
  );
  const order: SQL[] = term
    ? [
        sql`case when ${code} like ${`${likeLiteral(term)}%`} then 0
          when ${code} like ${`%${likeLiteral(term)}%`} then 1 else 2 end`,
      ]
    : [];
  // With a term every match is read anyway to rank it, so the same pass counts them (`count(*) over ()`).
  // Without one the page walks the company's code index and stops after `limit` rows, and a full page is
  // counted apart: reading every reply only to count it is what the index spares.
  const counted = (term ? sql`count(*) over ()` : sql`null`).mapWith((v: unknown) =>
    v == null ? null : Number(v),
  );
  // Whether each reply has files, in the same pass: most have none, and a page without any then costs no
  // second statement (the picker asks on every key typed; issue 44 wants it under 20 ms p99).
  const hasFiles = sql<boolean>`exists (select 1 from ${cannedReplyAttachments} f
    where f.canned_reply_id = ${cannedReplies.id})`;
  const rows = await ctx.db
    .select({ ...columns, total: counted, hasFiles })
    .from(cannedReplies)
    .leftJoin(users, eq(users.id, cannedReplies.ownerUserId))
    .where(where)
    .orderBy(...order, code, cannedReplies.id)
    .limit(q.limit)
    .offset(q.offset);
  const total =
    rows[0]?.total ??
    (rows.length < q.limit && (q.offset === 0 || rows.length > 0)
      ? q.offset + rows.length
      : await countOf(ctx, where));
  return { data: await withFiles(ctx, rows), meta: { total, limit: q.limit, offset: q.offset } };
}

async function readReply(ctx: CompanyCtx, id: number) {
  const [row] = await ctx.db
    .select(columns)
    .from(cannedReplies)
    .leftJoin(users, eq(users.id, cannedReplies.ownerUserId))
    .where(and(eq(cannedReplies.id, id), eq(cannedReplies.companyId, ctx.companyId)));
  if (!row) throw notFound('Canned reply');
  const [reply] = await withFiles(ctx, [row]);
  return reply!;
}

export async function getCannedReply(ctx: CompanyCtx, id: number) {
  await usableReply(ctx, ctx.db, id);
  return readReply(ctx, id);
}

async function countOf(ctx: CompanyCtx, where: SQL | undefined) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cannedReplies)
    .where(where);
  return row?.n ?? 0;
}

/** `%`, `_` and `\\` as themselves in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A clash of short codes within the scope, from the partial unique indexes. */
const CODE_KEYS = [
  'canned_replies_company_code_key',
  'canned_replies_app_code_key',
  'canned_replies_owner_code_key',
];
function clash(err: unknown, shortCode: string | undefined): never {
  const cause =
    (err as { cause?: { code?: string; constraint?: string } })?.cause ??
    (err as { code?: string; constraint?: string });
  if (cause?.code === '23505' && CODE_KEYS.includes(cause.constraint ?? '')) {
    const scope = shortCode ? `The short code “${shortCode}”` : 'This short code';
    throw conflict(`${scope} is already used by another reply of the same scope`);
  }
  throw err;
}

export async function createCannedReply(ctx: CompanyCtx, input: CreateCannedReplyBody) {
  const appId = input.scope === 'app' ? input.app_id! : null;
  if (appId !== null && !(await appRoleOf(ctx, ctx.db, appId))) throw notFound('App');
  await requireWriter(ctx, ctx.db, { scope: input.scope, appId });
  let id = 0;
  await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(cannedReplies)
        .values({
          companyId: ctx.companyId,
          scope: input.scope,
          appId,
          ownerUserId: input.scope === 'personal' ? ctx.actor.user.id : null,
          shortCode: input.short_code,
          title: input.title,
          content: input.content,
        })
        .returning({ id: cannedReplies.id });
      id = row!.id;
      await setFiles(ctx, tx, id, input.attachments);
      await recordChange(tx, ctx.actor, ctx.companyId, 'canned_reply.created', id, {
        scope: input.scope,
        app_id: appId,
        short_code: input.short_code,
      });
    })
    .catch((err) => clash(err, input.short_code));
  return readReply(ctx, id);
}

export async function updateCannedReply(
  ctx: CompanyCtx,
  storage: AttachmentStorage,
  id: number,
  input: UpdateCannedReplyBody,
) {
  const removed = await ctx.db
    .transaction(async (tx) => {
      await writableReply(ctx, tx, id);
      await tx
        .update(cannedReplies)
        .set({
          shortCode: input.short_code,
          title: input.title,
          content: input.content,
          updatedAt: new Date(),
        })
        .where(and(eq(cannedReplies.id, id), eq(cannedReplies.companyId, ctx.companyId)));
      const keys = input.attachments ? await setFiles(ctx, tx, id, input.attachments) : [];
      await recordChange(tx, ctx.actor, ctx.companyId, 'canned_reply.updated', id, {
        fields: Object.keys(input),
      });
      return keys;
    })
    .catch((err) => clash(err, input.short_code));
  await removeFiles(storage, removed);
  return readReply(ctx, id);
}

/** Deletes the reply and its own files; a message already sent holds its own copies and keeps them. */
export async function deleteCannedReply(ctx: CompanyCtx, storage: AttachmentStorage, id: number) {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await writableReply(ctx, tx, id);
    const keys = await dropAllFiles(tx, id);
    await tx
      .delete(cannedReplies)
      .where(and(eq(cannedReplies.id, id), eq(cannedReplies.companyId, ctx.companyId)));
    await recordChange(tx, ctx.actor, ctx.companyId, 'canned_reply.deleted', id, {
      scope: row.scope,
      short_code: row.shortCode,
    });
    return keys;
  });
  await removeFiles(storage, removed);
}
