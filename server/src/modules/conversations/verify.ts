import type { DbOrTx } from '../../db/client.ts';
import { type Actor, admitCompany } from '../access/context.ts';
import { changeConversation, lockConversation, type VerifiedBy } from './change.ts';

/** The console-only system line of each proof: agents see when and how the address was proven. */
const NOTES: Record<VerifiedBy, string> = {
  secure_link: 'Email verified: the customer opened the secure link sent to their address',
  email: 'Email verified: a mail from the customer’s address arrived in this conversation',
};

/**
 * Marks a conversation's customer proven (decision 037), through the one change path: the row, the system
 * line, the `conversation.verified` event that moves open consoles' lists and threads, and the activity.
 * Inside the caller's transaction; a conversation already verified (or gone) changes nothing, so a second
 * proof writes no second line. Answers whether it changed.
 */
export async function verifyConversation(
  tx: DbOrTx,
  actor: Actor,
  target: { companyId: number; conversationId: number },
  by: VerifiedBy,
): Promise<boolean> {
  // The caller holds a proof tied to this conversation of this company (a session, a mail's thread).
  const conv = await lockConversation(
    admitCompany({ db: tx, companyId: target.companyId }),
    target.conversationId,
  );
  if (!conv || conv.verified) return false;
  const changes = await changeConversation(
    tx,
    actor,
    conv,
    { verified: by },
    {
      action: 'conversation.verified',
      note: NOTES[by],
    },
  );
  return changes.verified !== undefined;
}
