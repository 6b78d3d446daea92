import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config';
import { EVENT_STORE, EventStore } from './event-store/event-store.port';
import { openKurrentDbEventStore } from './event-store/kurrentdb-event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { EmbeddedReadStore } from './read-store/embedded-read-store';
import { openMongoReadStore } from './read-store/mongo-read-store';
import { READ_STORE, ReadStore } from './read-store/read-store.port';

export async function openEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl) return openKurrentDbEventStore(config.eventStoreUrl);
  return new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
}

export async function openReadStore(config: AppConfig): Promise<ReadStore> {
  if (config.mongodbUrl) return openMongoReadStore(config.mongodbUrl);
  return new EmbeddedReadStore(join(config.dataDir, 'read-models.sqlite'));
}

/** Closes the stores after every module has stopped using them (projectors stop in onModuleDestroy). */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.eventStore.close();
    await this.readStore.close();
  }
}

@Global()
@Module({})
export class StorageModule {
  static forRoot(config: AppConfig): DynamicModule {
    const logger = new Logger('Storage');
    return {
      module: StorageModule,
      providers: [
        {
          provide: EVENT_STORE,
          useFactory: async () => {
            logger.log(config.eventStoreUrl ? 'Event store: KurrentDB/EventStoreDB' : `Event store: embedded SQLite in ${config.dataDir}`);
            return openEventStore(config);
          },
        },
        {
          provide: READ_STORE,
          useFactory: async () => {
            logger.log(config.mongodbUrl ? 'Read store: MongoDB' : `Read store: embedded in ${config.dataDir}`);
            return openReadStore(config);
          },
        },
        StorageLifecycle,
      ],
      exports: [EVENT_STORE, READ_STORE],
    };
  }
}
