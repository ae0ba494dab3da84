import { type ApiPermission, type CompanyRole, HEADERS } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { companies, companyMembers, users } from '../db/schema/index.ts';
import { statement } from '../db/statement.ts';
import { AppError, forbidden, unauthenticated } from '../http/app-error.ts';
import { verifyAccessToken } from '../lib/tokens.ts';
import {
  type AuthUser,
  admitCompany,
  asPlatformCtx,
  type CallerCtx,
  type CompanyCtx,
  type Ctx,
  type PlatformCtx,
  type ReachRow,
  type UserActor,
} from '../modules/access/context.ts';
import { isSqlInt, reachJson } from '../modules/access/conversation-visibility.ts';
import { knownReach, rememberReach } from '../modules/access/session-reach.ts';
import { authenticateKey, presentedKey } from '../modules/api-keys/authenticate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: UserActor | null;
    ctx: Ctx | null;
    companyCtx: CompanyCtx | null;
    /** The company context of a call API keys may also make: a user's, or a key's (see `apiKey` below). */
    callerCtx: CallerCtx | null;
    /** Set by `requirePlatformAdmin`: the only way to a call across companies. */
    platformCtx: PlatformCtx | null;
    /** The named company as the session lookup found it (`requireCompany` reads it). */
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    /** The permission an API key needs for this call; calls without one refuse keys with 403. */
    apiKey?: ApiPermission;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireCompany: (request: FastifyRequest) => Promise<void>;
    requirePlatformAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
};

const idHeader = (request: FastifyRequest, name: string) => {
  const raw = request.headers[name];
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(id) || id <= 0) {
    throw new AppError('BAD_REQUEST', `Header ${name} must be a positive integer id`);
  }
  return id;
};

/** The header's id, or undefined when it is missing, malformed or beyond the id columns (`idHeader` reports that where it matters). */
const lenientId = (request: FastifyRequest, name: string) => {
  try {
    const id = idHeader(request, name);
    return id !== undefined && isSqlInt(id) ? id : undefined;
  } catch {
    return undefined;
  }
};

interface Membership {
  status: 'active' | 'suspended';
  role: CompanyRole | null;
  /** An agent's reach in the company (`CompanyCtx.reach`). */
  reach?: readonly ReachRow[];
}

interface SessionRow {
  id: number;
  name: string;
  email: string;
  is_platform_admin: boolean;
  company_status: Membership['status'] | null;
  company_role: CompanyRole | null;
  /** An agent's company's list catalog (`session-reach.ts`). */
  catalog: string | null;
  /** An agent's reach (`reachJson`), read only when the catalog is not the one the process knows. */
  reach: [ReachRow['kind'], number][] | null;
}

// Inside `case when cm.role = 'agent'`: only an agent's lookup reads it.
const catalog = sql`coalesce((select lv.catalog from list_versions lv where lv.company_id = c.id), 0)`;

const sessionLookup = statement<
  SessionRow,
  { sessionId: string; userId: number; companyId: number | null; knownCatalog: string }
>(
  'session_lookup',
  sql`select u.id, u.name, u.email, u.is_platform_admin, c.status as company_status, cm.role as company_role,
      case when cm.role = 'agent' then ${catalog}::text end as catalog,
      case when cm.role = 'agent' and ${catalog} <> ${sql.placeholder('knownCatalog')}::bigint
        then ${reachJson(sql`c.id`, sql`u.id`)} end as reach
    from sessions s
    join users u on u.id = s.user_id
    left join companies c on c.id = ${sql.placeholder('companyId')}
    left join company_members cm on cm.company_id = c.id and cm.user_id = u.id
    where s.id = ${sql.placeholder('sessionId')} and s.user_id = ${sql.placeholder('userId')}
      and s.revoked_at is null and s.expires_at > now() and u.status = 'active'
    limit 1`,
);

const toAuthUser = (u: { id: number; name: string; email: string; isPlatformAdmin: boolean }): AuthUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  isPlatformAdmin: u.isPlatformAdmin,
});

/**
 * Console authentication as preHandlers: `requireUser` (a live session of an active user, with optional
 * impersonation), `requireCompany` (plus membership of the X-Company-Id company), `requirePlatformAdmin`.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db, config, mailer } = app.deps;
  app.decorateRequest('actor', null);
  app.decorateRequest('ctx', null);
  app.decorateRequest('companyCtx', null);
  app.decorateRequest('callerCtx', null);
  app.decorateRequest('platformCtx', null);
  app.decorateRequest('membership', null);

  /**
   * The session's user and, in the same statement, that user's membership of the company the request names
   * (the X-Company-Id header) and, for an agent, their reach there: a poll pays one round trip for
   * authentication and sight, not three.
   */
  async function resolveActor(request: FastifyRequest): Promise<UserActor> {
    const token = bearer(request);
    if (!token) throw unauthenticated();
    const claims = await verifyAccessToken(config.jwtSecret, token);
    if (!claims) throw unauthenticated('Invalid or expired token');
    // The session must be live and its user active, so logout and suspension bite at once.
    const companyId = lenientId(request, HEADERS.company) ?? null;
    const known = companyId === null ? undefined : knownReach(db, companyId, claims.userId);
    const [row] = await sessionLookup.rows(db, {
      sessionId: claims.sessionId,
      userId: claims.userId,
      companyId,
      knownCatalog: known?.catalog ?? '-1',
    });
    if (!row) throw unauthenticated('Invalid or expired token');
    const user = toAuthUser({ ...row, isPlatformAdmin: row.is_platform_admin });
    const targetId = idHeader(request, HEADERS.impersonate);
    if (targetId === undefined || targetId === user.id) {
      if (row.company_status !== null) {
        request.membership = { status: row.company_status, role: row.company_role };
        if (companyId !== null && row.catalog !== null) {
          const read = row.reach?.map(([kind, id]) => ({ kind, id }));
          if (read) rememberReach(db, companyId, user.id, { catalog: row.catalog, rows: read });
          request.membership.reach = read ?? known?.rows;
        }
      }
      return { type: 'user', user, impersonator: null, sessionId: claims.sessionId };
    }
    if (!user.isPlatformAdmin) throw forbidden('Only platform admins can impersonate users');
    const [target] = await db
      .select({ id: users.id, name: users.name, email: users.email, isPlatformAdmin: users.isPlatformAdmin })
      .from(users)
      .where(and(eq(users.id, targetId), eq(users.status, 'active')))
      .limit(1);
    if (!target) throw new AppError('NOT_FOUND', 'The user to impersonate was not found or is suspended');
    return { type: 'user', user: toAuthUser(target), impersonator: user, sessionId: claims.sessionId };
  }

  /** The company's status and the actor's role in it; read with the session unless someone is impersonated. */
  async function membershipOf(request: FastifyRequest, companyId: number, userId: number) {
    if (request.membership) return request.membership;
    const [row] = await db
      .select({ status: companies.status, role: companyMembers.role })
      .from(companies)
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, userId)),
      )
      .where(eq(companies.id, companyId))
      .limit(1);
    return row;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (request.ctx) return;
    // Calls for people (profile, platform admin) are verbs no key may use, whatever it is.
    if (presentedKey(request.headers)) throw forbidden('This call does not take an API key');
    const actor = await resolveActor(request);
    request.actor = actor;
    request.ctx = { db, config, mailer, actor };
  });

  app.decorate('requirePlatformAdmin', async (request: FastifyRequest) => {
    await app.requireUser(request);
    // An impersonating admin acts with the impersonated user's rights, not their own.
    if (!request.actor!.user.isPlatformAdmin) throw forbidden('Platform admin access required');
    request.platformCtx = asPlatformCtx(request.ctx!);
  });

  app.decorate('requireCompany', async (request: FastifyRequest) => {
    if (request.callerCtx) return;
    const key = presentedKey(request.headers);
    if (key) {
      const permission = request.routeOptions.config.apiKey;
      if (!permission) throw forbidden('This call does not take an API key');
      const { companyId, actor } = await authenticateKey(db, key, permission);
      // A key acts in its own company: the X-Company-Id header, if any, changes nothing.
      request.callerCtx = admitCompany({ db, config, mailer, actor, companyId, role: 'agent' as const });
      return;
    }
    await app.requireUser(request);
    const ctx = request.ctx!;
    const companyId = idHeader(request, HEADERS.company);
    if (companyId === undefined) throw new AppError('BAD_REQUEST', 'The X-Company-Id header is required');
    const row = await membershipOf(request, companyId, ctx.actor.user.id);
    const isAdmin = ctx.actor.user.isPlatformAdmin;
    if (!row || (!row.role && !isAdmin)) throw forbidden('You are not a member of this company');
    if (row.status === 'suspended' && !isAdmin && !ctx.actor.impersonator) {
      throw new AppError('COMPANY_SUSPENDED', 'This company is suspended');
    }
    // Set by `resolveActor` only for an agent who is the session's own user, never impersonated; a platform
    // admin acts as admin, whose sight `callerVisibility` never takes from it.
    const reach = request.membership?.reach;
    request.companyCtx = admitCompany({
      ...ctx,
      companyId,
      role: isAdmin ? 'admin' : row.role!,
      ...(reach ? { reach } : {}),
    });
    request.callerCtx = request.companyCtx;
  });
});
