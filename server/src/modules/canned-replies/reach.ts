import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cannedReplies } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { appRoleOf, requireAppRole, visibleApps } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;

/** The ids of the apps the caller can see, in any role: their app replies are the caller's to use. */
export async function visibleAppIds(ctx: CompanyCtx) {
  const apps = await visibleApps(ctx, ctx.actor.user.id, ctx.role);
  return apps.map((a) => a.id);
}

/**
 * A reply the caller may use: the company's, one of an app it can see, or its own. Another company's,
 * another person's and one of an app out of sight all answer 404, as a missing one does.
 */
export async function usableReply(
  ctx: CompanyCtx,
  db: DbOrTx,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  if (!isSqlInt(id)) throw notFound('Canned reply');
  const q = db
    .select()
    .from(cannedReplies)
    .where(and(eq(cannedReplies.id, id), eq(cannedReplies.companyId, ctx.companyId)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound('Canned reply');
  if (row.scope === 'personal' && row.ownerUserId !== ctx.actor.user.id) throw notFound('Canned reply');
  if (row.scope === 'app' && !(await appRoleOf(ctx, db, row.appId!))) throw notFound('Canned reply');
  return row;
}

/**
 * Who may write a reply of a scope (contract section 13): the company's by company admins and managers, an
 * app's by that app's admins and managers (an app out of sight is 404), one's own by anyone.
 */
export async function requireWriter(
  ctx: CompanyCtx,
  db: DbOrTx,
  reply: { scope: CannedReplyRow['scope']; appId: number | null },
) {
  if (reply.scope === 'company' && ctx.role === 'agent') {
    throw forbidden('Company replies are kept by company admins and managers');
  }
  if (reply.scope === 'app') {
    await requireAppRole(ctx, db, reply.appId!, 'manager').catch((err) => {
      if (err?.status === 403) throw forbidden("An app's replies are kept by its admins and managers");
      throw err;
    });
  }
}

/** A reply the caller may change or delete: usable (else 404) and of a scope it keeps (else 403). */
export async function writableReply(ctx: CompanyCtx, db: DbOrTx, id: number) {
  const row = await usableReply(ctx, db, id, { forUpdate: true });
  await requireWriter(ctx, db, row);
  return row;
}
