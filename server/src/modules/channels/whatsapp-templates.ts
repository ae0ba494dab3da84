import {
  renderTemplate,
  TEMPLATE_MESSAGES,
  type TemplateChoice,
  type WhatsAppTemplate,
} from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { integrations } from '../../db/schema/index.ts';
import { conflict, invalidField } from '../../http/app-error.ts';
import { openIntegrationSecret } from '../../lib/secrets-box.ts';
import type { CallerCtx } from '../access/context.ts';
import { type ConversationRow, requireVisibleConversation } from '../access/conversation-visibility.ts';

/**
 * WhatsApp's approved message templates (outside the 24-hour window WhatsApp takes nothing else), read from
 * the Graph API (`$META_API_URL/{business_account_id}/message_templates`) with the integration's token each
 * time they are asked for: approval can change at Meta at any moment, and this is called only when the
 * window is shut. Templates whose header takes a variable or a media file are left out: the console has
 * nothing to fill them with.
 */

interface GraphComponent {
  type?: string;
  format?: string;
  text?: string;
}
interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: GraphComponent[];
}

const placeholders = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]))).size;

/** A Graph API template as ours, or null when it is not approved or cannot be filled in here. */
export function templateOf(t: GraphTemplate): WhatsAppTemplate | null {
  if (t.status !== 'APPROVED' || !t.name || !t.language) return null;
  const part = (type: string) => t.components?.find((c) => c.type?.toUpperCase() === type);
  const header = part('HEADER');
  if (header && (header.format?.toUpperCase() !== 'TEXT' || placeholders(header.text ?? '') > 0)) return null;
  const body = part('BODY')?.text ?? '';
  if (!body) return null;
  return {
    name: t.name,
    language: t.language,
    category: t.category ?? '',
    header: header?.text ?? null,
    body,
    footer: part('FOOTER')?.text ?? null,
    parameters: placeholders(body),
  };
}

async function fetchTemplates(config: Config, businessAccountId: string, token: string) {
  const url = `${config.metaApiUrl}/${encodeURIComponent(businessAccountId)}/message_templates?fields=name,language,status,category,components&limit=250`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw conflict(`WhatsApp templates could not be loaded: ${(err as Error).message}`);
  }
  const json = (await res.json().catch(() => ({}))) as {
    data?: GraphTemplate[];
    error?: { message?: string };
  };
  if (!res.ok) {
    throw conflict(
      `WhatsApp templates could not be loaded: ${json.error?.message ?? `Meta answered ${res.status}`}`,
    );
  }
  return (json.data ?? [])
    .map(templateOf)
    .filter((t): t is WhatsAppTemplate => t !== null)
    .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}

/** The conversation's WhatsApp integration, or a 422 on `field` when it did not come in through WhatsApp. */
async function whatsAppOf(ctx: CallerCtx, config: Config, conv: ConversationRow, field: string) {
  const db = ctx.db;
  const [integration] =
    conv.integrationId === null
      ? []
      : await db
          .select({ id: integrations.id, settings: integrations.settings, secrets: integrations.secrets })
          .from(integrations)
          .where(
            and(
              eq(integrations.id, conv.integrationId),
              eq(integrations.companyId, ctx.companyId),
              eq(integrations.type, 'whatsapp'),
            ),
          );
  if (!integration) throw invalidField(field, TEMPLATE_MESSAGES.onlyWhatsApp);
  const token = openIntegrationSecret(config.secrets, integration.id, integration.secrets, 'access_token');
  const account = String(integration.settings.business_account_id ?? '');
  if (!token || !account)
    throw conflict('The WhatsApp integration has no access token or business account ID');
  return { token, account };
}

/** `GET /whatsapp/templates`: the approved templates of the conversation's WhatsApp number. */
export async function listWhatsAppTemplates(ctx: CallerCtx, config: Config, conversationId: number) {
  const conv = await requireVisibleConversation(ctx, ctx.db, conversationId);
  const { token, account } = await whatsAppOf(ctx, config, conv, 'conversation_id');
  return fetchTemplates(config, account, token);
}

/**
 * A template reply's text and what the sender sends: the template must be approved now, and take exactly the
 * values given (422 on `template` otherwise). `conv` is one the caller was already found to see.
 */
export async function templateReply(
  ctx: CallerCtx,
  config: Config,
  conv: ConversationRow,
  choice: TemplateChoice,
) {
  const { token, account } = await whatsAppOf(ctx, config, conv, 'template');
  const approved = await fetchTemplates(config, account, token);
  const t = approved.find((a) => a.name === choice.name && a.language === choice.language);
  if (!t) throw invalidField('template', TEMPLATE_MESSAGES.notApproved);
  if (choice.parameters.length !== t.parameters) {
    throw invalidField('template.parameters', TEMPLATE_MESSAGES.parameterCount(t.parameters));
  }
  return {
    content: renderTemplate(t, choice.parameters),
    template: { name: t.name, language: t.language, parameters: choice.parameters },
  };
}
