import type { IntegrationTestResult, WebhookInfo } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { integrations } from '../../db/schema/index.ts';
import { outboundRequest } from '../../lib/outbound-http.ts';
import { openIntegrationSecret, SecretsError } from '../../lib/secrets-box.ts';
import type { CompanyCtx } from '../access/context.ts';
import { sendSigned } from './sender.ts';
import { type IntegrationRow, integrationInReach } from './service.ts';
import { webhookExample } from './webhook-docs.ts';

const STANDARD_WEBHOOKS = {
  header: 'webhook-signature',
  algorithm:
    'Standard Webhooks v1: base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body" with the signing secret',
};

/** `GET /integration/webhook-info`: what a person pastes into the provider's console, per type. */
export async function webhookInfo(ctx: CompanyCtx, id: number, config: Config): Promise<WebhookInfo> {
  const row = await integrationInReach(ctx, id);
  const s = row.settings as Record<string, unknown>;
  const inbound = `${config.publicUrl}/api/v1/channels/${row.type}/${row.id}`;
  switch (row.type) {
    case 'whatsapp':
    case 'facebook':
      return {
        url: inbound,
        method: 'POST',
        verify_token: String(s.verify_token ?? ''),
        signature: {
          header: 'X-Hub-Signature-256',
          algorithm: 'sha256= and the hex HMAC-SHA256 of the raw body with the app secret',
        },
        events: row.type === 'whatsapp' ? ['messages'] : ['messages', 'message_deliveries', 'message_reads'],
        example: {
          'hub.mode': 'subscribe',
          'hub.verify_token': s.verify_token,
          'hub.challenge': '1158201444',
        },
      };
    case 'sms':
      return {
        url: inbound,
        method: 'POST',
        signature: {
          header: 'X-Twilio-Signature',
          algorithm: 'base64 HMAC-SHA1 of the URL and the sorted form parameters with the auth token',
        },
        events: ['incoming message', 'status callback'],
        example: {
          From: '+447700900123',
          To: s.phone_number ?? '',
          Body: 'Where is my order?',
          MessageSid: 'SM0123456789abcdef',
        },
      };
    case 'email':
      return {
        url: `mailto:${String(s.inbound_address ?? '')}`,
        method: 'SMTP',
        signature: { header: 'none', algorithm: 'Forward your support address to this inbound address' },
        events: ['incoming email'],
        example: { to: s.inbound_address, subject: 'Where is my order?' },
      };
    case 'web':
      return {
        url: `${config.publicUrl}/widget.js`,
        method: 'GET',
        signature: {
          header: 'data-user-hash',
          algorithm:
            'for a signed-in visitor: the hex HMAC-SHA256 of their lower-case email with the identity secret, computed on your server',
        },
        events: [],
        example: { demo: `${config.publicUrl}/widget-demo?app_id=${row.appId}` },
        snippet: `<script src="${config.publicUrl}/widget.js" data-app-id="${row.appId}" async></script>`,
      };
    case 'api':
      return {
        url: `${config.publicUrl}/api/v1/integration/messages`,
        method: 'POST',
        signature: STANDARD_WEBHOOKS,
        events: ['message.created'],
        example: {
          integration_id: row.id,
          customer: { external_id: 'crm-1042', name: 'Maria Lopez', email: 'maria@example.com' },
          content: 'Where is my order?',
          external_message_id: 'crm-msg-77',
        },
      };
    case 'webhook':
      return {
        url: String(s.url ?? ''),
        method: 'POST',
        signature: STANDARD_WEBHOOKS,
        events: (s.events as string[]) ?? [],
        example: webhookExample('message.created'),
      };
    default:
      return {
        url: `${config.publicUrl}/portal?app_id=${row.appId}`,
        method: 'GET',
        signature: { header: 'none', algorithm: 'Customers open this link; nothing is signed' },
        events: [],
        example: null,
      };
  }
}

const timed = async (
  call: () => Promise<{ status: number; body: string }>,
): Promise<IntegrationTestResult> => {
  const started = Date.now();
  try {
    const answer = await call();
    const ok = answer.status >= 200 && answer.status < 300;
    let error: string | null = null;
    if (!ok) {
      let said = answer.body.slice(0, 200);
      try {
        const parsed = JSON.parse(answer.body);
        said = parsed?.error?.message ?? parsed?.message ?? said;
      } catch {
        // not JSON: the text as it came
      }
      error = `The provider answered ${answer.status}${said ? `: ${said}` : ''}`;
    }
    return { ok, status_code: answer.status, duration_ms: Date.now() - started, error };
  } catch (err) {
    return { ok: false, status_code: null, duration_ms: Date.now() - started, error: (err as Error).message };
  }
};

const missing = (what: string): IntegrationTestResult => ({
  ok: false,
  status_code: null,
  duration_ms: 0,
  error: `Add ${what} first`,
});

/** The real call a test makes for each type (contract section 9). */
async function runTest(row: IntegrationRow, config: Config): Promise<IntegrationTestResult> {
  const s = row.settings as Record<string, string | undefined>;
  // Opened for the call (decision 038); one the server's key cannot open is the test's failure, said as such.
  let secrets: Record<string, string | undefined>;
  try {
    secrets = Object.fromEntries(
      Object.keys(row.secrets).map((name) => [
        name,
        openIntegrationSecret(config.secrets, row.id, row.secrets, name),
      ]),
    );
  } catch (err) {
    if (!(err instanceof SecretsError)) throw err;
    return { ok: false, status_code: null, duration_ms: 0, error: err.message };
  }
  const provider = { method: 'GET', allowPrivate: true, timeoutMs: 10_000 } as const;
  switch (row.type) {
    case 'webhook':
    case 'api': {
      const url = row.type === 'webhook' ? s.url : s.webhook_url;
      if (!url) return missing('a webhook URL');
      const event = {
        event_id: 0,
        type: 'test',
        created_ts: new Date().toISOString(),
        data: { integration_id: row.id, message: 'A test event from Support Inbox' },
      };
      return sendSigned(
        url,
        secrets.signing_secret ?? '',
        `msg_test_${row.id}_${Date.now()}`,
        event,
        config.allowPrivateWebhookTargets,
      );
    }
    case 'whatsapp':
      if (!secrets.access_token) return missing('the access token');
      return timed(() =>
        outboundRequest(
          `${config.metaApiUrl}/${encodeURIComponent(s.phone_number_id ?? '')}?fields=display_phone_number`,
          {
            ...provider,
            headers: { authorization: `Bearer ${secrets.access_token}` },
          },
        ),
      );
    case 'facebook':
      if (!secrets.page_access_token) return missing('the page access token');
      return timed(() =>
        outboundRequest(`${config.metaApiUrl}/me?fields=id,name`, {
          ...provider,
          headers: { authorization: `Bearer ${secrets.page_access_token}` },
        }),
      );
    case 'sms':
      if (!secrets.auth_token) return missing('the auth token');
      return timed(() =>
        outboundRequest(
          `${config.twilioApiUrl}/2010-04-01/Accounts/${encodeURIComponent(s.account_sid ?? '')}.json`,
          {
            ...provider,
            headers: {
              authorization: `Basic ${Buffer.from(`${s.account_sid}:${secrets.auth_token}`).toString('base64')}`,
            },
          },
        ),
      );
    default:
      // The portal, the widget and email have no provider to ask: their check is the setup itself.
      if (row.type === 'email' && !config.smtpUrl)
        return {
          ok: false,
          status_code: null,
          duration_ms: 0,
          error: 'Replies need SMTP_URL to be set on the server',
        };
      if (row.type === 'web' && ((s as { allowed_origins?: string[] }).allowed_origins ?? []).length === 0)
        return missing('the website origins the widget may run on');
      return { ok: true, status_code: null, duration_ms: 0, error: null };
  }
}

/** `POST /integration/test`: the call, recorded as the integration's latest test. */
export async function testIntegration(ctx: CompanyCtx, id: number, config: Config) {
  const row = await integrationInReach(ctx, id);
  const result = await runTest(row, config);
  await ctx.db
    .update(integrations)
    .set({ lastTest: { ...result, tested_ts: new Date().toISOString() } })
    .where(and(eq(integrations.id, id), eq(integrations.companyId, ctx.companyId)));
  return result;
}
