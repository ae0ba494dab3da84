import type { DbOrTx } from '../../server/src/db/client.ts';
import { portalSessions } from '../../server/src/db/schema/index.ts';
import { sha256 } from '../../server/src/lib/tokens.ts';
import { insertBatched } from './batch.ts';

export interface SessionRow {
  token: string;
  conversationId: number;
  companyId: number;
  createdAt: Date;
  expiresAt: Date;
  /** Set for sessions whose expiry was already processed (their conversation is closed). */
  endedAt: Date | null;
}

/** Portal sessions as the portal module stores them: only the SHA-256 of the token is kept. */
export async function insertPortalSessions(db: DbOrTx, rows: SessionRow[]) {
  await insertBatched(
    db,
    portalSessions,
    rows.map((r) => ({
      companyId: r.companyId,
      conversationId: r.conversationId,
      tokenHash: sha256(r.token),
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
      endedAt: r.endedAt,
    })),
  );
}
