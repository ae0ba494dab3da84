import { Rated, RatingBody, RatingPage, RatingTokenParams } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { sharedLimiter, tryOnce } from '../../lib/rate-limiter.ts';
import { rate, ratingPage } from './rate.ts';

const TOKEN_NOTE =
  'The token is the one in the `/rate/{token}` link sent to the customer. Unknown: 404; older than 7 days: ' +
  '410 RATING_EXPIRED.';

/**
 * Calls one address may make on rating links a minute, shared by every process. A guessed token is worth
 * nothing (32 random bytes), but each call reads the database, and a customer needs two or three.
 */
export const RATING_CALLS_PER_MINUTE_PER_IP = 30;

/** The rate page's calls (`/rate/{token}`): public, the link's token is the only proof. */
export const csatRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'portal');
  const { db } = app.deps;
  const perIp = sharedLimiter(db, 'rating-ip', RATING_CALLS_PER_MINUTE_PER_IP, 60_000);
  app.addHook('preValidation', async (request) => {
    const wait = await tryOnce(perIp, request.ip);
    if (wait > 0) throw rateLimited(wait);
  });

  app.get(
    '/ratings/:token',
    spec(
      'What a rating link asks, and its rating once given',
      { description: TOKEN_NOTE, params: RatingTokenParams },
      RatingPage,
    ),
    async (request) => ok(await ratingPage(db, request.params.token)),
  );

  app.post(
    '/ratings/:token',
    spec(
      'The customer rates a resolution through a rating link (1 to 5, with an optional comment)',
      {
        description: `Once per resolution: a second rating answers 409 CONFLICT. ${TOKEN_NOTE}`,
        params: RatingTokenParams,
        body: RatingBody,
      },
      Rated,
      201,
    ),
    async (request) => ok(await rate(db, { token: request.params.token }, request.body)),
  );
};
