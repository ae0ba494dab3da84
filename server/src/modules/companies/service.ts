import type {
  BusinessHours,
  Company,
  CompanyStatusBody,
  CreateCompanyBody,
  Paging,
  UpdateCompanyBody,
} from '@inbox/contract';
import { eq, type SQL } from 'drizzle-orm';
import { apps, attachments, companies, companyMembers } from '../../db/schema/index.ts';
import { contains, countOf, type Page, pageByName, pageOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/app-error.ts';
import { type Actor, type CompanyScope, inTx, type PlatformCtx, scopeOf } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { type AttachmentStorage, removeFiles } from '../attachments/storage.ts';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  timezone: companies.timezone,
  autoAssignOnReply: companies.autoAssignOnReply,
  businessHours: companies.businessHours,
  status: companies.status,
  statusReason: companies.statusReason,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  appsCount: countOf(apps.companyId, companies.id),
  membersCount: countOf(companyMembers.companyId, companies.id),
};

type CompanyRow = {
  id: number;
  name: string;
  timezone: string;
  autoAssignOnReply: boolean;
  businessHours: BusinessHours | null;
  status: 'active' | 'suspended';
  statusReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  appsCount: number;
  membersCount: number;
};

const toCompany = (r: CompanyRow): Company => ({
  company_id: r.id,
  company_name: r.name,
  timezone: r.timezone,
  auto_assign_on_reply: r.autoAssignOnReply,
  business_hours: r.businessHours,
  status: r.status,
  status_reason: r.statusReason,
  apps_count: r.appsCount,
  members_count: r.membersCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function getCompany(scope: CompanyScope): Promise<Company> {
  const [row] = await scope.db
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.id, scope.companyId))
    .limit(1);
  if (!row) throw notFound('Company');
  return toCompany(row);
}

export async function listCompanies(
  ctx: PlatformCtx,
  input: Paging & { search?: string },
): Promise<Page<Company>> {
  const { db } = ctx;
  const where: SQL | undefined = contains(input.search, companies.name);
  const query = db.select(companyColumns).from(companies).where(where).$dynamic();
  const { rows, total } = await pageByName(db, query, [companies.name, companies.id], input);
  return pageOf(rows.map(toCompany), Number(total), input);
}

export async function createCompany(ctx: PlatformCtx, input: CreateCompanyBody): Promise<Company> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ name: input.company_name, timezone: input.timezone })
      .returning({ id: companies.id });
    await recordChange(tx, ctx.actor, row!.id, 'company.created', row!.id, {
      company_name: input.company_name,
      timezone: input.timezone,
    });
    return getCompany(inTx(scopeOf(ctx, row!.id), tx));
  });
}

/** Name, timezone and settings: status has its own verb, with a reason, for platform admins. */
export async function updateCompany(
  scope: CompanyScope,
  actor: Actor,
  input: UpdateCompanyBody,
): Promise<Company> {
  const { companyId } = scope;
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({
        name: input.company_name,
        timezone: input.timezone,
        autoAssignOnReply: input.auto_assign_on_reply,
        businessHours: input.business_hours,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id });
    if (!row) throw notFound('Company');
    await recordChange(tx, actor, companyId, 'company.updated', companyId, { ...input });
    return getCompany(inTx(scope, tx));
  });
}

export async function setCompanyStatus(ctx: PlatformCtx, input: CompanyStatusBody): Promise<Company> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ status: input.status, statusReason: input.reason || null, updatedAt: new Date() })
      .where(eq(companies.id, input.company_id))
      .returning({ id: companies.id });
    if (!row) throw notFound('Company');
    await recordChange(tx, ctx.actor, input.company_id, 'company.status_changed', input.company_id, {
      status: input.status,
      reason: input.reason,
    });
    return getCompany(inTx(scopeOf(ctx, input.company_id), tx));
  });
}

/**
 * Everything of the company goes with it (foreign keys cascade), and then its files; its users keep their
 * accounts. Answers the file keys that could not be removed.
 */
export async function deleteCompany(scope: CompanyScope, storage: AttachmentStorage, actor: Actor) {
  const { companyId } = scope;
  const keys = await scope.db.transaction(async (tx) => {
    const files = await tx
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.companyId, companyId));
    const [row] = await tx
      .delete(companies)
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id, name: companies.name });
    if (!row) throw notFound('Company');
    // The company's own activities are gone with it, so this record names it in its details instead.
    await recordChange(tx, actor, null, 'company.deleted', companyId, {
      company_id: companyId,
      company_name: row.name,
    });
    return files.map((f) => f.key);
  });
  return removeFiles(storage, keys);
}
