import { Inject, Injectable } from '@nestjs/common';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { Projector, RunsOnTheLog } from '../../../../projections/runner/projector';
import { APP_CONFIG, AppConfig } from '../../config';
import { VERIFICATION_STREAM_PREFIX, VerificationEvent } from '../../customers/contract/verification.events';
import { RecordedEvent } from '../../storage/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { isNews } from '../domain/news';
import { verificationApprovedEmail, verificationRejectedEmail } from '../domain/verification-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/** Tells a customer staff approved or rejected their institution verification (with the reason); their own submission mails nobody. */
@Injectable()
@RunsOnTheLog()
export class VerificationNotificationsReactor implements Projector {
  readonly name = 'verification-notifications';
  readonly collections = [] as const;
  readonly reactsOnly = true;
  private readonly users: UserQueries;

  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.users = new UserQueries(readStore);
  }

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(VERIFICATION_STREAM_PREFIX) && (event.type === 'InstitutionVerificationApproved' || event.type === 'InstitutionVerificationRejected');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (!isNews(recorded.metadata.occurredAt)) return;
    const event = recorded as unknown as VerificationEvent;
    // The account submitted the verification; if it cannot be found, the event is parked and retried.
    const customer = await this.users.findById(event.data.customerId);
    if (!customer) throw new Error(`Customer ${event.data.customerId} of a verification not found`);
    const firstName = customer.firstName || customer.fullName;
    if (event.type === 'InstitutionVerificationApproved') await this.notifier.send({ id: recorded.id, to: customer.email, ...verificationApprovedEmail(event.data, firstName) });
    else if (event.type === 'InstitutionVerificationRejected') await this.notifier.send({ id: recorded.id, to: customer.email, ...verificationRejectedEmail(event.data, firstName, this.config.shopOrigin) });
  }
}
