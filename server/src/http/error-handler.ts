import type { ErrorBody, FieldErrors } from '@inbox/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../db/unreachable.ts';
import { repeatedWarning } from '../lib/repeated-warning.ts';
import { SecretsError } from '../lib/secrets-box.ts';
import { AppError } from './app-error.ts';
import type { PageFallback } from './page-fallback.ts';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json').send(body);
}

export function errorBody(err: AppError): ErrorBody {
  const body: ErrorBody = {
    success: false,
    message: err.message,
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
  };
  if (err.fields) body.errors = err.fields;
  return body;
}

/** Maps every failure to the contract's error envelope; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance, pageFallback?: PageFallback) {
  // Every request answers 503 while the database is away; the log says so once per period.
  const unreachable = repeatedWarning();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, errorBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').split('/');
        // A query string has no nested fields: `status=open,done` is wrong in `status`, not in `status.1`.
        const name =
          (error.validationContext === 'querystring' ? path[0] : path.join('.')) ||
          error.validationContext ||
          'body';
        const message = issue.message ?? 'Invalid value';
        if (!fields[name]?.includes(message)) fields[name] = [...(fields[name] ?? []), message];
      }
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid request';
      return send(reply, 422, errorBody(new AppError('VALIDATION_ERROR', first, { fields })));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, errorBody(new AppError('INTERNAL', 'An unexpected error occurred')));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return send(reply, 413, errorBody(new AppError('PAYLOAD_TOO_LARGE', 'The request is too large')));
    }
    if (status === 415) {
      return send(reply, 415, errorBody(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type')));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad headers and the like: the sentence is Fastify's own and safe to show.
      return send(reply, status, errorBody(new AppError('BAD_REQUEST', error.message)));
    }
    if (error instanceof SecretsError) {
      // A stored secret this server's key does not open (decision 038): the operator's to fix, so the reason
      // goes to the log; a provider told 503 sends again later, when the key is right.
      request.log.error({ err: error }, 'a stored secret cannot be opened');
      reply.header('retry-after', '60');
      return send(
        reply,
        503,
        errorBody(
          new AppError(
            'SERVICE_UNAVAILABLE',
            'A secret of this integration cannot be opened with the server’s key; the server log says why',
          ),
        ),
      );
    }
    if (isDatabaseUnreachable(error)) {
      // Nothing was stored (the statement never reached the database, or its transaction rolled back).
      unreachable((extra) => request.log.warn({ err: error, ...extra }, 'database unreachable'));
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(
        reply,
        503,
        errorBody(
          new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again.'),
        ),
      );
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, errorBody(new AppError('INTERNAL', 'An unexpected error occurred')));
  });

  app.setNotFoundHandler((request, reply) => {
    const page = pageFallback?.(request, reply);
    if (page) return page;
    return send(
      reply,
      404,
      errorBody(new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)),
    );
  });
}
