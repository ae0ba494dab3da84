import { z } from 'zod';
import { CONVERSATION_STATUSES } from './constants.ts';
import { CONVERSATION_MESSAGES, ConversationPollQuery } from './conversations.ts';
import { Id, Timestamp } from './envelope.ts';

/** Contract section 13, "Bulk actions": every action a bulk call names. */
export const BULK_ACTIONS = [
  'assign',
  'unassign',
  'transfer',
  'resolve',
  'reopen',
  'snooze',
  'priority',
  'labels',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many `conversation_ids` in one call. */
export const MAX_BULK_IDS = 1000;
/** At most this many conversations matching a `filter`; more answers 422. */
export const MAX_BULK_MATCHES = 10_000;

export const BULK_MESSAGES = {
  idsOrFilter: 'Give conversation_ids or a filter, one of the two',
  tooManyIds: 'At most 1,000 conversation ids at once',
  noIds: 'Give at least one conversation id',
  tooManyMatches: 'More than 10,000 conversations match this filter: narrow it down',
  actionNotAvailable: 'This action is not available yet',
  notFound: 'Conversation not found',
  changedSince: 'Changed by someone else since: left as it is',
  cannotRestore: 'This change cannot be undone from that state',
} as const;

const transferReason = z
  .string({ error: CONVERSATION_MESSAGES.transferReasonRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.transferReasonRequired)
  .max(500);

/**
 * Each action's `params` (contract section 13). The last three name their fields already; the server
 * refuses them with 422 until their changes are wired into its action table (`bulk-actions.ts`).
 */
export const BULK_PARAMS = {
  assign: z.object({ user_id: Id }),
  unassign: z.object({}),
  transfer: z.object({ queue_id: Id, transfer_reason: transferReason }),
  resolve: z.object({}),
  reopen: z.object({}),
  snooze: z.object({ until_ts: Timestamp.nullable() }),
  priority: z.object({ priority: z.enum(['urgent', 'high', 'medium', 'low']).nullable() }),
  labels: z.object({
    add: z.array(Id).max(100).optional().default([]),
    remove: z.array(Id).max(100).optional().default([]),
  }),
} satisfies Record<BulkAction, z.ZodType>;
export type BulkParams = { [A in BulkAction]: z.infer<(typeof BULK_PARAMS)[A]> };

/** Paging, cursors and the open thread are not filters: every other poll filter is (new ones too). */
const { limit, offset, after, before, conversation_id, last_message_id, before_message_id, ...filters } =
  ConversationPollQuery.shape;
export const BulkFilter = z.object(filters);
export type BulkFilter = z.infer<typeof BulkFilter>;
/** The filter as a client writes it (`status` as `open,pending`, as in the poll's query). */
export type BulkFilterInput = z.input<typeof BulkFilter>;

/** `params` checked against the action's own schema, its problems named under `params.` */
function checkParams(b: { action: BulkAction; params?: unknown }, ctx: z.RefinementCtx) {
  const parsed = BULK_PARAMS[b.action].safeParse(b.params ?? {});
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
  }
}

const ParamsField = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'by action: assign `{user_id}`, transfer `{queue_id, transfer_reason}`, snooze `{until_ts}` (null: until ' +
      'the customer writes), priority `{priority}`, labels `{add, remove}`; none for unassign, resolve, reopen',
  );

export const BulkBody = z
  .object({
    conversation_ids: z
      .array(Id)
      .min(1, BULK_MESSAGES.noIds)
      .max(MAX_BULK_IDS, BULK_MESSAGES.tooManyIds)
      .optional()
      .describe('at most 1,000; ids the caller cannot see fail as NOT_FOUND'),
    filter: BulkFilter.optional().describe(
      'the poll filters: every conversation the caller can see that matches them now (up to 10,000)',
    ),
    action: z.enum(BULK_ACTIONS),
    params: ParamsField,
  })
  .superRefine((b, ctx) => {
    if ((b.conversation_ids === undefined) === (b.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['conversation_ids'], message: BULK_MESSAGES.idsOrFilter });
    }
    checkParams(b, ctx);
  });
export type BulkBody = z.infer<typeof BulkBody>;

export const BulkFailure = z.object({
  conversation_id: z.number(),
  code: z.string().describe('NOT_FOUND, VALIDATION_ERROR or CONFLICT, as the single call would answer'),
  message: z.string(),
});
export type BulkFailure = z.infer<typeof BulkFailure>;

/** A conversation as it was before a bulk change: what its undo restores. */
export const BulkPrevious = z.object({
  conversation_id: Id,
  status: z.enum(CONVERSATION_STATUSES),
  assigned_user_id: Id.nullable(),
  queue_id: Id.nullable(),
  priority: z.string().nullable().describe('null: no priority'),
  labels: z.array(Id).describe('the label ids it carried'),
  snoozed_until_ts: Timestamp.nullable().describe('null: not snoozed, or until the customer writes'),
});
export type BulkPrevious = z.infer<typeof BulkPrevious>;

export const BulkResult = z.object({
  matched: z.number().describe('conversations asked for: distinct ids given, or those the filter matched'),
  updated: z.number().describe('conversations changed; the others failed or were already so'),
  failed: z.array(BulkFailure),
  previous: z
    .array(BulkPrevious)
    .describe('each changed conversation as it was before: POST /conversations/bulk/undo restores it'),
});
export type BulkResult = z.infer<typeof BulkResult>;

/**
 * `POST /conversations/bulk/undo`: the action and params of a bulk call and its `previous`. Each
 * conversation goes back only if the fields that call changed still hold what it set.
 */
export const BulkUndoBody = z
  .object({
    action: z.enum(BULK_ACTIONS),
    params: ParamsField,
    previous: z.array(BulkPrevious).min(1).max(MAX_BULK_MATCHES),
  })
  .superRefine(checkParams);
export type BulkUndoBody = z.infer<typeof BulkUndoBody>;

export const BulkUndoResult = z.object({
  restored: z.number(),
  failed: z.array(BulkFailure),
});
export type BulkUndoResult = z.infer<typeof BulkUndoResult>;
