import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config';
import { ShopMetrics } from '../shared/metrics/shop-metrics';
import { CREDENTIAL_STORE, CredentialStore } from './credential-store/credential-store.port';
import { DataDirLock } from './data-dir-lock';
import { EVENT_STORE, EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { DiskObjectStore } from './object-store/disk-object-store';
import { OBJECT_STORE, ObjectStore } from './object-store/object-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';
import { Document, READ_STORE, ReadStore } from './read-store/read-store.port';
import { DocumentLeaseStore, LEASES_COLLECTION } from './leases/document-lease-store';
import { LEASE_STORE, LeaseStore } from './leases/lease.port';
import { PersonalDataKeys } from './personal-data/personal-data-keys';
import { SealingEventStore } from './personal-data/sealing-event-store';

const DATA_DIR_LOCK = Symbol('DATA_DIR_LOCK');

export class EventLogMissingError extends Error {
  override name = 'EventLogMissingError';
}

/**
 * A data folder with the embedded stores but no event log has lost it (checked before any store is opened:
 * the first start makes the three files at once). Opening would make an empty log beside credentials and read models
 * of a shop that had orders, so the start is refused, saying what to do.
 */
export function assertEmbeddedLogPresent(dataDir: string): void {
  if (existsSync(join(dataDir, 'events.sqlite'))) return;
  const others = ['credentials.sqlite', 'read-models.sqlite'].filter((name) => existsSync(join(dataDir, name)));
  if (others.length === 0) return;
  throw new EventLogMissingError(
    `The event log ${join(dataDir, 'events.sqlite')} is missing, but ${others.join(' and ')} ${others.length === 1 ? 'is' : 'are'} there: the log, the record of every order ` +
      'and payment, was lost. Restore events.sqlite from a backup (`npm run backup` writes them to BACKUP_DIR) before starting; to start an empty shop instead, use a new DATA_DIR.',
  );
}
const OPENED_STORES = Symbol('OPENED_STORES');

/**
 * The stores one app opened, in order. Closed at shutdown, and also when the app never finished
 * building (a later store failed to open): nothing opened by a refused start stays open.
 */
export class OpenedStores {
  private readonly stores: Array<{ close(): Promise<void> }> = [];

  add<T extends { close(): Promise<void> }>(store: T): T {
    this.stores.push(store);
    return store;
  }

  async closeAll(): Promise<void> {
    const stores = this.stores.splice(0);
    for (const store of stores) await store.close();
  }
}

/**
 * Which engine holds each store: KurrentDB (EVENTSTORE_URL) and MongoDB (MONGODB_URL) where set, else
 * PostgreSQL (DATABASE_URL), else embedded SQLite in DATA_DIR.
 */
export function storageEngines(config: AppConfig): { events: 'kurrentdb' | 'postgres' | 'sqlite'; documents: 'mongodb' | 'postgres' | 'sqlite' } {
  return {
    events: config.eventStoreUrl ? 'kurrentdb' : config.postgres ? 'postgres' : 'sqlite',
    documents: config.mongodbUrl ? 'mongodb' : config.postgres ? 'postgres' : 'sqlite',
  };
}

/**
 * The embedded SQLite stores live in DATA_DIR and are owned by one process, which must take the folder
 * first. On server stores, several instances share the database and none locks DATA_DIR (images then
 * go to S3, or to DATA_DIR/objects shared by the instances of one machine).
 */
export function lockDataDirIfUsed(config: AppConfig): DataDirLock | null {
  const engines = storageEngines(config);
  return engines.events === 'sqlite' || engines.documents === 'sqlite' ? DataDirLock.acquire(config.dataDir) : null;
}

/**
 * The server engines' adapters, loaded when configured rather than at every start: their drivers (mongodb, the
 * KurrentDB client, pg, aws4fetch) take a few hundred milliseconds of CPU to load, which a shop on the embedded
 * stores, and each of the test suite's apps, would pay for nothing.
 */
const serverAdapters = {
  kurrentDb: () => require('./event-store/kurrentdb-event-store') as typeof import('./event-store/kurrentdb-event-store'),
  postgresEvents: () => require('./event-store/postgres-event-store') as typeof import('./event-store/postgres-event-store'),
  postgresDocuments: () => require('./read-store/postgres-read-store') as typeof import('./read-store/postgres-read-store'),
  mongo: () => require('./read-store/mongo-read-store') as typeof import('./read-store/mongo-read-store'),
  s3: () => require('./object-store/s3-object-store') as typeof import('./object-store/s3-object-store'),
};

export async function openEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl) return serverAdapters.kurrentDb().openKurrentDbEventStore(config.eventStoreUrl);
  if (config.postgres) return serverAdapters.postgresEvents().PostgresEventStore.open(config.postgres);
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
}

export async function openReadStore(config: AppConfig): Promise<ReadStore> {
  if (config.mongodbUrl) return serverAdapters.mongo().MongoReadStore.connect(config.mongodbUrl);
  if (config.postgres) return serverAdapters.postgresDocuments().PostgresReadStore.open(config.postgres, { schema: 'read_models', durability: 'rebuildable' });
  return new SqliteReadStore(join(config.dataDir, 'read-models.sqlite'), 'rebuildable');
}

/** Not rebuildable, so never in the read models' file, schema or database. */
export async function openCredentialStore(config: AppConfig): Promise<CredentialStore> {
  if (config.mongodbUrl) return serverAdapters.mongo().MongoReadStore.connectToCredentials(config.mongodbUrl);
  if (config.postgres) return serverAdapters.postgresDocuments().PostgresReadStore.open(config.postgres, { schema: 'credentials', durability: 'full' });
  return new SqliteReadStore(join(config.dataDir, 'credentials.sqlite'), 'full');
}

/**
 * Leases on background work, in the durable store. On the embedded store this process owns DATA_DIR, so
 * whoever the table names (a process that died) holds nothing any more: every lease is let lapse at once,
 * and tokens keep growing, so a checkpoint written before the restart never outranks this process.
 */
async function openLeaseStore(config: AppConfig, credentials: CredentialStore): Promise<LeaseStore> {
  const shared = storageEngines(config).documents !== 'sqlite';
  const leases = credentials.collection<Document & { owner: string; token: number; expiresAt: number }>(LEASES_COLLECTION);
  if (!shared) await leases.updateMany({}, { $set: { expiresAt: 0 } });
  return new DocumentLeaseStore(leases, shared);
}

/** Images and attachments: an S3-compatible bucket, or files under DATA_DIR/objects. */
function openObjectStore(config: AppConfig): ObjectStore {
  if (config.s3) return new (serverAdapters.s3().S3ObjectStore)(config.s3);
  return new DiskObjectStore(join(config.dataDir, 'objects'));
}

/** Closes the stores after every module has stopped using them (projectors stop in onModuleDestroy), then gives up DATA_DIR. */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(OPENED_STORES) private readonly opened: OpenedStores,
    @Inject(DATA_DIR_LOCK) private readonly lock: DataDirLock | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.opened.closeAll();
    this.lock?.release();
  }
}

@Global()
@Module({})
export class StorageModule {
  /**
   * `lock`: the DATA_DIR lock the caller took before building the app (null on server-only storage); released at shutdown.
   * `opened`: where the stores this app opens are kept, so a caller whose app failed to build can close them.
   */
  static forRoot(config: AppConfig, lock: DataDirLock | null, opened = new OpenedStores()): DynamicModule {
    const logger = new Logger('Storage');
    return {
      module: StorageModule,
      providers: [
        { provide: DATA_DIR_LOCK, useValue: lock },
        { provide: OPENED_STORES, useValue: opened },
        { provide: PersonalDataKeys, inject: [CREDENTIAL_STORE], useFactory: (credentials: CredentialStore) => new PersonalDataKeys(credentials) },
        {
          provide: EVENT_STORE,
          inject: [DATA_DIR_LOCK, ShopMetrics, PersonalDataKeys],
          useFactory: async (_lock: DataDirLock | null, metrics: ShopMetrics, keys: PersonalDataKeys) => {
            const engine = storageEngines(config).events;
            logger.log(engine === 'kurrentdb' ? 'Event store: KurrentDB/EventStoreDB' : engine === 'postgres' ? 'Event store: PostgreSQL (DATABASE_URL)' : `Event store: embedded SQLite in ${config.dataDir}`);
            // Every person's own fields are sealed with their key before any engine sees them (issue 22).
            return metrics.instrument(new SealingEventStore(opened.add(await openEventStore(config)), keys));
          },
        },
        {
          provide: READ_STORE,
          inject: [DATA_DIR_LOCK],
          useFactory: async () => {
            const engine = storageEngines(config).documents;
            logger.log(engine === 'mongodb' ? 'Read store: MongoDB' : engine === 'postgres' ? 'Read store: PostgreSQL (DATABASE_URL), schemas read_models and credentials' : `Read store: embedded in ${config.dataDir}`);
            return opened.add(await openReadStore(config));
          },
        },
        { provide: CREDENTIAL_STORE, inject: [DATA_DIR_LOCK], useFactory: async () => opened.add(await openCredentialStore(config)) },
        { provide: LEASE_STORE, inject: [CREDENTIAL_STORE], useFactory: (credentials: CredentialStore) => openLeaseStore(config, credentials) },
        {
          provide: OBJECT_STORE,
          inject: [DATA_DIR_LOCK],
          useFactory: () => {
            logger.log(config.s3 ? `Object store: S3-compatible bucket ${config.s3.bucket} at ${config.s3.endpoint}` : `Object store: files in ${join(config.dataDir, 'objects')}`);
            return openObjectStore(config);
          },
        },
        StorageLifecycle,
      ],
      exports: [EVENT_STORE, READ_STORE, CREDENTIAL_STORE, OBJECT_STORE, LEASE_STORE, PersonalDataKeys],
    };
  }
}
