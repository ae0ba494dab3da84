import { randomUUID } from 'node:crypto';
import { installProductSentences } from '@inbox/contract';
import Fastify, { type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueJobsForPendingWork } from './bootstrap/pending-work.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { trackInFlight } from './http/in-flight.ts';
import { securityHeaders } from './http/security-headers.ts';
import { rejectUnstorableText } from './http/unstorable-text.ts';
import { type Jobs, startJobs } from './jobs/runtime.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import type { AttachmentStorage } from './modules/attachments/storage.ts';
import { createAttachmentStorage } from './modules/attachments/storage-driver.ts';
import { startAutoResponders } from './modules/auto-responders/runtime.ts';
import { waitingAnswerJob } from './modules/auto-responders/waiting.ts';
import { startEmailListener } from './modules/channels/email-listener.ts';
import { foldCountsJob } from './modules/conversations/counts.ts';
import { snoozeWakeJob } from './modules/conversations/snooze-job.ts';
import { startCsatLinks } from './modules/csat/runtime.ts';
import { type Live, startLive } from './modules/events/live.ts';
import { pruneEventsJob } from './modules/events/prune.ts';
import { apiRoutes } from './modules/index.ts';
import { deliveryJob } from './modules/integrations/delivery-job.ts';
import { startWebhooks } from './modules/integrations/runtime.ts';
import { notificationMailJob } from './modules/notifications/mail-job.ts';
import { notificationPushJob } from './modules/notifications/push-job.ts';
import { startNotifications } from './modules/notifications/runtime.ts';
import { portalSweepJob } from './modules/portal/sweep-job.ts';
import { rebuildJob } from './modules/reporting/rebuild.ts';
import { startReporting } from './modules/reporting/runtime.ts';
import { slaBreachJob } from './modules/sla/breach-job.ts';
import { startSla } from './modules/sla/runtime.ts';
import { portalFramers } from './modules/widget/framing.ts';
import { widgetRoutes } from './modules/widget/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { registerStaticWeb } from './plugins/static-web.ts';

/** Portal tokens and stream tickets travel in query strings; they must never reach the logs. */
const redactTokens = (url: string) =>
  url.replace(/([?&](?:token|hash|ticket|session)=)[^&]*/gi, '$1[redacted]');

const requestLogFields = (req: FastifyRequest) => ({
  method: req.method,
  url: redactTokens(req.url),
  remoteAddress: req.ip,
});

export interface AppDeps {
  db: Db;
  kind: Database['kind'];
  config: Config;
  mailer: Mailer;
  storage: AttachmentStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route with its schema and config, as registered: what the route-wide tests walk. */
    routeTable: RouteOptions[];
    /** This process's event hub, announcer and open streams. */
    live: Live;
    /** This process's share of the durable jobs (pg-boss). */
    jobs: Jobs;
    /** This process's auto-responder consumer (tests wait on `settle`). */
    autoResponders: Awaited<ReturnType<typeof startAutoResponders>>;
    /** This process's outgoing webhooks (tests wait on `settle`). */
    webhooks: Awaited<ReturnType<typeof startWebhooks>>;
    /** Present when `SMTP_LISTEN_PORT` is set. */
    emailListener?: Awaited<ReturnType<typeof startEmailListener>>;
    reporting: Awaited<ReturnType<typeof startReporting>>;
    /** This process's notifications consumer (tests wait on `settle`). */
    notifications: Awaited<ReturnType<typeof startNotifications>>;
    /** This process's SLA consumer: service levels chosen and clocks set from the events (decision 054). */
    sla: Awaited<ReturnType<typeof startSla>>;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  mailer?: Mailer;
  /** Defaults to the configured driver (`config.storage`). */
  storage?: AttachmentStorage;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; omitted in API-only tests. */
  webDist?: string;
  /** What "now" is for time rules (business hours, auto-responders); tests pass one they control. */
  clock?: () => Date;
}

/** The whole HTTP application; `main.ts` and the tests both build it. */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger
      ? { ...(opts.logger === true ? {} : opts.logger), serializers: { req: requestLogFields } }
      : false,
    requestIdHeader: 'x-request-id',
    trustProxy: opts.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // Many clients send `Content-Type: application/json` on bodiless calls (DELETE): read that as no body,
  // and keep Fastify's own parser (with its prototype-poisoning guards) for everything else.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  // Every 422 speaks the product's sentences, never zod's own wording (contract/src/sentences.ts).
  installProductSentences();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      dataDir: opts.config.dataDir,
      log: app.log,
    });
  const storage = opts.storage ?? createAttachmentStorage(opts.config);
  await storage.ready();
  app.addHook('onClose', async () => storage.close());
  app.decorate('deps', { db: opts.db.db, kind: opts.db.kind, config: opts.config, mailer, storage });
  const clock = opts.clock ?? (() => new Date());
  // The announcer starts with the live parts below; jobs that write events wake it once it is there.
  let kickAnnouncer = () => {};
  const jobs = await startJobs(opts.db, app.log, [
    portalSweepJob({ db: opts.db.db, storage, log: app.log, kick: () => kickAnnouncer() }),
    pruneEventsJob(opts.db.db, opts.config.eventRetentionDays),
    waitingAnswerJob(opts.db.db, clock, () => kickAnnouncer()),
    deliveryJob(opts.db.db, { config: opts.config, storage }, () => kickAnnouncer()),
    rebuildJob(opts.db.db),
    foldCountsJob(opts.db.db),
    snoozeWakeJob(opts.db.db, () => kickAnnouncer()),
    notificationMailJob(opts.db.db, mailer, opts.config),
    notificationPushJob(opts.db.db, opts.config),
    slaBreachJob(opts.db.db, () => kickAnnouncer()),
  ]);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Work a version that scanned for due rows left pending gets its job, once per installation (decision 045).
  const queued = await queueJobsForPendingWork(opts.db.db, jobs);
  if (queued && queued.deliveries + queued.waitingAnswers > 0)
    app.log.info(queued, 'pending work queued as jobs');
  const live = await startLive(opts.db, app.log);
  app.decorate('live', live);
  kickAnnouncer = live.announcer.kick;
  const responders = await startAutoResponders({
    db: opts.db.db,
    hub: live.hub,
    clock,
    queue: jobs,
    kick: live.announcer.kick,
    log: app.log,
  });
  app.decorate('autoResponders', responders);
  app.addHook('onClose', async () => responders.stop());
  const webhooks = await startWebhooks({
    db: opts.db.db,
    hub: live.hub,
    queue: jobs,
    kick: live.announcer.kick,
    log: app.log,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', async () => webhooks.stop());
  if (opts.config.smtpListenPort !== undefined) {
    const email = await startEmailListener({
      db: opts.db.db,
      storage,
      config: opts.config,
      log: app.log,
      kick: live.announcer.kick,
    });
    app.decorate('emailListener', email);
    app.addHook('onClose', async () => email.stop());
  }
  // Satisfaction questions for channel conversations: a link message per resolution (decision 055).
  const csatLinks = await startCsatLinks({
    db: opts.db.db,
    hub: live.hub,
    publicUrl: opts.config.publicUrl,
    kick: live.announcer.kick,
    log: app.log,
  });
  app.addHook('onClose', async () => csatLinks.stop());
  const reporting = await startReporting({ db: opts.db.db, hub: live.hub, log: app.log });
  app.decorate('reporting', reporting);
  app.addHook('onClose', async () => reporting.stop());
  const notifications = await startNotifications({
    db: opts.db.db,
    config: opts.config,
    hub: live.hub,
    queue: jobs,
    kick: live.announcer.kick,
    log: app.log,
  });
  app.decorate('notifications', notifications);
  app.addHook('onClose', async () => notifications.stop());
  const sla = await startSla({ db: opts.db.db, hub: live.hub, queue: jobs, log: app.log });
  app.decorate('sla', sla);
  app.addHook('onClose', async () => sla.stop());
  // Streams end first (with a reconnect hint), or the server would wait on them forever. Keep-alive
  // connections whose request finishes during the close are shut as soon as they fall idle: Node closes
  // idle connections only once, when the close begins, and would otherwise wait out their keep-alive.
  app.addHook('preClose', async () => {
    live.streams.closeAll();
    const idle = setInterval(() => app.server.closeIdleConnections?.(), 50);
    app.server.once('close', () => clearInterval(idle));
  });
  app.addHook('onClose', async () => live.stop());
  // A request that may have written events wakes the announcer once it is answered (after its commit): any
  // but a read, and a portal read that closed its conversation because the session had run out.
  app.addHook('onResponse', (request, _reply, next) => {
    const wrote = request.method !== 'GET' && request.method !== 'HEAD';
    if (wrote || request.portal?.closedOnRead) live.announcer.kick();
    next();
  });
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });

  // First, so every request is counted from its start and every route's handler is watched.
  const inFlight = trackInFlight(app);
  const headers = securityHeaders();
  // Set first thing, so every answer has them (errors and 404s too); a route may still override one (the
  // attachment downloads set their own CSP).
  app.addHook('onRequest', (request, reply, next) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    next();
  });
  app.addHook('preValidation', rejectUnstorableText);
  const pageFallback = opts.webDist
    ? await registerStaticWeb(app, opts.webDist, (appId) => portalFramers(opts.db.db, appId))
    : undefined;
  registerErrorHandler(app, pageFallback);
  await app.register(openApiPlugin);
  await app.register(authPlugin);
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(widgetRoutes);
  // Last, so a shutdown waits for running requests before the parts above stop and the database closes.
  inFlight.waitOnClose();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
