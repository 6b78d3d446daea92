import { Inject, Injectable } from '@nestjs/common';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { Projector, RunsOnTheLog } from '../../../../projections/runner/projector';
import { SUPPORT_CASE_STREAM_PREFIX, SupportCaseReplied } from '../../customers/contract/support.events';
import { RecordedEvent } from '../../storage/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../../storage/read-store/read-store.port';
import { isNews } from '../domain/news';
import { supportReplyEmail } from '../domain/support-emails';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/** Tells a customer the shop answered their support case (checkout spec §5); their own replies mail nobody. */
@Injectable()
@RunsOnTheLog()
export class SupportNotificationsReactor implements Projector {
  readonly name = 'support-notifications';
  readonly collections = [] as const;
  readonly reactsOnly = true;
  private readonly users: UserQueries;

  constructor(
    @Inject(NOTIFIER) private readonly notifier: Notifier,
    @Inject(READ_STORE) readStore: ReadStore,
  ) {
    this.users = new UserQueries(readStore);
  }

  async prepare(): Promise<void> {}

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(SUPPORT_CASE_STREAM_PREFIX) && event.type === 'SupportCaseReplied';
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const reply = (recorded as unknown as SupportCaseReplied).data;
    if (reply.authorRole !== 'admin' || !isNews(recorded.metadata.occurredAt)) return;
    // The account is registered long before its case is answered; if it cannot be found, the event is parked and retried.
    const customer = await this.users.findById(reply.customerId);
    if (!customer) throw new Error(`Customer ${reply.customerId} of support case ${reply.caseId} not found`);
    await this.notifier.send({ id: recorded.id, to: customer.email, ...supportReplyEmail(reply, customer.firstName || customer.fullName) });
  }
}
