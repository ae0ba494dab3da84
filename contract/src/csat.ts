import { z } from 'zod';
import { Timestamp } from './envelope.ts';

/** Customer satisfaction (contract section 14). */
export const DEFAULT_CSAT_QUESTION = 'How would you rate our support?';
/** A rating link (`/rate/{token}`) answers for this long after the resolution that asked. */
export const CSAT_TOKEN_TTL_DAYS = 7;
export const MAX_RATING_COMMENT_LENGTH = 2000;
/** Scores at or above this are "satisfied" in reports. */
export const CSAT_SATISFIED_SCORE = 4;

/** An app's setting: `PUT /apps?id=` takes it beside the other fields. */
export const CsatSettings = z.object({
  enabled: z.boolean(),
  question: z
    .string()
    .trim()
    .min(1, 'The question is required')
    .max(300, 'The question must be at most 300 characters'),
});
export type CsatSettings = z.infer<typeof CsatSettings>;

/** While a rating is asked for: what the portal and widget show in place of the composer. */
export const RatingRequest = z.object({ question: z.string() });
export type RatingRequest = z.infer<typeof RatingRequest>;

/** `POST /portal/rating` and `POST /ratings/{token}`. */
export const RatingBody = z.object({
  score: z
    .number({ error: 'Score must be a whole number from 1 to 5' })
    .int('Score must be a whole number from 1 to 5')
    .min(1, 'Score must be a whole number from 1 to 5')
    .max(5, 'Score must be a whole number from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(MAX_RATING_COMMENT_LENGTH, `Comment must be at most ${MAX_RATING_COMMENT_LENGTH} characters`)
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type RatingBody = z.infer<typeof RatingBody>;

/** A conversation's latest rating. */
export const ConversationRating = z.object({
  score: z.number(),
  comment: z.string().nullable(),
  created_ts: Timestamp,
});
export type ConversationRating = z.infer<typeof ConversationRating>;

export const Rated = ConversationRating;

export const RatingTokenParams = z.object({ token: z.string().max(200) });

/** `GET /ratings/{token}`: what the rate page shows. */
export const RatingPage = z.object({
  question: z.string(),
  app_name: z.string(),
  company_name: z.string(),
  rating: ConversationRating.nullable().describe('set when this resolution was already rated'),
});
export type RatingPage = z.infer<typeof RatingPage>;

/** The sentences of the rating answers, used verbatim by the server and the rate page. */
export const RATING_SENTENCES = {
  expired: 'This rating link has expired: links answer for 7 days after the conversation was resolved.',
  alreadyRated: 'This conversation has already been rated. Thank you!',
  notFound: 'This rating link is not valid.',
  notAsked: 'No rating is asked for in this conversation.',
  thanks: 'Thank you for your rating!',
} as const;
