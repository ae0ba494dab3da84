import type { CompanyRole } from '@inbox/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  isPlatformAdmin: boolean;
}

/** A signed-in user, and the platform admin behind them when impersonating. */
export interface UserActor {
  type: 'user';
  user: AuthUser;
  impersonator: AuthUser | null;
  sessionId: string;
}

/** A customer acting through a portal session (or, later, a channel). */
export interface CustomerActor {
  type: 'customer';
  customerId: number;
  name: string;
}

/**
 * The product itself: a sweep, a job, an automation. `onBehalfOf` names the user a system action is for,
 * such as the owner of a password-reset link, so the audit trail still says whose account changed.
 */
export interface SystemActor {
  type: 'system';
  name: string;
  onBehalfOf?: { id: number; name: string };
}

/** An outside system calling with an API key. */
export interface ApiKeyActor {
  type: 'api_key';
  apiKeyId: number;
  name: string;
}

/** Who is acting. Every service verb that writes receives one, and activities and events record it. */
export type Actor = UserActor | CustomerActor | SystemActor | ApiKeyActor;

export const SYSTEM_ACTOR: SystemActor = { type: 'system', name: 'System' };

/** The user id an activity is attributed to, if any. */
export function actorUserId(actor: Actor): number | null {
  if (actor.type === 'user') return actor.user.id;
  if (actor.type === 'system') return actor.onBehalfOf?.id ?? null;
  return null;
}

/** The name shown in system lines ("Resolved by ..."). */
export function actorName(actor: Actor): string {
  if (actor.type === 'user') return actor.user.name;
  return actor.name;
}

/**
 * Everything a service verb needs: the database, the actor, and (for company calls) the company. Console
 * calls act as a user, so that is the default; verbs that any actor may call take `Ctx<Actor>`.
 */
export interface Ctx<A extends Actor = UserActor> {
  db: Db;
  config: Config;
  mailer: Mailer;
  actor: A;
}

export interface CompanyCtx<A extends Actor = UserActor> extends Ctx<A> {
  companyId: number;
  /** Effective role: platform admins act as company admins. */
  role: CompanyRole;
}
