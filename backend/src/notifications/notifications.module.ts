import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from '../config';
import { READ_STORE, ReadStore } from '../storage/read-store/read-store.port';
import { NOTIFIER } from './mail/notifier.port';
import { OutboxNotifier } from './mail/outbox.notifier';

@Global()
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: NotificationsModule,
      providers: [{ provide: NOTIFIER, useFactory: (readStore: ReadStore) => new OutboxNotifier(readStore, config.smtpUrl, config.mailFrom), inject: [READ_STORE] }],
      exports: [NOTIFIER],
    };
  }
}
