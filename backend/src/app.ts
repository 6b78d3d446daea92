import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Authenticator } from 'passport';
import 'reflect-metadata';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { LeaseKeeper } from './shared/leases/lease-keeper';
import { mountTrafficBeacons } from './analytics/http/traffic-beacons';
import { AppModule } from './app.module';
import { correlateRequests, JsonLogger } from './shared/logging/json-logger';
import { AppConfig } from './config';
import { DemoDataSeeder } from './demo/demo-data.seeder';
import { CredentialStoreCheck } from './identity/commands/credential-store-check';
import { PASSPORT } from './identity/http/auth.controller';
import { SESSION_COOKIE } from './identity/http/session/sign-out';
import { DocumentSessionStore } from './identity/http/session/session.store';
import { OrderSupervisor } from './ordering/processes/order-supervisor';
import { ShopMetrics } from './shared/metrics/shop-metrics';
import { RequestsInFlight } from './shared/http/requests-in-flight';
import { SettlementSupervisor } from './payments/processes/settlement-supervisor';
import { UploadSweep } from './media/processes/upload-sweep';
import { DiskSpace } from './operations/disk-space';
import { SESSION_TTL_MS } from './identity/http/session/session-policy';
import { syncSignedInHint } from './identity/http/session/signed-in-hint';
import { trackSessionActivity } from './identity/http/session/session-activity';
import { describeError, HttpErrorFilter } from './shared/http/http-error.filter';
import './shared/http/session-data';
import { CREDENTIAL_STORE, CredentialStore } from './storage/credential-store/credential-store.port';
import { storedOnce } from './storage/credential-store/stored-once';
import { immutableAssets } from './storefront/immutable-assets';
import { StorefrontPages } from './storefront/storefront-pages';
import { assertEmbeddedLogPresent, lockDataDirIfUsed, OpenedStores, storageEngines } from './storage/storage.module';
import { Document } from './storage/read-store/read-store.port';

const JSON_BODY_LIMIT = '1mb';
const START_CATCH_UP_MS = 60_000;
const SHARED_START_CATCH_UP_MS = 2_000;

/** Builds the whole shop (API, projections, SPA) without listening, so tests can drive it in-process. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  // The data folder is taken before anything opens a store in it: a second process refuses here, plainly.
  const lock = lockDataDirIfUsed(config);
  try {
    // Before Nest builds anything: a lost log is said in one plain message, not inside a failed provider's stack.
    if (storageEngines(config).events === 'sqlite') assertEmbeddedLogPresent(config.dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const quiet = process.env.NODE_ENV === 'test';
  const jsonLogger = config.logFormat === 'json' ? new JsonLogger(quiet ? 'warn' : 'info') : null;
  const opened = new OpenedStores();
  let app: NestExpressApplication;
  try {
    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, lock, opened), {
      bodyParser: false,
      logger: jsonLogger ?? (quiet ? ['error', 'warn'] : ['log', 'error', 'warn']),
      abortOnError: false,
    });
  } catch (error) {
    // A store that failed to open leaves those opened before it: closed here, with their timers.
    await opened.closeAll().catch(() => undefined);
    lock?.release();
    throw error;
  }
  try {
    await prepare(app, config, jsonLogger);
  } catch (error) {
    // Closing releases the stores and DATA_DIR, so a refused start leaves nothing held.
    await app.close();
    throw error;
  }
  return app;
}

/** Pipeline, projections, start-up checks, demo data, and the processes a crash interrupted. */
async function prepare(app: NestExpressApplication, config: AppConfig, jsonLogger: JsonLogger | null): Promise<void> {
  app.enableShutdownHooks();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  const credentialStore = app.get<CredentialStore>(CREDENTIAL_STORE);
  app.use(correlateRequests(jsonLogger));
  app.use(app.get(ShopMetrics).timeRequests());
  app.use(app.get(RequestsInFlight).track());
  // Ahead of everything that writes (the traffic beacons too): a short disk refuses changes with 507.
  app.use(app.get(DiskSpace).refuseChangesWhenShort());
  app.use(securityHeaders(config));
  app.use('/api', refuseCrossSiteMutations);
  // Ahead of compression, sessions and Nest: a traffic report needs none of them.
  mountTrafficBeacons(app.getHttpAdapter().getInstance(), app);
  // The build's hashed files, precompressed and held in memory: ahead of compression and sessions too.
  app.use('/assets', immutableAssets(config.staticDir));
  app.use(compression());
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(
    session({
      name: SESSION_COOKIE,
      secret: await sessionSecret(config, credentialStore),
      store: app.get(DocumentSessionStore),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.production, maxAge: SESSION_TTL_MS, path: '/' },
    }),
  );
  const passport = app.get<Authenticator>(PASSPORT);
  app.use(passport.initialize());
  app.use(passport.session());
  app.use(trackSessionActivity(config.staffIdleMinutes));
  app.use(syncSignedInHint(SESSION_TTL_MS, config.production));
  app.use(answerMiddlewareErrors);
  serveStorefront(app, config.staticDir);
  app.useGlobalFilters(new HttpErrorFilter());

  await app.init();
  const projections = app.get(ProjectionRunner);
  await projections.start();
  // Alone on its stores, the shop answers once its read models show the whole log. Beside other instances,
  // whoever holds each projector's lease keeps it current (a lease left by a stopped instance is taken over
  // within its lifetime): a new instance waits 2 s at most (before and after seeding), never minutes behind a busy shop's moving head.
  const catchUpMs = app.get(LeaseKeeper).shared ? SHARED_START_CATCH_UP_MS : START_CATCH_UP_MS;
  await projections.catchUp(catchUpMs);
  await app.get(CredentialStoreCheck).assertConsistentWithLog();

  const seeder = app.get(DemoDataSeeder);
  if (config.seedDemoData) await seeder.seedIfEmpty(config.adminEmail === null);
  if (config.adminEmail && config.adminPassword) await seeder.ensureAdmin(config.adminEmail, config.adminPassword);
  await projections.catchUp(catchUpMs);
  // On the embedded store nothing of this process can be running yet: every unfinished process was interrupted,
  // and is finished now. Instances sharing a database leave that to whichever holds the supervisors' leases,
  // whose periodic sweep takes only what was left for a while (another instance may be placing it right now).
  if (!app.get(LeaseKeeper).shared) {
    await app.get(OrderSupervisor).sweep();
    await app.get(SettlementSupervisor).sweep();
    await app.get(UploadSweep).sweep();
    await projections.catchUp();
  }
}

function securityHeaders(config: AppConfig) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies are SameSite=Lax; on top of that a state-changing API call that names another
 * origin is refused, so no other site can act with a shopper's session. The Origin header
 * decides; where a client leaves it out, the Referer of the page that made the call must be
 * ours. Browsers send Origin on every cross-origin POST, PUT and DELETE, so a request with
 * neither header comes from a non-browser client (curl, a load generator) and is let through.
 */
function refuseCrossSiteMutations(request: Request, response: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(request.method)) return next();
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return next();
  if (hostOf(source) !== request.headers.host) {
    response.status(403).json({ message: 'Cross-site requests are not allowed' });
    return;
  }
  next();
}

/** `null` (an opaque origin, e.g. a sandboxed frame) and malformed values match no host. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Errors raised by Express middleware (bad JSON, a body over the limit) never reach Nest's filters. */
function answerMiddlewareErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (response.headersSent) return next(error);
  const { status, message } = describeError(error);
  if (status >= 500) new Logger('Http').error(error instanceof Error ? error.stack : String(error));
  response.status(status).json({ message });
}

/** The API, the product images (`/objects/images/…`, served by the media context) and `/metrics`: Nest's routes, neither files nor pages. */
function isServerRoute(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/objects/') || path === '/metrics';
}

/** The browser build (config.staticDir: dist/frontend, or STATIC_DIR). */
function serveStorefront(app: NestExpressApplication, root: string): void {
  // Server-rendered pages with their own head, robots.txt and sitemap.xml (backend/src/storefront).
  const pages = app.get(StorefrontPages).forBuild(root);
  app.use(pages.files);
  // Mounted before Nest's routes (they join at init): the API, images and metrics skip the file lookup
  // (a stat on the thread pool per request) that would find nothing for them anyway.
  const files = express.static(root, { index: false });
  app.use((request: Request, response: Response, next: NextFunction) => (isServerRoute(request.path) ? next() : files(request, response, next)));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isServerRoute(request.path)) return next();
    pages.page(request, response, next);
  });
}

type Setting = Document & { value: string };

/** One secret for every instance: from SESSION_SECRET, else generated once and kept in the credential store. */
async function sessionSecret(config: AppConfig, credentialStore: CredentialStore): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const settings = credentialStore.collection<Setting>('settings');
  return (await storedOnce(settings, 'session-secret', () => ({ _id: 'session-secret', value: randomBytes(48).toString('base64url') }))).value;
}
