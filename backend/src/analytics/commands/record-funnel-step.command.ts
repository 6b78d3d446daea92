import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { OrderForPaymentQuery } from '../../ordering/commands/public';
import { NotFoundError } from '../../shared/errors';
import { ANALYTICS_CLOCK, AnalyticsClock } from '../analytics-clock';
import { FunnelEventInput } from '../contract/analytics-input';
import { TrafficEvent } from '../contract/traffic.events';
import { utcDay } from '../domain/page-view';
import { ReportingClient, visitorOf } from './reporting-client';
import { TrafficLog } from './traffic-log';
import { VisitorSalts } from './visitor-salts';

/**
 * Resolves with whether the step counts: a bot's does not, nor an `order_placed` of an order that was
 * never placed (not recorded, and not refused either: the beacon must not tell which order ids exist).
 */
export class RecordFunnelStep extends Command<{ counted: boolean }> {
  constructor(
    readonly step: FunnelEventInput,
    readonly client: ReportingClient,
  ) {
    super();
  }
}

/**
 * A funnel step the storefront saw (added to cart, checkout started, order placed), recorded the same
 * cookieless way as a page view, on the same day stream, with the same visitor hash, so the projection
 * can put it beside the visitor's page views of that day.
 */
@CommandHandler(RecordFunnelStep)
export class RecordFunnelStepHandler implements ICommandHandler<RecordFunnelStep> {
  constructor(
    private readonly salts: VisitorSalts,
    private readonly traffic: TrafficLog,
    private readonly queries: QueryBus,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {}

  async execute({ step, client }: RecordFunnelStep) {
    if (step.type === 'order_placed' && !(await this.wasPlaced(step.orderId))) return { counted: false };
    const now = this.clock.now();
    const day = utcDay(now);
    const visit = await visitorOf(client, day, this.salts);
    if (visit === null) return { counted: false };
    const seen = { day, visitor: visit.visitor, at: new Date(now).toISOString() };
    this.traffic.record(eventOf(step, seen));
    return { counted: true };
  }

  private async wasPlaced(orderId: number): Promise<boolean> {
    try {
      await this.queries.execute(new OrderForPaymentQuery(orderId));
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}

function eventOf(step: FunnelEventInput, seen: { day: string; visitor: string; at: string }): TrafficEvent {
  switch (step.type) {
    case 'add_to_cart':
      return { type: 'ProductAddedToCart', version: 1, data: { ...seen, productId: step.productId, quantity: step.quantity } };
    case 'checkout_started':
      return { type: 'CheckoutStarted', version: 1, data: seen };
    case 'order_placed':
      return { type: 'OrderPlacedInVisit', version: 1, data: { ...seen, orderId: step.orderId } };
  }
}
