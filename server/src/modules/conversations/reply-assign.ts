import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { type CompanyCtx, inTx } from '../access/context.ts';
import { actorLabel, changeConversation, lockConversation } from './change.ts';
import { assigneeOf } from './reach.ts';

/**
 * A reply to an unassigned conversation assigns it to the replier, when the company has
 * `auto_assign_on_reply` on (the default) and the replier can work the conversation's queue, as an
 * assignment by hand requires. Notes do not count: they are not an answer. Runs after the reply is
 * stored, on the locked row, so a colleague who took the conversation meanwhile keeps it.
 */
export async function assignOnReply(ctx: CompanyCtx, conversationId: number) {
  const [company] = await ctx.db
    .select({ on: companies.autoAssignOnReply })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!company?.on) return;
  await ctx.db.transaction(async (tx) => {
    const conv = await lockConversation(inTx(ctx, tx), conversationId);
    // A resolved or closed conversation is over; a late reply does not make it anyone's work.
    if (!conv || conv.assignedUserId !== null || (conv.status !== 'open' && conv.status !== 'pending'))
      return;
    const me = await assigneeOf(inTx(ctx, tx), ctx.actor.user.id, conv);
    if (!me?.canWork) return;
    await changeConversation(
      tx,
      ctx.actor,
      conv,
      { assignee: me },
      { action: 'conversation.assigned', note: `Assigned to ${actorLabel(ctx.actor)} on replying` },
    );
  });
}
