import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from '../config';
import { CREDENTIAL_STORE, CredentialStore } from '../storage/credential-store/credential-store.port';
import { READ_STORE, ReadStore } from '../storage/read-store/read-store.port';
import { SendEmailVerificationHandler } from './commands/send-email-verification.command';
import { SendEmailChangeNoticeHandler, SendPasswordChangedNoticeHandler, SendPasswordResetLinkHandler } from './commands/send-password-emails.command';
import { SendLowStockAlertHandler } from './commands/send-low-stock-alert.command';
import { ForgetRecipientHandler } from './commands/forget-recipient.command';
import { SendStaffInvitationHandler } from './commands/send-staff-invitation.command';
import { OutboxController } from './http/outbox.controller';
import { NOTIFIER } from './mail/notifier.port';
import { OutboxNotifier } from './mail/outbox.notifier';
import { OrderNotificationsReactor } from './processes/order-notifications.reactor';
import { SupportNotificationsReactor } from './processes/support-notifications.reactor';
import { VerificationNotificationsReactor } from './processes/verification-notifications.reactor';

@Global()
@Module({})
export class NotificationsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [CqrsModule],
      controllers: [OutboxController],
      providers: [
        OrderNotificationsReactor,
        SupportNotificationsReactor,
        VerificationNotificationsReactor,
        SendEmailVerificationHandler,
        SendPasswordResetLinkHandler,
        SendPasswordChangedNoticeHandler,
        SendEmailChangeNoticeHandler,
        SendLowStockAlertHandler,
        ForgetRecipientHandler,
        SendStaffInvitationHandler,
        {
          provide: NOTIFIER,
          useFactory: async (durable: CredentialStore, readStore: ReadStore) => {
            const notifier = new OutboxNotifier(durable, config.smtpUrl, config.mailFrom, config.mailsPerRecipientPerHour);
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
