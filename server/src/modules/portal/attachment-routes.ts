import { Attachment, PortalDownloadParams, PortalTokenQuery } from '@inbox/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { rawSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { acceptUploads, bytesOf, filePart } from '../attachments/upload-part.ts';
import { openPortalAttachment, uploadPortalAttachment } from './uploads.ts';

interface Options {
  storage: AttachmentStorage;
  withSession: (request: FastifyRequest) => Promise<void>;
  limitMessages: (request: FastifyRequest) => Promise<void>;
}

export const portalAttachmentRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  tagRoutes(app, 'portal');
  const { db } = app.deps;
  const { storage } = opts;
  await acceptUploads(app);

  app.post(
    '/portal/attachment/upload',
    {
      ...spec(
        'Upload a file (multipart field `file`) to send with a later message',
        {
          description:
            'Allowed: images, pdf, doc, docx, xls, xlsx, txt, csv, judged from the bytes (415 ' +
            'UNSUPPORTED_MEDIA_TYPE otherwise, whatever the name says); at most 10 MiB (413). ' +
            'Counts toward the message rate limits.',
          querystring: PortalTokenQuery,
          consumes: ['multipart/form-data'],
        },
        Attachment,
        201,
      ),
      preValidation: opts.limitMessages,
    },
    async (request) => {
      const part = await filePart(request);
      const upload = { filename: part.filename, data: await bytesOf(part) };
      const attachment = await uploadPortalAttachment({ db, storage, session: request.portal!, ...upload });
      return ok(attachment);
    },
  );

  app.get(
    '/portal/attachment/download/:attachment_id',
    {
      ...rawSpec(
        'Download a file of this chat',
        {
          description:
            'Only files of messages in the token’s own conversation (404 otherwise). Sent with the stored ' +
            'type, `Content-Disposition` carrying the original name, and `X-Content-Type-Options: nosniff`.',
          params: PortalDownloadParams,
          querystring: PortalTokenQuery,
        },
        z.any().describe('the file bytes'),
      ),
      preValidation: opts.withSession,
    },
    async (request, reply) => {
      const file = await openPortalAttachment({
        db,
        storage,
        session: request.portal!,
        id: request.params.attachment_id,
      });
      return reply.headers(file.headers).send(file.stream);
    },
  );
};
