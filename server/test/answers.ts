import { expect } from 'vitest';

/** What `call` answers, as far as these read it. */
type Answer = { status: number; body: any };

/** The answer's `data`, once its status is the one expected (a wrong one fails showing the body). */
export function dataOf(res: Answer, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
}

/** The field errors of a 422 answer. */
export function fieldErrorsOf(res: Answer) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body.errors;
}

/** The `error` (code and message) of a refusal with this status. */
export function errorOf(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.error;
}
