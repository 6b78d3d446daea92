import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from '../config';
import { wholeNumber } from '../shared/env';
import { CREDENTIAL_STORE, CredentialStore } from '../storage/credential-store/credential-store.port';
import { READ_STORE, ReadStore } from '../storage/read-store/read-store.port';
import { SendEmailVerificationHandler } from './commands/send-email-verification.command';
import { OutboxController } from './http/outbox.controller';
import { NOTIFIER } from './mail/notifier.port';
import { OutboxNotifier } from './mail/outbox.notifier';

/** MAILS_PER_RECIPIENT_PER_HOUR: how many messages one address may receive in an hour before the rest are suppressed. */
const DEFAULT_MAILS_PER_RECIPIENT_PER_HOUR = 10;

@Global()
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const mailsPerRecipientPerHour = wholeNumber(process.env, 'MAILS_PER_RECIPIENT_PER_HOUR', DEFAULT_MAILS_PER_RECIPIENT_PER_HOUR, 1, 10_000);
    return {
      module: NotificationsModule,
      imports: [CqrsModule],
      controllers: [OutboxController],
      providers: [
        SendEmailVerificationHandler,
        {
          provide: NOTIFIER,
          useFactory: async (durable: CredentialStore, readStore: ReadStore) => {
            const notifier = new OutboxNotifier(durable, config.smtpUrl, config.mailFrom, mailsPerRecipientPerHour);
            await notifier.prepare(readStore);
            return notifier;
          },
          inject: [CREDENTIAL_STORE, READ_STORE],
        },
      ],
      exports: [NOTIFIER],
    };
  }
}
