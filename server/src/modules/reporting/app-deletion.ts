import type { Tx } from '../../db/client.ts';
import type { AppRemoval } from '../apps/service.ts';
import { refreshDays, reportedDays } from './rollups.ts';

/**
 * Deleting an app takes its facts with it (their key cascades), but the rollups of agents across apps carry
 * no key to apps: the days its facts were on are counted again without them, in the deletion's transaction.
 */
export const recountWithoutApp: AppRemoval = async (tx: Tx, companyId, appId, remove) => {
  const reported = await reportedDays(tx, companyId, appId);
  await remove();
  await refreshDays(tx, companyId, reported);
};
