import {
  AssignBody,
  ConsoleMessage,
  Conversation,
  ConversationIdBody,
  ConversationLabelsBody,
  ConversationPoll,
  ConversationPollQuery,
  Dashboard,
  DashboardQuery,
  Done,
  IdQuery,
  MentionablePerson,
  PriorityBody,
  ReadBody,
  SendMessageBody,
  SnoozeBody,
  TransferBody,
} from '@inbox/contract';
import { type ZodTypeAny, z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { leanSerializer } from '../../http/lean-serializer.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import {
  assignConversation,
  reopenConversation,
  resolveConversation,
  unassignConversation,
} from './actions.ts';
import { whoCanSee } from './audience.ts';
import { getDashboard } from './dashboard.ts';
import { deleteConversation } from './delete.ts';
import { labelConversation } from './labels.ts';
import { pollConversations } from './poll.ts';
import { agentTyping, markRead } from './reads.ts';
import { sendConsoleMessage, type TemplateReply } from './send.ts';
import { transferConversation } from './transfer.ts';
import { setConversationPriority, snoozeConversation } from './triage.ts';

const REACH =
  'Company admins see every conversation of the company; app admins and managers every conversation of ' +
  'their apps (private queues included); agents those of the queues they belong to, those assigned to them, ' +
  'and unassigned ones of public queues (or of no queue) in the apps they can see. A conversation out of ' +
  'reach answers 404 NOT_FOUND to every call.';
const ANSWER = 'Answers the conversation as it is after the action.';

/**
 * The agent inbox: list and thread polling, replies and notes, and the conversation actions. A WhatsApp
 * template reply is made by the channels module's `templateReply`, handed in by the route registry.
 */
type Options = { templateReply: TemplateReply };

export const conversationRoutes = companyPlugin<Options>('conversations', async (app, { templateReply }) => {
  const storage = app.deps.storage;

  app.get(
    '/conversation/poll',
    {
      ...spec(
        'The inbox list (latest activity first) and, optionally, one open conversation',
        {
          description:
            `${REACH} With \`conversation_id\`: that conversation in full, its messages after ` +
            '`last_message_id` oldest first (the latest 50 without it; at most 100 per poll; internal notes ' +
            'included with `is_private`), and who else is typing. `before_message_id` instead of ' +
            '`last_message_id` answers the 50 messages before that id, oldest first; the latest page and ' +
            'these pages say in `has_older_messages` whether more exist further back. `unread_count` counts ' +
            'customer messages after the caller’s read marker (see /conversation/read).',
          querystring: ConversationPollQuery,
        },
        ConversationPoll,
      ),
      config: { apiKey: 'conversations:read' },
      // The console's most frequent call; its answer is built field by field in summaries.ts and poll.ts.
      serializerCompiler: leanSerializer,
    },
    async (request) => ok(await pollConversations(request.callerCtx!, request.query)),
  );

  app.get(
    '/dashboards',
    spec(
      'Counts and the latest conversations the caller can see, optionally of one app',
      {
        description: `${REACH} \`resolved_today\` counts from midnight in the company’s timezone.`,
        querystring: DashboardQuery,
      },
      Dashboard,
    ),
    async (request) => ok(await getDashboard(request.companyCtx!, request.query)),
  );

  app.get(
    '/conversation/mentionable',
    spec(
      'The people who can see the conversation now: whom an internal note may mention',
      {
        description:
          `${REACH} Active members only, the caller included, by name. A note mentioning anyone else answers ` +
          '422 on `mentions`.',
        querystring: IdQuery,
      },
      z.array(MentionablePerson),
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const conv = await requireVisibleConversation(ctx, ctx.db, request.query.id);
      return ok(await whoCanSee(ctx, conv.id));
    },
  );

  app.post(
    '/messages',
    {
      ...spec(
        'Reply to the customer, or write an internal note (`is_private: true`)',
        {
          description:
            'The first reply sets the first-response time and moves `open` to `pending`; notes change neither ' +
            'and never reach the portal. A reply to a resolved or closed conversation is stored but does not ' +
            'reopen it. `attachments`: ids from POST /attachments/upload by the same user for this conversation. ' +
            'A repeated `client_message_id` returns the first message. A reply (not a note) to an unassigned ' +
            'open or pending conversation assigns it to the replier when the company’s `auto_assign_on_reply` ' +
            'is on (the default) and the replier can work its queue; the thread records it.',
          body: SendMessageBody,
        },
        ConsoleMessage,
        201,
      ),
      config: { apiKey: 'messages:send' },
    },
    async (request) => {
      const { message } = await sendConsoleMessage(
        request.callerCtx!,
        app.deps.config,
        request.body,
        templateReply,
      );
      return ok(message);
    },
  );

  /** A conversation action: its body in, the conversation as it is afterwards out. */
  const action = <B extends ZodTypeAny>(body: B, summary: string, description: string) =>
    spec(summary, { description: `${description} ${ANSWER}`, body }, Conversation);
  /** The same, open to API keys granted `conversations:write` on an integration of the conversation's app. */
  const keyAction = <B extends ZodTypeAny>(body: B, summary: string, description: string) => ({
    ...action(body, summary, `${description} API keys: \`conversations:write\`.`),
    config: { apiKey: 'conversations:write' as const },
  });

  app.post(
    '/conversation/typing',
    action(ConversationIdBody, 'Signal that the caller is typing', 'Shown for a few seconds.'),
    async (request) => ok(await agentTyping(request.companyCtx!, request.body.conversation_id)),
  );

  app.post(
    '/conversation/read',
    action(
      ReadBody,
      'Mark the conversation read up to a message (default: the latest)',
      'The marker only moves forward.',
    ),
    async (request) => ok(await markRead(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/assign',
    action(
      AssignBody,
      'Assign the conversation to a user',
      'Anyone who can see the conversation may assign it, to themself or to a colleague (as in Chatwoot, ' +
        'agents assign within their team). The user must be an active company member able to work the ' +
        'conversation’s queue (422 on `user_id` otherwise).',
    ),
    async (request) => ok(await assignConversation(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/unassign',
    action(ConversationIdBody, 'Remove the assignee', 'Anyone who can see it.'),
    async (request) => ok(await unassignConversation(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/transfer',
    action(
      TransferBody,
      'Transfer to another queue of the same app and/or another user, with a reason',
      'At least one of `queue_id` (an active queue of the same app) and `user_id` (who must be able to work ' +
        'the resulting queue); `transfer_reason` is required. Without `user_id` the assignee stays only if ' +
        'they can work the new queue. A console-only line records the transfer in the thread.',
    ),
    async (request) => ok(await transferConversation(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/resolve',
    action(
      ConversationIdBody,
      'Resolve the conversation',
      'The portal then shows "Conversation Ended" and the customer can no longer send.',
    ),
    async (request) => ok(await resolveConversation(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/labels',
    keyAction(
      ConversationLabelsBody,
      'Put labels on the conversation and take labels off it (anyone who can see it)',
      'A label in both lists is taken off; a label already on (or already off) changes nothing. Each change ' +
        'writes a console-only line in the thread ("Label VIP added by Olivia") and a ' +
        '`conversation.labels_changed` event with the labels it carries afterwards. A label id that is not ' +
        'the company’s answers 404 and nothing changes.',
    ),
    async (request) => ok(await labelConversation(request.callerCtx!, request.body)),
  );

  app.post(
    '/conversation/reopen',
    action(
      ConversationIdBody,
      'Reopen a resolved or closed conversation',
      'Anyone who can see it. The conversation becomes `open` again with its assignee and queue, and a ' +
        'console-only line records who reopened it. An open or pending conversation answers 409 CONFLICT. ' +
        'The customer’s ended portal session is not revived (POST /conversation/secure-link sends a new one).',
    ),
    async (request) => ok(await reopenConversation(request.companyCtx!, request.body)),
  );

  app.post(
    '/conversation/priority',
    keyAction(
      PriorityBody,
      'Set the conversation’s priority (urgent, high, medium, low) or clear it (null)',
      'Anyone who can see it. A console-only line records the change, and a `conversation.priority_changed` ' +
        'event tells live consoles and webhooks. The same priority again changes nothing.',
    ),
    async (request) =>
      ok(await setConversationPriority(request.callerCtx!, request.body.conversation_id, request.body)),
  );

  app.post(
    '/conversation/snooze',
    keyAction(
      SnoozeBody,
      'Snooze the conversation until a time, or until the customer writes (`until_ts` null)',
      'Anyone who can see it. Its status becomes `snoozed` and it leaves the inbox list (`status=snoozed` ' +
        'lists it); `until_ts` must be in the future (422). A customer message, or the time coming, returns ' +
        'it to `open` with the line "Snooze ended", once, on whichever server process. The customer keeps ' +
        'seeing it open. A `conversation.snoozed` event records it.',
    ),
    async (request) =>
      ok(await snoozeConversation(request.callerCtx!, app.jobs, request.body.conversation_id, request.body)),
  );

  app.delete(
    '/conversations',
    spec(
      'Delete a conversation permanently, with its messages and files',
      {
        description: `Company admins and the app’s admins and managers (403 for others who can see it). ${REACH}`,
        querystring: IdQuery,
      },
      Done,
    ),
    async (request) => {
      await deleteConversation(request.companyCtx!, storage, request.query.id);
      return done('Conversation deleted');
    },
  );
});
