import { z } from 'zod';
import { Id, OptionalQueryId, OptionalQueryText, Paging } from './envelope.ts';

/** Who a canned reply is for (contract section 13): the whole company, one app, or its owner alone. */
export const CANNED_REPLY_SCOPES = ['company', 'app', 'personal'] as const;
export type CannedReplyScope = (typeof CANNED_REPLY_SCOPES)[number];

/** The placeholders a canned reply may hold, each with an optional fallback: `{{customer.first_name | "there"}}`. */
export const CANNED_REPLY_PLACEHOLDERS = [
  'customer.name',
  'customer.first_name',
  'customer.email',
  'customer.phone',
  'agent.name',
  'agent.first_name',
  'app.name',
  'queue.name',
  'conversation.number',
  'business_hours.next_open',
] as const;
export type CannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

/**
 * One placeholder as written: a name, then optionally `|` and a quoted fallback. The console finds what is
 * left unfilled in a reply with the same pattern the server fills with.
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*(?:\|\s*"([^"]*)"\s*)?\}\}/g;

/** The names of the placeholders `text` still holds, each once, in order of appearance. */
export function unfilledPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!);
  return [...new Set(names)];
}

export const MAX_SHORT_CODE = 40;
export const MAX_CANNED_ATTACHMENTS = 10;

export const CannedReplyAttachment = z.object({
  attachment_id: z.number(),
  original_filename: z.string(),
  file_size: z.number().describe('bytes'),
});

export const CannedReply = z.object({
  canned_reply_id: z.number(),
  scope: z.enum(CANNED_REPLY_SCOPES),
  app_id: z.number().nullable(),
  owner: z.object({ user_id: z.number(), name: z.string() }).nullable(),
  short_code: z.string(),
  title: z.string(),
  content: z.string(),
  attachments: z.array(CannedReplyAttachment),
  created_ts: z.string(),
  updated_ts: z.string(),
});
export type CannedReply = z.infer<typeof CannedReply>;

export const CannedRepliesQuery = Paging.extend({
  app_id: OptionalQueryId,
  search: OptionalQueryText,
  /** Only one scope (the admin pages list one each); the rule of what the caller may use still applies. */
  scope: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CANNED_REPLY_SCOPES).optional()),
});
export type CannedRepliesQuery = z.infer<typeof CannedRepliesQuery>;

const ShortCode = z
  .string('Short code is required')
  .trim()
  .min(1, 'Short code is required')
  .max(MAX_SHORT_CODE, `At most ${MAX_SHORT_CODE} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only');

const fields = {
  short_code: ShortCode,
  title: z.string('Title is required').trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  content: z
    .string('Content is required')
    .trim()
    .min(1, 'Content is required')
    .max(10_000, 'At most 10,000 characters'),
  attachments: z
    .array(Id, 'Give the attachments as a list of attachment ids')
    .max(MAX_CANNED_ATTACHMENTS, `At most ${MAX_CANNED_ATTACHMENTS} files`),
};

export const CreateCannedReplyBody = z
  .object({
    scope: z.enum(CANNED_REPLY_SCOPES, 'Choose company, app or personal'),
    app_id: Id.nullable().optional(),
    ...fields,
    attachments: fields.attachments.default([]),
  })
  .superRefine((r, ctx) => {
    if (r.scope === 'app' && r.app_id == null) {
      ctx.addIssue({ code: 'custom', message: 'Choose the app', path: ['app_id'] });
    }
    if (r.scope !== 'app' && r.app_id != null) {
      ctx.addIssue({ code: 'custom', message: 'Only an app reply names an app', path: ['app_id'] });
    }
  });
export type CreateCannedReplyBody = z.infer<typeof CreateCannedReplyBody>;

/** What is left out stays as it is; the scope and the app never change (delete and create instead). */
export const UpdateCannedReplyBody = z.object({
  short_code: fields.short_code.optional(),
  title: fields.title.optional(),
  content: fields.content.optional(),
  attachments: fields.attachments.optional(),
});
export type UpdateCannedReplyBody = z.infer<typeof UpdateCannedReplyBody>;

export const RenderCannedReplyBody = z.object({ canned_reply_id: Id, conversation_id: Id });
export type RenderCannedReplyBody = z.infer<typeof RenderCannedReplyBody>;

export const RenderedCannedReply = z.object({
  content: z.string(),
  attachments: z
    .array(
      z.object({
        attachment_id: z.number(),
        original_filename: z.string(),
        file_size: z.number(),
        mime_type: z.string(),
      }),
    )
    .describe('fresh uploads of the caller to this conversation, to send with POST /messages'),
  missing: z.array(z.string()).describe('placeholders left in the text: no value and no fallback'),
});
export type RenderedCannedReply = z.infer<typeof RenderedCannedReply>;
