import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../config';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { verificationStream, VerificationStatus } from '../contract/verification.events';
import { verificationDecider } from '../domain/verification.decider';

/**
 * Whether a buyer's orders may ship (ordering asks before shipping; the paid mail says what is missing):
 * `required` is VERIFY_BEFORE_SHIPPING; `verified` is true when it is off or the account's verification is
 * approved, false for a guest (no account to verify); `status` is read only while it is required. Read from the stream, not a read model, so an order
 * ships the moment after its buyer is approved.
 */
export class BuyerVerificationQuery extends Query<BuyerVerification> {
  constructor(readonly customerId: string | null) {
    super();
  }
}

export interface BuyerVerification {
  required: boolean;
  verified: boolean;
  /** The account's verification (null: none submitted, or a guest). */
  status: VerificationStatus | null;
}

@QueryHandler(BuyerVerificationQuery)
export class BuyerVerificationHandler implements IQueryHandler<BuyerVerificationQuery> {
  constructor(
    private readonly streams: StreamExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ customerId }: BuyerVerificationQuery): Promise<BuyerVerification> {
    const required = this.config.verifyBeforeShipping;
    // Where the shop does not ask, nobody's stream is read (the Orders tab asks for every buyer on its page).
    const status = customerId === null || !required ? null : (await this.streams.load(verificationStream(customerId), verificationDecider)).state.status;
    return { required, verified: !required || status === 'approved', status };
  }
}
