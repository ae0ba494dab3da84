import { createHmac, timingSafeEqual } from 'node:crypto';
import { PLAN_IDS, type PlanId } from '@inbox/contract';

/**
 * Where a plan is paid for. A real provider (Stripe Checkout and the like) answers a hosted page that sends
 * the browser back to `/billing/success?session=...`, and confirms the session server to server. The local
 * provider charges nothing: its session is a signed note of company, plan and time, confirmed by checking
 * the signature, so no card and no outside service is involved (decision 028).
 */
export interface PaymentProvider {
  checkout(companyId: number, plan: PlanId, publicUrl: string): Promise<{ checkoutUrl: string }>;
  /** The plan a finished session paid for, or null when the session is not valid for this company. */
  confirm(companyId: number, sessionId: string): Promise<PlanId | null>;
}

const SESSION_TTL_MS = 60 * 60 * 1000;

export function localPaymentProvider(secret: string): PaymentProvider {
  const sign = (payload: string) =>
    createHmac('sha256', `billing:${secret}`).update(payload).digest('base64url');
  return {
    async checkout(companyId, plan) {
      const payload = `${companyId}.${plan}.${Date.now()}`;
      const session = `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
      return { checkoutUrl: `/billing/success?session=${encodeURIComponent(session)}` };
    },
    async confirm(companyId, sessionId) {
      const [encoded, signature] = sessionId.split('.');
      if (!encoded || !signature) return null;
      const payload = Buffer.from(encoded, 'base64url').toString();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [company, plan, at] = payload.split('.');
      if (Number(company) !== companyId || !PLAN_IDS.includes(plan as PlanId)) return null;
      if (Date.now() - Number(at) > SESSION_TTL_MS) return null;
      return plan as PlanId;
    },
  };
}
