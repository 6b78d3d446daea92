import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../shared/errors';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { OrderStatus, PaymentMethod, PaymentStatus } from '../contract/checkout-rules';
import { orderStream } from '../contract/order.events';
import { orderDecider } from '../domain/order.decider';

/** What a payment needs to know of its order, from the order's stream. */
export interface OrderForPayment {
  orderId: number;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalAmount: string;
  paymentDueBy: string | null;
}

/** 404 for an order that does not exist for the shopper (never placed, or rejected). */
export class OrderForPaymentQuery extends Query<OrderForPayment> {
  constructor(readonly orderId: number) {
    super();
  }
}

@QueryHandler(OrderForPaymentQuery)
export class OrderForPaymentHandler implements IQueryHandler<OrderForPaymentQuery> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ orderId }: OrderForPaymentQuery): Promise<OrderForPayment> {
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    if (state.stage !== 'placed' || state.details === null) throw new NotFoundError('Order not found');
    const { paymentMethod, totals, paymentDueBy } = state.details;
    return { orderId, paymentMethod, status: state.status, paymentStatus: state.paymentStatus, totalAmount: totals.totalAmount, paymentDueBy };
  }
}
