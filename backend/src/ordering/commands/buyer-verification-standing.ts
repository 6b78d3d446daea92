import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { BuyerVerificationQuery } from '../../customers/commands/public';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { BuyerVerificationStanding } from '../contract/shipping-verification';
import { orderDecider } from '../domain/order.decider';

/**
 * Where the order's buyer stands with their institution verification, asked of the customers context just before
 * the order is sent out (ship, or a status move to shipped or delivered). The buyer is the order's account as the
 * stream has it now: a guest order claimed since is its new owner's.
 */
@Injectable()
export class BuyerVerificationStandingOf {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly queries: QueryBus,
  ) {}

  async order(orderId: number): Promise<BuyerVerificationStanding> {
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    return this.buyer(state.details?.customerId ?? null);
  }

  /** Where this buyer stands (null: a guest, who has no account to verify). */
  async buyer(customerId: string | null): Promise<BuyerVerificationStanding> {
    const { required, status } = await this.queries.execute(new BuyerVerificationQuery(customerId));
    if (!required) return 'not-required';
    return status ?? 'none';
  }
}
