import { z } from 'zod';

/** What a plan allows in a calendar month; null: no limit. Limits warn; they never stop a customer's message. */
export interface PlanLimits {
  seats: number | null;
  conversations: number | null;
  ai_requests: number | null;
  storage_bytes: number | null;
}

export const PLAN_IDS = ['free', 'starter', 'growth', 'scale'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

const GB = 1024 ** 3;

export const PLANS: Record<
  PlanId,
  { name: string; price_per_month: number; limits: PlanLimits; blurb: string }
> = {
  free: {
    name: 'Free',
    price_per_month: 0,
    limits: { seats: 3, conversations: 100, ai_requests: 50, storage_bytes: GB / 2 },
    blurb: 'For trying the inbox with a small team.',
  },
  starter: {
    name: 'Starter',
    price_per_month: 29,
    limits: { seats: 10, conversations: 2_000, ai_requests: 1_000, storage_bytes: 10 * GB },
    blurb: 'For a growing support team.',
  },
  growth: {
    name: 'Growth',
    price_per_month: 99,
    limits: { seats: 50, conversations: 20_000, ai_requests: 10_000, storage_bytes: 100 * GB },
    blurb: 'For several apps and busy queues.',
  },
  scale: {
    name: 'Scale',
    price_per_month: 399,
    limits: { seats: null, conversations: null, ai_requests: 100_000, storage_bytes: 1000 * GB },
    blurb: 'For large teams, without seat or conversation limits.',
  },
};

/** At this share of a limit the usage card warns. */
export const NEAR_LIMIT = 0.8;

const Limits = z.object({
  seats: z.number().nullable(),
  conversations: z.number().nullable(),
  ai_requests: z.number().nullable(),
  storage_bytes: z.number().nullable(),
});

export const Plan = z.object({
  plan_id: z.enum(PLAN_IDS),
  name: z.string(),
  price_per_month: z.number(),
  limits: Limits,
});
export type Plan = z.infer<typeof Plan>;

export const BillingUsage = z.object({
  period: z
    .object({ start: z.string(), end: z.string() })
    .describe('the calendar month in the company’s timezone'),
  plan: Plan,
  usage: z.object({
    seats: z.number().describe('company users who are not suspended'),
    conversations: z.number().describe('conversations started in the period'),
    messages: z.number().describe('messages of customers and agents in the period'),
    ai_requests: z.number(),
    storage_bytes: z.number(),
  }),
});
export type BillingUsage = z.infer<typeof BillingUsage>;

export const CheckoutBody = z.object({ plan_id: z.enum(PLAN_IDS, 'Choose a plan') });
export const Checkout = z.object({
  checkout_url: z.string().describe('where to send the browser to pay; it comes back to /billing/success'),
});
export const ConfirmBody = z.object({ session_id: z.string().min(1).max(500) });
