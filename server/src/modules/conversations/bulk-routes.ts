import { BulkBody, BulkResult, BulkUndoBody, BulkUndoResult } from '@inbox/contract';
import { ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { bulkChange, bulkUndo } from './bulk.ts';

/** Bulk actions over many conversations and their undo (contract section 13). */
export const bulkRoutes = companyPlugin('conversations', async (app) => {
  app.post(
    '/conversations/bulk',
    spec(
      'Change many conversations at once: by ids, or every one matching the inbox filters',
      {
        description:
          'With `conversation_ids` (at most 1,000) or `filter` (the poll filters: every conversation the ' +
          'caller can see that matches them now, up to 10,000; more answers 422). Each conversation is checked ' +
          'and changed as its single call would be (POST /conversation/assign, /unassign, /transfer, /resolve, ' +
          '/reopen, /snooze, /priority, /labels): the same reach, rules, system line, events and activity; one that fails is listed in ' +
          '`failed` with the code and sentence its single call would answer, and the others still change. Ids ' +
          'the caller cannot see fail as NOT_FOUND, whether or not they exist. A conversation already as asked ' +
          'is counted in `matched` only. Rules that do not depend on the conversation (the user to assign is ' +
          'no active member, the queue is no active queue, a snooze time not in the future) answer 422 on `params` ' +
          'for the whole call.',
        body: BulkBody,
      },
      BulkResult,
    ),
    async (request) => ok(await bulkChange(request.companyCtx!, app.jobs, request.body)),
  );

  app.post(
    '/conversations/bulk/undo',
    spec(
      'Undo a bulk change: restore its `previous`',
      {
        description:
          'The `action` and `params` of the bulk call and its `previous`. Each conversation the caller can ' +
          'see goes back, in the fields that action changes, to what it was, through the same change path ' +
          '(a system line ending in "(undo)", the events, an activity `conversation.restored`), unless those ' +
          'fields no longer hold what the action set (someone changed it since): then it is left as it is and ' +
          'listed in `failed` with CONFLICT. A holder put back must still be able to work the queue. The ' +
          'console offers it for 10 seconds after the call.',
        body: BulkUndoBody,
      },
      BulkUndoResult,
    ),
    async (request) => ok(await bulkUndo(request.companyCtx!, app.jobs, request.body)),
  );
});
