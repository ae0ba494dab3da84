import { randomBytes } from 'node:crypto';
import type { FieldErrors } from '@inbox/contract';
import {
  type CreateIntegrationBody,
  INTEGRATION_SECRETS,
  INTEGRATION_SETTINGS,
  type Integration,
  type IntegrationType,
  type UpdateIntegrationBody,
} from '@inbox/contract';
import { and, asc, eq } from 'drizzle-orm';
import { integrations, queues } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { targetProblem } from '../../lib/outbound-http.ts';
import { type SecretsBox, sealIntegrationSecrets } from '../../lib/secrets-box.ts';
import type { CompanyCtx } from '../access/context.ts';
import { recordActivity, recordChange } from '../activities/service.ts';
import { appInReach } from '../apps/service.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

export function toIntegration(r: IntegrationRow): Integration {
  return {
    integration_id: r.id,
    app_id: r.appId,
    type: r.type,
    name: r.name,
    is_active: r.isActive,
    settings: r.settings,
    secrets_set: Object.keys(r.secrets).sort(),
    status: {
      last_event_ts: r.lastEventAt?.toISOString() ?? null,
      last_error: r.lastError,
      last_test: r.lastTest ?? null,
    },
    created_ts: r.createdAt.toISOString(),
  };
}

/** Integrations are the app admin's (contract section 4). */
const ROLE = 'admin' as const;

/** A generated secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const newVerifyToken = () => randomBytes(18).toString('base64url');

/** The type's settings, checked; 422 naming `settings.<field>` for each problem. */
async function checkedSettings(
  ctx: CompanyCtx & { allowPrivate: boolean },
  appId: number,
  type: IntegrationType,
  given: Record<string, unknown>,
) {
  const parsed = INTEGRATION_SETTINGS[type].safeParse(given);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = ['settings', ...issue.path.map(String)].join('.');
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new AppError('VALIDATION_ERROR', 'Some settings are not valid', { fields });
  }
  const settings = { ...parsed.data } as Record<string, unknown>;
  for (const key of Object.keys(settings)) if (settings[key] === undefined) delete settings[key];
  if (settings.queue_id != null) {
    const [queue] = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(
        and(
          eq(queues.id, Number(settings.queue_id)),
          eq(queues.appId, appId),
          eq(queues.companyId, ctx.companyId),
        ),
      )
      .limit(1);
    if (!queue) throw invalidField('settings.queue_id', 'Choose a queue of this app');
  }
  // A target on a private network is refused when saved (and again at each delivery).
  for (const key of ['url', 'webhook_url'] as const) {
    if (typeof settings[key] !== 'string') continue;
    const problem = await targetProblem(settings[key], ctx.allowPrivate);
    if (problem) throw invalidField(`settings.${key}`, problem);
  }
  if ((type === 'whatsapp' || type === 'facebook') && !settings.verify_token)
    settings.verify_token = newVerifyToken();
  return settings;
}

/** What a write does to the secrets (plain values to seal, names to remove); only the type's own names. */
function secretChanges(type: IntegrationType, given: Record<string, string> = {}) {
  const allowed = INTEGRATION_SECRETS[type];
  const unknown = Object.keys(given).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    const message =
      allowed.length === 0
        ? 'This type takes no secrets'
        : `This type takes these secrets: ${allowed.join(', ')}`;
    throw invalidField(`secrets.${unknown[0]}`, message);
  }
  const set: Record<string, string> = {};
  const removed: string[] = [];
  for (const [k, v] of Object.entries(given)) {
    if (v.trim() === '') removed.push(k);
    else set[k] = v.trim();
  }
  return { set, removed };
}

/**
 * The stored secrets after a write: a name left out keeps its sealed value, "" removes it, a given value is
 * sealed under the row's id (decision 038), so the database never holds one in the clear.
 */
function storedSecrets(
  box: SecretsBox,
  id: number,
  current: Record<string, string>,
  changes: ReturnType<typeof secretChanges>,
) {
  const out = { ...current, ...sealIntegrationSecrets(box, id, changes.set) };
  for (const k of changes.removed) delete out[k];
  return out;
}

export async function listIntegrations(ctx: CompanyCtx, appId: number) {
  await appInReach(ctx, appId, ROLE);
  const rows = await ctx.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.companyId, ctx.companyId), eq(integrations.appId, appId)))
    .orderBy(asc(integrations.name), asc(integrations.id));
  return rows.map(toIntegration);
}

/** The integration, in an app the caller administers; any other id answers 404 as a missing one does. */
export async function integrationInReach(ctx: CompanyCtx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound('Integration');
  await appInReach(ctx, row.appId, ROLE).catch((err) => {
    throw err?.status === 404 ? notFound('Integration') : err;
  });
  return row;
}

/** The integration writes' context: the private-target switch and the box that seals their secrets. */
type WriteCtx = CompanyCtx & { allowPrivate: boolean; secrets: SecretsBox };

export async function createIntegration(ctx: WriteCtx, input: CreateIntegrationBody) {
  const { app } = await appInReach(ctx, input.app_id, ROLE);
  const settings = await checkedSettings(ctx, app.id, input.type, input.settings ?? {});
  const changes = secretChanges(input.type, input.secrets);
  // A webhook or API integration always signs: given no secret, it gets one, shown this once.
  let shown: string | undefined;
  if ((input.type === 'webhook' || input.type === 'api') && !changes.set.signing_secret) {
    shown = newSigningSecret();
    changes.set.signing_secret = shown;
  }
  return ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(integrations)
      .values({
        companyId: ctx.companyId,
        appId: app.id,
        type: input.type,
        name: input.name,
        isActive: input.is_active ?? true,
        settings,
      })
      .returning({ id: integrations.id });
    // The secrets are bound to the row's id, known once it is inserted (same transaction).
    const [row] = await tx
      .update(integrations)
      .set({ secrets: storedSecrets(ctx.secrets, added!.id, {}, changes) })
      .where(eq(integrations.id, added!.id))
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'integration.created', row!.id, {
      name: input.name,
      type: input.type,
      app_id: app.id,
    });
    return { ...toIntegration(row!), ...(shown ? { signing_secret: shown } : {}) };
  });
}

export async function updateIntegration(ctx: WriteCtx, id: number, input: UpdateIntegrationBody) {
  const current = await integrationInReach(ctx, id);
  const settings = input.settings
    ? await checkedSettings(ctx, current.appId, current.type, {
        // A generated verify token survives a change that does not give one.
        verify_token: current.settings.verify_token,
        ...input.settings,
      })
    : undefined;
  const secrets = input.secrets
    ? storedSecrets(ctx.secrets, id, current.secrets, secretChanges(current.type, input.secrets))
    : undefined;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrations)
      .set({ name: input.name, isActive: input.is_active, settings, secrets, updatedAt: new Date() })
      .where(and(eq(integrations.id, id), eq(integrations.companyId, ctx.companyId)))
      .returning();
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'integration.updated',
      entityType: 'integration',
      entityId: id,
      // Which secrets changed, never their values.
      details: { name: row!.name, fields: Object.keys(input), secrets: Object.keys(input.secrets ?? {}) },
    });
    return toIntegration(row!);
  });
}

export async function deleteIntegration(ctx: CompanyCtx, id: number) {
  const current = await integrationInReach(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(integrations)
      .where(and(eq(integrations.id, id), eq(integrations.companyId, ctx.companyId)));
    await recordChange(tx, ctx.actor, ctx.companyId, 'integration.deleted', id, {
      name: current.name,
      type: current.type,
      app_id: current.appId,
    });
  });
}
