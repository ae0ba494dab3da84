import {
  CannedRepliesQuery,
  CannedReply,
  CreateCannedReplyBody,
  Done,
  IdQuery,
  RenderCannedReplyBody,
  RenderedCannedReply,
  UpdateCannedReplyBody,
} from '@inbox/contract';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, listSpec, spec } from '../../http/route-spec.ts';
import { renderCannedReply } from './render.ts';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './service.ts';

/** `/canned-replies` (contract section 13): saved replies of the company, an app, or oneself. */
export const cannedReplyRoutes = companyPlugin('canned-replies', async (app) => {
  const storage = app.deps.storage;

  app.get(
    '/canned-replies',
    listSpec(
      'The canned replies the caller may use',
      {
        description:
          'The company’s, those of the apps the caller can see (`app_id` narrows to that app, beside the ' +
          'company’s and the caller’s own) and the caller’s own personal ones; never another person’s. ' +
          '`search` ranks a short code starting with it first, then a short code holding it, then a title or ' +
          'content holding it. `scope` lists one scope only.',
        querystring: CannedRepliesQuery,
      },
      CannedReply,
    ),
    async (request) => {
      const page = await listCannedReplies(request.companyCtx!, request.query);
      return list(page.data, page.meta);
    },
  );

  app.post(
    '/canned-replies',
    spec(
      'Save a canned reply',
      {
        description:
          'Company scope: company admins and managers; app scope: that app’s admins and managers; personal: ' +
          'anyone, for themselves. `attachments` are the caller’s own unsent uploads (`POST ' +
          '/attachments/upload`, no conversation needed), which the reply then owns. A short code already ' +
          'used in the same scope (case-insensitively) answers 409.',
        body: CreateCannedReplyBody,
      },
      CannedReply,
      201,
    ),
    async (request) => ok(await createCannedReply(request.companyCtx!, request.body)),
  );

  app.put(
    '/canned-replies',
    spec(
      'Change a canned reply (who may: as for saving one)',
      {
        description:
          '`attachments`, when given, is the whole list: the reply’s files to keep and new uploads to take ' +
          'over; a file left out is deleted. Someone else’s personal reply answers 404.',
        querystring: IdQuery,
        body: UpdateCannedReplyBody,
      },
      CannedReply,
    ),
    async (request) =>
      ok(await updateCannedReply(request.companyCtx!, storage, request.query.id, request.body)),
  );

  app.delete(
    '/canned-replies',
    spec(
      'Delete a canned reply and its files (messages already sent keep theirs)',
      { querystring: IdQuery },
      Done,
    ),
    async (request) => {
      await deleteCannedReply(request.companyCtx!, storage, request.query.id);
      return done('Canned reply deleted');
    },
  );

  app.post(
    '/canned-replies/render',
    spec(
      'A canned reply filled in for one conversation',
      {
        description:
          'Placeholders filled from the conversation (the stored customer fields), the caller and the company; ' +
          'one with no value and no fallback stays in the text and is named in `missing`. Its files are copied ' +
          'into the conversation as the caller’s uploads, to send with `POST /messages`. The reply and the ' +
          'conversation must both be visible to the caller (404 otherwise).',
        body: RenderCannedReplyBody,
      },
      RenderedCannedReply,
    ),
    async (request) => ok(await renderCannedReply(request.companyCtx!, storage, request.body)),
  );
});
