import multipart from '@fastify/multipart';
import {
  Attachment,
  MAX_ATTACHMENT_BYTES,
  ok as okSchema,
  PortalDownloadParams,
  PortalTokenQuery,
} from '@inbox/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { tooLarge } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { openPortalAttachment, uploadPortalAttachment } from './uploads.ts';

const tags = ['portal'];

interface Options {
  storage: AttachmentStorage;
  withSession: (request: FastifyRequest) => Promise<void>;
  limitMessages: (request: FastifyRequest) => Promise<void>;
}

/** Reads the single `file` part into memory (at most 10 MiB); a larger file answers 413. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw invalidField('file', 'A file is required');
  const part = await request.file();
  if (part?.fieldname !== 'file') throw invalidField('file', 'A file is required');
  try {
    return { filename: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
}

export const portalAttachmentRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { db } = app.deps;
  const { storage } = opts;
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/portal/attachment/upload',
    {
      schema: {
        tags,
        summary: 'Upload a file (multipart field `file`) to send with a later message',
        description:
          'Allowed: images, pdf, doc, docx, xls, xlsx, txt, csv, judged from the bytes (415 ' +
          'UNSUPPORTED_MEDIA_TYPE otherwise, whatever the name says); at most 10 MiB (413). ' +
          'Counts toward the message rate limits.',
        querystring: PortalTokenQuery,
        consumes: ['multipart/form-data'],
        response: { 201: okSchema(Attachment) },
      },
      preValidation: opts.limitMessages,
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const attachment = await uploadPortalAttachment({ db, storage, session: request.portal!, ...upload });
      reply.status(201);
      return ok(attachment);
    },
  );

  app.get(
    '/portal/attachment/download/:attachment_id',
    {
      schema: {
        tags,
        summary: 'Download a file of this chat',
        description:
          'Only files of messages in the token’s own conversation (404 otherwise). Sent with the stored ' +
          'type, `Content-Disposition` carrying the original name, and `X-Content-Type-Options: nosniff`.',
        params: PortalDownloadParams,
        querystring: PortalTokenQuery,
        response: { 200: z.any().describe('the file bytes') },
      },
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
