import { afterAll } from 'vitest';
import { before, type Session, type TestContext, useTestApp } from './app.ts';
import { PNG } from './files.ts';
import { addIntegration } from './integrations.ts';
import { APP_SECRET, metaSignature, PAGE_ID, PHONE_NUMBER_ID } from './meta-payloads.ts';
import { metaStandIn } from './meta-stand-in.ts';
import { tenantWithSessions } from './tenants.ts';

export * from './meta-payloads.ts';

/**
 * Meta's side of the WhatsApp Cloud API and Messenger for tests: integrations set up as a company admin
 * would, and notifications as Meta posts them, signed over the raw body with the app secret (Meta publishes
 * no signing library; the signature is made as its documentation states it).
 */
export async function addMetaIntegration(
  t: TestContext,
  as: Session,
  appId: number,
  type: 'whatsapp' | 'facebook',
) {
  const { integration_id } = await addIntegration(t, as, {
    app_id: appId,
    type,
    name: type,
    settings:
      type === 'whatsapp'
        ? {
            phone_number_id: PHONE_NUMBER_ID,
            business_account_id: '102290129340398',
            verify_token: 'verify-me-123',
          }
        : { page_id: PAGE_ID, verify_token: 'verify-me-456' },
    secrets:
      type === 'whatsapp'
        ? { app_secret: APP_SECRET, access_token: 'wa-access-token' }
        : { app_secret: APP_SECRET, page_access_token: 'page-token' },
  });
  return integration_id;
}

/** Meta's POST, signed over the exact bytes sent unless told otherwise. */
export function fromMeta(
  t: TestContext,
  type: 'whatsapp' | 'facebook',
  id: number,
  payload: unknown,
  signature?: string | null,
) {
  const raw = JSON.stringify(payload);
  const signed = metaSignature(raw);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/channels/${type}/${id}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature ?? signed }),
    },
    payload: raw,
  });
}

/**
 * A test file's Meta setup, called at its top level: the Graph API stand-in (its media a PNG), the product
 * pointed at it, and a tenant with a WhatsApp and a Messenger integration.
 */
export async function useMetaChannels() {
  const graph = await metaStandIn(PNG);
  afterAll(() => graph.close());
  const t = useTestApp({ metaApiUrl: graph.url });
  const w = before(async () => {
    const a = await tenantWithSessions(t);
    return {
      a,
      wa: await addMetaIntegration(t, a.as.admin, a.app.id, 'whatsapp'),
      fb: await addMetaIntegration(t, a.as.admin, a.app.id, 'facebook'),
    };
  });
  return { graph, t, w };
}
