import type { Integration, IntegrationType } from '@inbox/contract';
import { expect } from 'vitest';
import { call, type Session, type TestContext } from './app.ts';

interface IntegrationBody {
  app_id: number;
  type: IntegrationType;
  name: string;
  settings?: Record<string, unknown>;
  secrets?: Record<string, string>;
}

/** An integration set up as a company admin would, through the API; answers it (a webhook's with its secret). */
export async function addIntegration(t: TestContext, as: Session, body: IntegrationBody) {
  const res = await call(t.app, 'POST', '/integrations', { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Integration & { signing_secret?: string };
}

/** The app's mailbox: mail to `address` lands in `queueId` and replies leave from it as "Shop Support". */
export const addMailbox = (
  t: TestContext,
  as: Session,
  at: { appId: number; queueId: number; address: string },
) =>
  addIntegration(t, as, {
    app_id: at.appId,
    type: 'email',
    name: 'Support mailbox',
    settings: { inbound_address: at.address, from_name: 'Shop Support', queue_id: at.queueId },
  });
