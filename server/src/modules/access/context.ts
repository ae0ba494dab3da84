import type { CompanyRole } from '@inbox/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';

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

/**
 * An outside system calling with an API key, on a call open to keys. `appIds` are the apps of the
 * integrations granted the permission that call needs: the key's whole reach for it (contract section 9).
 */
export interface ApiKeyActor {
  type: 'api_key';
  apiKeyId: number;
  name: string;
  appIds: number[];
  /** The integrations granted that permission. */
  integrationIds: number[];
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

declare const admitted: unique symbol;

/**
 * The database and the one company a read or write of company data may touch. Every service over company
 * rows takes one instead of a bare company id, and only the places that decide who may act for a company
 * make one (`admitCompany`: the console's membership check, a platform admin's `scopeOf`, the portal
 * expiry for the company of a session it ended), so a call that forgot the company does not compile.
 */
export interface CompanyScope {
  readonly db: DbOrTx;
  readonly companyId: number;
  readonly [admitted]: true;
}

/** Marks a company as admitted for this call; see `CompanyScope` for who may call it. */
export function admitCompany<T extends { db: DbOrTx; companyId: number }>(base: T): T & CompanyScope {
  return base as T & CompanyScope;
}

/** The same company, inside a transaction. */
export const inTx = <S extends CompanyScope>(scope: S, tx: DbOrTx): CompanyScope => ({ ...scope, db: tx });

export interface CompanyCtx<A extends Actor = UserActor> extends Ctx<A>, Omit<CompanyScope, 'db'> {
  /** Effective role: platform admins act as company admins. */
  role: CompanyRole;
  /** An agent's reach in the company, read with the session (`callerVisibility` uses it). */
  reach?: readonly ReachRow[];
}

/** One line of an agent's reach: an app seen whole or as an agent, a queue belonged to, or a public queue. */
export interface ReachRow {
  kind: 'full' | 'agent' | 'queue' | 'public';
  id: number;
}

/** Who may call the conversation, message and customer calls that API keys may also make. */
export type Caller = UserActor | ApiKeyActor;
export type CallerCtx = CompanyCtx<Caller>;

declare const platform: unique symbol;

/** A platform admin's call across every company: only the /admin routes make one, after the admin check. */
export interface PlatformCtx extends Ctx<UserActor> {
  readonly [platform]: true;
}

export const asPlatformCtx = (ctx: Ctx<UserActor>): PlatformCtx => ctx as PlatformCtx;

/** A platform admin may act in any company: the company of a record it looked up, or one it named. */
export const scopeOf = (ctx: PlatformCtx, companyId: number): CompanyScope =>
  admitCompany({ db: ctx.db, companyId });
