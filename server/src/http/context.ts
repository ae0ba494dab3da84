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

/** Who is acting: the user, and the platform admin behind them when impersonating. */
export interface Actor {
  user: AuthUser;
  impersonator: AuthUser | null;
  sessionId: string;
}

/** Everything a service verb needs: the database, the actor, and (for company calls) the company. */
export interface Ctx {
  db: Db;
  config: Config;
  mailer: Mailer;
  actor: Actor;
}

export interface CompanyCtx extends Ctx {
  companyId: number;
  /** Effective role: platform admins act as company admins. */
  role: CompanyRole;
}
