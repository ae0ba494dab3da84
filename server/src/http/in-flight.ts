import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a shutdown waits for requests still being worked on before it closes the database anyway. */
export const DRAIN_MS = 10_000;

/**
 * Counts the requests this process is still working on, so a shutdown closes the database only after them.
 *
 * Fastify's close waits for connections, not for handlers. A request whose client hung up has no
 * connection left, yet its handler goes on (a message may be half written), and would find the pool
 * closed under it. A request is counted from `onRequest`:
 * - until its handler settles, once the handler has started (a handler may go on after it has replied);
 * - until its reply is sent, if it never reaches a handler (a hook refused it, or its body never came).
 *
 * Call it before the routes are registered (it wraps their handlers) and after every other `onClose`
 * hook (those run last-registered first, so the wait comes straight after the server stops listening).
 */
export function trackInFlight(app: FastifyInstance, drainMs = DRAIN_MS) {
  const working = new Map<FastifyRequest, 'before-handler' | 'in-handler'>();
  let drained: (() => void) | null = null;
  const done = (request: FastifyRequest) => {
    if (working.delete(request) && working.size === 0) drained?.();
  };

  app.addHook('onRequest', (request, _reply, next) => {
    working.set(request, 'before-handler');
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    if (working.get(request) === 'before-handler') done(request);
    next(null, payload);
  });
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // The handler's own result goes back to Fastify untouched: only its settling is watched.
    route.handler = function (this: FastifyInstance, request, reply) {
      working.set(request, 'in-handler');
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        done(request);
        throw err;
      }
      if (result !== null && typeof (result as PromiseLike<unknown>)?.then === 'function') {
        (result as PromiseLike<unknown>).then(
          () => done(request),
          () => done(request),
        );
      } else {
        done(request);
      }
      return result;
    };
  });

  return {
    /** How many requests are being worked on now. */
    get size() {
      return working.size;
    },
    /** Registers the shutdown's wait; see above for where to call it. */
    waitOnClose() {
      app.addHook('onClose', async () => {
        if (working.size === 0) return;
        const waiting = working.size;
        const timedOut = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), drainMs);
          drained = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        drained = null;
        if (timedOut) {
          app.log.warn({ waiting, left: working.size }, 'shutdown: requests still running, closing anyway');
        }
      });
    },
  };
}
