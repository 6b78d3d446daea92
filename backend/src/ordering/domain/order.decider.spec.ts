import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification, stateAfter } from '../../shared/event-sourcing/decider-specification';
import { OrderStatus, PaymentStatus } from '../contract/checkout-rules';
import { OrderDetails, OrderEvent, OrderStreamEvent } from '../contract/order.events';
import { BuyerVerificationStanding } from '../contract/shipping-verification';
import { sampleOrderDetails } from './order-details.fixture';
import { ExpiryHold, OrderCommand, orderDecider } from './order.decider';

const ORDER = 1001;
const DUE = '2030-05-01T10:00:00.000Z';
const EXPIRY_REASON = 'The payment window ended before the order was paid';

const details = (overrides: Partial<OrderDetails> = {}): OrderDetails => sampleOrderDetails({ orderId: ORDER, paymentDueBy: DUE, ...overrides });
const onDelivery = details({ shippingMethod: 'cash_on_delivery', paymentMethod: 'cash_on_delivery', paymentDueBy: null });

// Events, as the decider records them.
const submitted = (data = details()): OrderEvent => ({ type: 'OrderSubmitted', version: 1, data });
const placed = (data = details(), paymentStatus: PaymentStatus = 'pending'): OrderEvent => ({ type: 'OrderPlaced', version: 2, data: { ...data, status: 'pending', paymentStatus } });
const rejected = (reason = 'BPC-157 5mg is out of stock'): OrderEvent => ({ type: 'OrderRejected', version: 1, data: { orderId: ORDER, reason } });
const paid = (paymentId = 1, statusAfter: OrderStatus = 'processing'): OrderEvent => ({
  type: 'OrderPaymentConfirmed',
  version: 1,
  data: { orderId: ORDER, paymentId, transactionHash: `0xtx${paymentId}`, statusAfter },
});
const paymentFailed = (paymentId: number, paymentStatusAfter: PaymentStatus = 'failed'): OrderEvent => ({
  type: 'OrderPaymentFailed',
  version: 2,
  data: { orderId: ORDER, paymentId, reason: 'The transfer never arrived', paymentStatusAfter },
});
const statusChanged = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', version: 1, data: { orderId: ORDER, from, to } });
const shipped = (from: OrderStatus = 'processing'): OrderEvent => ({
  type: 'OrderShipped',
  version: 1,
  data: { orderId: ORDER, from, trackingNumber: 'TRK-1', carrier: 'DHL', adminNotes: null },
});
const cancelled = (from: OrderStatus = 'pending'): OrderEvent => ({ type: 'OrderCancelled', version: 1, data: { orderId: ORDER, from, reason: 'The shopper changed their mind' } });
const expired = (): OrderEvent => ({ type: 'OrderExpired', version: 1, data: { orderId: ORDER, paymentDueBy: DUE, reason: EXPIRY_REASON } });
const stockReleased = (): OrderEvent => ({ type: 'OrderStockReleased', version: 1, data: { orderId: ORDER } });

// Streams: a crypto order placed and awaiting payment, then what happened to it since.
const placedOrder = (...since: OrderStreamEvent[]) => [submitted(), placed(), ...since];
const codOrder = (...since: OrderEvent[]) => [submitted(onDelivery), placed(onDelivery), ...since];
const inStatus: Record<OrderStatus, OrderStreamEvent[]> = {
  pending: placedOrder(),
  processing: placedOrder(paid()),
  shipped: placedOrder(paid(), shipped()),
  delivered: placedOrder(paid(), shipped(), statusChanged('shipped', 'delivered')),
  cancelled: placedOrder(cancelled()),
};

// Commands.
const confirm = (paymentId = 1): OrderCommand => ({ kind: 'confirmPayment', paymentId, transactionHash: `0xtx${paymentId}` });
const fail = (paymentId: number): OrderCommand => ({ kind: 'failPayment', paymentId, reason: 'The transfer never arrived' });
// The shop does not ask for verification unless a test says so (see 'shipping waits for the buyer's verification').
const setStatus = (status: OrderStatus, buyerVerification: BuyerVerificationStanding = 'not-required'): OrderCommand => ({ kind: 'changeStatus', status, buyerVerification });
const shipAs = (buyerVerification: BuyerVerificationStanding): OrderCommand => ({ kind: 'ship', trackingNumber: 'TRK-1', carrier: 'DHL', adminNotes: null, buyerVerification });
const ship = shipAs('not-required');
const cancel: OrderCommand = { kind: 'cancel', reason: 'The shopper changed their mind' };
const expireAt = (now: string): OrderCommand => ({ kind: 'expire', now });
const AFTER_DUE = '2030-05-01T10:00:01.000Z';

/** Every command that concerns an order once it exists for the shopper. */
const laterCommands: [string, OrderCommand][] = [
  ['confirmPayment', confirm()],
  ['failPayment', fail(1)],
  ['changeStatus', setStatus('processing')],
  ['ship', ship],
  ['cancel', cancel],
  ['expire', expireAt(AFTER_DUE)],
  ['recordStockReleased', { kind: 'recordStockReleased' }],
  ['reversePayment', { kind: 'reversePayment', paymentId: 1, reason: 'reorg' }],
];

const order = DeciderSpecification.for(orderDecider);

describe('order decider', () => {
  describe('submit', () => {
    it('submits a new order, its stock not yet held', () => {
      order.given([]).when({ kind: 'submit', details: details() }).then([submitted()]);
    });

    it('refuses to submit an order that already exists', () => {
      order.given([submitted()]).when({ kind: 'submit', details: details() }).thenThrows(ConflictError, `Order ${ORDER} already exists`);
      order.given(placedOrder()).when({ kind: 'submit', details: details() }).thenThrows(ConflictError);
    });
  });

  describe('completePlacement', () => {
    it('places a submitted crypto order as pending, awaiting its payment', () => {
      order.given([submitted()]).when({ kind: 'completePlacement' }).then([placed()]);
    });

    it('places a cash-on-delivery order with its payment pending: the cash is collected at the door', () => {
      order.given([submitted(onDelivery)]).when({ kind: 'completePlacement' }).then([placed(onDelivery, 'pending')]);
    });

    it('places an order only once', () => {
      order.given(placedOrder()).when({ kind: 'completePlacement' }).thenNothing();
    });

    it('does not place an order that was rejected', () => {
      order.given([submitted(), rejected()]).when({ kind: 'completePlacement' }).thenNothing();
    });

    it('knows no order that was never submitted', () => {
      order.given([]).when({ kind: 'completePlacement' }).thenThrows(NotFoundError, 'Order not found');
    });
  });

  describe('rejectPlacement', () => {
    it('rejects a submitted order whose stock could not be held', () => {
      order.given([submitted()]).when({ kind: 'rejectPlacement', reason: 'BPC-157 5mg is out of stock' }).then([rejected()]);
    });

    it('rejects an order only once', () => {
      order.given([submitted(), rejected()]).when({ kind: 'rejectPlacement', reason: 'again' }).thenNothing();
    });

    it('does not reject an order already placed', () => {
      order.given(placedOrder()).when({ kind: 'rejectPlacement', reason: 'too late' }).thenNothing();
    });

    it('knows no order that was never submitted', () => {
      order.given([]).when({ kind: 'rejectPlacement', reason: 'none' }).thenThrows(NotFoundError);
    });
  });

  describe('any command on an order that does not exist for the shopper', () => {
    it.each(laterCommands)('answers %s with not found for an order never submitted', (_, command) => {
      order.given([]).when(command).thenThrows(NotFoundError, 'Order not found');
    });

    it.each(laterCommands)('answers %s with not found for a rejected order', (_, command) => {
      order.given([submitted(), rejected()]).when(command).thenThrows(NotFoundError, 'Order not found');
    });

    it.each(laterCommands)('refuses %s while the order is still being placed', (_, command) => {
      order.given([submitted()]).when(command).thenThrows(ConflictError, `Order ${ORDER} is still being placed`);
    });
  });

  describe('confirmPayment', () => {
    it('confirms the payment of a pending crypto order and moves it to processing', () => {
      order.given(placedOrder()).when(confirm(1)).then([paid(1, 'processing')]);
    });

    it('confirms a payment without moving back an order already further along', () => {
      order.given(placedOrder(shipped('pending'))).when(confirm(1)).then([paid(1, 'shipped')]);
    });

    it('records the same confirmation only once', () => {
      order.given(placedOrder(paid(1))).when(confirm(1)).thenNothing();
    });

    it('records nothing for a repeated confirmation even once the paid order is cancelled', () => {
      order.given(placedOrder(paid(1), cancelled('processing'))).when(confirm(1)).thenNothing();
    });

    it('refuses to confirm a payment for a cancelled order', () => {
      order.given(placedOrder(cancelled())).when(confirm(1)).thenThrows(ConflictError, `Order ${ORDER} is cancelled; its payment cannot be confirmed`);
    });

    it('refuses to confirm a payment for an expired order', () => {
      order.given(placedOrder(expired())).when(confirm(1)).thenThrows(ConflictError, 'is cancelled');
    });

    it('refuses to confirm a crypto payment for an order paid on delivery', () => {
      order.given(codOrder()).when(confirm(1)).thenThrows(ConflictError, `Order ${ORDER} is paid on delivery, not in crypto`);
    });

    it('refuses a payment for an order already paid by another payment', () => {
      order.given(placedOrder(paid(1))).when(confirm(2)).thenThrows(ConflictError, `Order ${ORDER} is already paid by payment 1`);
    });
  });

  describe('failPayment', () => {
    it('records a failed payment of an unpaid order, leaving its payment failed', () => {
      order.given(placedOrder()).when(fail(1)).then([paymentFailed(1, 'failed')]);
    });

    it('keeps the payment confirmed when another payment already paid the order', () => {
      order.given(placedOrder(paid(1))).when(fail(2)).then([paymentFailed(2, 'confirmed')]);
    });

    it('records the same failure only once', () => {
      order.given(placedOrder(paymentFailed(2))).when(fail(2)).thenNothing();
    });

    it('records no failure for the payment that paid the order', () => {
      order.given(placedOrder(paid(1))).when(fail(1)).thenNothing();
    });

    it('lets a new payment be confirmed after an earlier one failed', () => {
      order.given(placedOrder(paymentFailed(1))).when(confirm(2)).then([paid(2, 'processing')]);
    });
  });

  describe('confirmPayment in another coin', () => {
    it('records the coin the payment was made in, for revenue per coin', () => {
      order
        .given(inStatus.pending)
        .when({ kind: 'confirmPayment', paymentId: 9, transactionHash: 'c'.repeat(64), paidWith: 'usdc' })
        .then([{ type: 'OrderPaymentConfirmed', version: 1, data: { orderId: ORDER, paymentId: 9, transactionHash: 'c'.repeat(64), statusAfter: 'processing', paidWith: 'usdc' } }]);
    });
  });

  describe('changeStatus', () => {
    it('moves an order to another status', () => {
      order.given(inStatus.processing).when(setStatus('delivered')).then([statusChanged('processing', 'delivered')]);
    });

    it('refuses to set the status to cancelled: cancelling releases the stock, so it is its own command', () => {
      order.given(inStatus.pending).when(setStatus('cancelled')).thenThrows(InvalidInputError, 'cancel it, do not set its status');
    });

    it('records nothing when the order already has that status', () => {
      order.given(inStatus.processing).when(setStatus('processing')).thenNothing();
      order.given(inStatus.delivered).when(setStatus('delivered')).thenNothing();
    });

    it.each(['delivered', 'cancelled'] as const)('refuses to change the status of a %s order: the status is final', (status) => {
      order.given(inStatus[status]).when(setStatus('processing')).thenThrows(ConflictError, `Order ${ORDER} is ${status}; its status can no longer change`);
    });

    it('confirms the payment of a cash-on-delivery order when it is delivered, and only then', () => {
      const cashCollected: OrderEvent = { type: 'OrderStatusChanged', version: 1, data: { orderId: ORDER, from: 'shipped', to: 'delivered', cashCollected: true } };
      order.given(codOrder(shipped())).when(setStatus('delivered')).then([cashCollected]);
      order.given(codOrder()).when(setStatus('processing')).then([statusChanged('pending', 'processing')]);
      order.given(codOrder(shipped(), cashCollected)).when(setStatus('delivered')).thenNothing();
      expect(stateAfter(orderDecider, codOrder(shipped()))).toMatchObject({ status: 'shipped', paymentStatus: 'pending' });
      expect(stateAfter(orderDecider, codOrder(shipped(), cashCollected))).toMatchObject({ status: 'delivered', paymentStatus: 'confirmed' });
      // Placed before the change, with the payment recorded as confirmed: delivering it confirms nothing again.
      order.given([submitted(onDelivery), placed(onDelivery, 'confirmed'), shipped()]).when(setStatus('delivered')).then([statusChanged('shipped', 'delivered')]);
      // Paid in crypto: delivered is only a status.
      order.given(inStatus.shipped).when(setStatus('delivered')).then([statusChanged('shipped', 'delivered')]);
    });

    it('moves only forward: pending → processing → shipped → delivered, skipping steps allowed', () => {
      order.given(inStatus.pending).when(setStatus('shipped')).then([statusChanged('pending', 'shipped')]);
      order.given(inStatus.shipped).when(setStatus('delivered')).then([statusChanged('shipped', 'delivered')]);
    });

    it.each([
      ['shipped', 'processing'],
      ['shipped', 'pending'],
      ['processing', 'pending'],
    ] as const)('refuses to send a %s order back to %s', (from, to) => {
      order.given(inStatus[from]).when(setStatus(to)).thenThrows(ConflictError, `Order ${ORDER} is ${from}; it cannot go back to ${to}`);
    });
  });

  describe('ship', () => {
    it.each(['pending', 'processing'] as const)('ships a %s order', (status) => {
      order.given(inStatus[status]).when(ship).then([shipped(status)]);
    });

    it.each(['shipped', 'delivered', 'cancelled'] as const)('refuses to ship a %s order', (status) => {
      order.given(inStatus[status]).when(ship).thenThrows(ConflictError, `Only pending or processing orders can be shipped; order ${ORDER} is ${status}`);
    });
  });

  describe('shipping waits for the buyer\'s verification (VERIFY_BEFORE_SHIPPING)', () => {
    const ofCustomer = details({ customerId: 'customer-1' });
    const customerOrder = [submitted(ofCustomer), placed(ofCustomer), paid()];
    const notVerified = `Order ${ORDER} cannot ship yet: its buyer has not verified their institution`;

    it('ships a paid order once its buyer is approved, or when the shop does not ask', () => {
      order.given(customerOrder).when(shipAs('approved')).then([shipped('processing')]);
      order.given(customerOrder).when(shipAs('not-required')).then([shipped('processing')]);
    });

    it.each(['none', 'submitted', 'rejected'] as const)('refuses with 409 while the buyer\'s verification is %s, saying what is missing', (standing) => {
      order.given(customerOrder).when(shipAs(standing)).thenThrows(ConflictError, new RegExp(`^${notVerified} \\(`));
    });

    it('tells staff a waiting verification is in the queue and a rejected one may be sent again', () => {
      order.given(customerOrder).when(shipAs('submitted')).thenThrows(ConflictError, /waiting for review under Customers → Verifications/);
      order.given(customerOrder).when(shipAs('rejected')).thenThrows(ConflictError, /rejected; they may submit a new one/);
    });

    it('refuses a guest order: its buyer must sign up and claim it first', () => {
      order.given(placedOrder(paid())).when(shipAs('none')).thenThrows(ConflictError, /a guest order: the buyer must sign up with the order's e-mail address, claim the order/);
    });

    it('holds a status move that sends the order out (to shipped, or to delivered before shipping) to the same rule', () => {
      order.given(customerOrder).when(setStatus('shipped', 'submitted')).thenThrows(ConflictError, /cannot ship yet/);
      order.given(customerOrder).when(setStatus('delivered', 'none')).thenThrows(ConflictError, /cannot ship yet/);
      order.given(customerOrder).when(setStatus('shipped', 'approved')).then([statusChanged('processing', 'shipped')]);
    });

    it('lets an order that left already be delivered, and an unpaid one be paid, whatever the verification', () => {
      order.given([...customerOrder, shipped()]).when({ kind: 'changeStatus', status: 'delivered', now: '2030-06-01T09:00:00.000Z', buyerVerification: 'none' }).then([
        { type: 'OrderStatusChanged', version: 1, data: { orderId: ORDER, from: 'shipped', to: 'delivered', at: '2030-06-01T09:00:00.000Z' } },
      ]);
      order.given([submitted(ofCustomer), placed(ofCustomer)]).when(confirm()).then([paid()]);
    });
  });

  describe('cancel', () => {
    it.each(['pending', 'processing'] as const)('cancels a %s order', (status) => {
      order.given(inStatus[status]).when(cancel).then([cancelled(status)]);
    });

    it('refuses to cancel a shipped order: a parcel on its way comes back as a return', () => {
      order.given(inStatus.shipped).when(cancel).thenThrows(ConflictError, `Order ${ORDER} has shipped; it can no longer be cancelled`);
    });

    it('records nothing when the order is already cancelled or expired', () => {
      order.given(inStatus.cancelled).when(cancel).thenNothing();
      order.given(placedOrder(expired())).when(cancel).thenNothing();
    });

    it('refuses to cancel a delivered order', () => {
      order.given(inStatus.delivered).when(cancel).thenThrows(ConflictError, `Order ${ORDER} is delivered; it can no longer be cancelled`);
    });

    describe('by the customer (issue 21)', () => {
      const byCustomer: OrderCommand = { ...cancel, byCustomer: true };

      it('cancels an unpaid pending order, crypto or cash on delivery', () => {
        order.given(inStatus.pending).when(byCustomer).then([cancelled('pending')]);
        order.given([submitted(onDelivery), placed(onDelivery)]).when(byCustomer).then([cancelled('pending')]);
      });

      it('refuses a paid order: the shop cancels it with a refund', () => {
        order.given(inStatus.processing).when(byCustomer).thenThrows(ConflictError, `Order ${ORDER} is paid, so it can no longer be cancelled here: please contact us and we will refund it.`);
      });

      it('refuses an unpaid order the shop has started on (cash on delivery in processing) or sent', () => {
        order.given([submitted(onDelivery), placed(onDelivery), statusChanged('pending', 'processing')]).when(byCustomer).thenThrows(ConflictError, `Order ${ORDER} is processing, so it can no longer be cancelled here: please contact us.`);
        order.given(inStatus.shipped).when(byCustomer).thenThrows(ConflictError, /is paid/);
      });

      it('records nothing for an order already cancelled', () => {
        order.given(inStatus.cancelled).when(byCustomer).thenNothing();
      });
    });
  });

  describe('extendPaymentWindow', () => {
    const BEFORE_DUE = '2030-05-01T09:55:00.000Z';
    const QUOTE_END = '2030-05-01T10:10:00.000Z';
    const extend = (until = QUOTE_END, now = BEFORE_DUE): OrderCommand => ({ kind: 'extendPaymentWindow', until, now });
    const extended: OrderEvent = { type: 'OrderPaymentWindowExtended', version: 1, data: { orderId: ORDER, from: DUE, until: QUOTE_END } } as unknown as OrderEvent;

    it('moves an unpaid order\'s window to a new quote\'s end, once, and the expiry follows it', () => {
      order.given(placedOrder()).when(extend()).then([extended]);
      order.given(placedOrder(extended)).when(extend('2030-05-01T10:20:00.000Z', '2030-05-01T10:05:00.000Z')).thenNothing();
      expect(stateAfter(orderDecider, placedOrder(extended))).toMatchObject({ windowExtended: true, details: { paymentDueBy: QUOTE_END } });
      order.given(placedOrder(extended)).when(expireAt(AFTER_DUE)).thenNothing();
      order.given(placedOrder(extended)).when(expireAt('2030-05-01T10:10:01.000Z')).then([{ ...expired(), data: { ...expired().data, paymentDueBy: QUOTE_END } } as OrderEvent]);
    });

    it('does not extend a window that has ended, one the quote ends within, or an order paid, moved on or paid on delivery', () => {
      order.given(placedOrder()).when(extend(QUOTE_END, AFTER_DUE)).thenNothing();
      order.given(placedOrder()).when(extend('2030-05-01T09:59:00.000Z')).thenNothing();
      order.given(inStatus.processing).when(extend()).thenNothing();
      order.given(inStatus.cancelled).when(extend()).thenNothing();
      order.given(codOrder()).when(extend()).thenNothing();
    });
  });

  describe('expire', () => {
    it('expires an unpaid pending order once its payment window has ended', () => {
      order.given(placedOrder()).when(expireAt(AFTER_DUE)).then([expired()]);
    });

    it('expires an order at the very moment its payment window ends', () => {
      order.given(placedOrder()).when(expireAt(DUE)).then([expired()]);
    });

    it('does not expire an order before its payment window ends', () => {
      order.given(placedOrder()).when(expireAt('2030-05-01T09:59:59.000Z')).thenNothing();
    });

    it('does not expire a paid order, even one set back to pending', () => {
      order.given(placedOrder(paid(1), statusChanged('processing', 'pending'))).when(expireAt(AFTER_DUE)).thenNothing();
    });

    it('does not expire an order that is no longer pending', () => {
      order.given(placedOrder(statusChanged('pending', 'processing'))).when(expireAt(AFTER_DUE)).thenNothing();
      order.given(inStatus.cancelled).when(expireAt(AFTER_DUE)).thenNothing();
    });

    it('expires an order only once', () => {
      order.given(placedOrder(expired())).when(expireAt(AFTER_DUE)).thenNothing();
    });

    it('never expires an order without a payment window, such as cash on delivery', () => {
      order.given(codOrder()).when(expireAt(AFTER_DUE)).thenNothing();
    });
  });

  describe('expire while a payment is on its way', () => {
    const HOLD_UNTIL = '2030-05-01T11:00:00.000Z';
    const HOLD_REASON = 'was seen on the chain and waits for its confirmations (0 of 2)';
    const hold = (paymentId = 1, until = HOLD_UNTIL): ExpiryHold => ({ paymentId, until, reason: HOLD_REASON });
    const expireHeld = (now: string, held: ExpiryHold | null): OrderCommand => ({ kind: 'expire', now, hold: held });
    const deferred = (paymentId = 1, until = HOLD_UNTIL): OrderStreamEvent => ({ type: 'OrderExpiryDeferred', version: 1, data: { orderId: ORDER, paymentId, until, reason: HOLD_REASON } });
    const expiredAfterHold: OrderStreamEvent = {
      type: 'OrderExpired',
      version: 1,
      data: { orderId: ORDER, paymentDueBy: DUE, reason: "The payment window ended before the order was paid; the payment seen on the chain was not confirmed within the watch's grace" },
    };

    it('defers the expiry, recording the payment and until when, instead of cancelling the order', () => {
      order.given(placedOrder()).when(expireHeld(AFTER_DUE, hold())).then([deferred()]);
    });

    it('records the deferral once for the same payment and end, however often the expiry asks', () => {
      order.given(placedOrder(deferred())).when(expireHeld(AFTER_DUE, hold())).thenNothing();
    });

    it('records a new deferral when another payment holds the order', () => {
      order.given(placedOrder(deferred(1))).when(expireHeld(AFTER_DUE, hold(2, '2030-05-01T11:30:00.000Z'))).then([deferred(2, '2030-05-01T11:30:00.000Z')]);
    });

    it('expires the order once the hold has ended, saying the payment on its way was not confirmed in time', () => {
      order.given(placedOrder(deferred())).when(expireHeld(HOLD_UNTIL, hold())).then([expiredAfterHold]);
    });

    it('expires a deferred order when nothing holds it any more (the transfer left the mempool)', () => {
      order.given(placedOrder(deferred())).when(expireHeld('2030-05-01T10:30:00.000Z', null)).then([expiredAfterHold]);
    });

    it('neither defers nor expires before the payment window ends, nor a paid order', () => {
      order.given(placedOrder()).when(expireHeld('2030-05-01T09:59:59.000Z', hold())).thenNothing();
      order.given(placedOrder(deferred(), paid(1))).when(expireHeld(HOLD_UNTIL, null)).thenNothing();
    });

    it('keeps the order payable while deferred: the payment confirming pays it', () => {
      order.given(placedOrder(deferred())).when(confirm(1)).then([paid(1)]);
    });
  });

  describe('reversePayment (a reorganisation undid the confirmation)', () => {
    const REASON = 'The transfers that paid it left the chain (a reorganisation); waiting for them again';
    const reverse = (paymentId = 1): OrderCommand => ({ kind: 'reversePayment', paymentId, reason: REASON });
    const reversed = (from: OrderStatus, to: OrderStatus, flagged: boolean, paymentId = 1): OrderStreamEvent => ({
      type: 'OrderPaymentReversed',
      version: 1,
      data: { orderId: ORDER, paymentId, reason: REASON, from, to, flagged },
    });

    it('moves a paid order that has not shipped back to pending, awaiting payment', () => {
      order.given(inStatus.processing).when(reverse()).then([reversed('processing', 'pending', false)]);
      expect(stateAfter(orderDecider, [...inStatus.processing, reversed('processing', 'pending', false)])).toMatchObject({ status: 'pending', paymentStatus: 'pending', paidBy: null });
    });

    it('keeps the status of a shipped or delivered order and flags it for an administrator', () => {
      order.given(inStatus.shipped).when(reverse()).then([reversed('shipped', 'shipped', true)]);
      order.given(inStatus.delivered).when(reverse()).then([reversed('delivered', 'delivered', true)]);
      expect(stateAfter(orderDecider, [...inStatus.shipped, reversed('shipped', 'shipped', true)])).toMatchObject({ status: 'shipped', paymentStatus: 'pending', paidBy: null });
    });

    it('keeps a cancelled order cancelled, unflagged', () => {
      order.given(placedOrder(paid(1), cancelled('processing'))).when(reverse()).then([reversed('cancelled', 'cancelled', false)]);
    });

    it('records nothing for a payment that did not pay the order, or a reversal already recorded', () => {
      order.given(placedOrder()).when(reverse()).thenNothing();
      order.given(inStatus.processing).when(reverse(2)).thenNothing();
      order.given(placedOrder(paid(1), reversed('processing', 'pending', false))).when(reverse()).thenNothing();
    });

    it('is paid again when the payment confirms again: to processing, or keeping the shipped status', () => {
      order.given(placedOrder(paid(1), reversed('processing', 'pending', false))).when(confirm(1)).then([paid(1, 'processing')]);
      order.given(placedOrder(paid(1), shipped(), reversed('shipped', 'shipped', true))).when(confirm(1)).then([paid(1, 'shipped')]);
    });

    it('records the payment failing after the reversal, and expires the order like any unpaid one', () => {
      order.given(placedOrder(paid(1), reversed('processing', 'pending', false))).when(fail(1)).then([paymentFailed(1)]);
      order.given(placedOrder(paid(1), reversed('processing', 'pending', false))).when(expireAt(AFTER_DUE)).then([expired()]);
    });
  });

  describe('recordStockReleased', () => {
    it('records the stock of a cancelled order back on the shelf', () => {
      order.given(inStatus.cancelled).when({ kind: 'recordStockReleased' }).then([stockReleased()]);
    });

    it('records the stock of an expired order back on the shelf', () => {
      order.given(placedOrder(expired())).when({ kind: 'recordStockReleased' }).then([stockReleased()]);
    });

    it('records the release only once', () => {
      order.given(placedOrder(cancelled(), stockReleased())).when({ kind: 'recordStockReleased' }).thenNothing();
    });

    it('releases nothing of an order that is not cancelled', () => {
      order.given(inStatus.processing).when({ kind: 'recordStockReleased' }).thenNothing();
    });
  });

  describe('claim', () => {
    const CUSTOMER = 'user-ada';
    const claimed = (customerId = CUSTOMER, proof: 'guest-session' | 'account-email' = 'guest-session'): OrderEvent => ({ type: 'OrderClaimedByCustomer', version: 1, data: { orderId: ORDER, customerId, proof } });
    const bySession = { kind: 'claim', customerId: CUSTOMER, proof: 'guest-session', email: null } as const;
    const byEmail = (email: string) => ({ kind: 'claim', customerId: CUSTOMER, proof: 'account-email', email }) as const;

    it('makes a guest order placed in the same browser the customer\'s, whatever its e-mail', () => {
      order.given(placedOrder()).when(bySession).then([claimed()]);
      expect(stateAfter(orderDecider, placedOrder(claimed())).details?.customerId).toBe(CUSTOMER);
    });

    it("makes a guest order placed with the account's e-mail the customer's, the address compared without case", () => {
      order.given(placedOrder()).when(byEmail('ADA@example.com')).then([claimed(CUSTOMER, 'account-email')]);
    });

    it('claims an order only once', () => {
      order.given(placedOrder(claimed())).when(bySession).thenNothing();
      order.given(placedOrder(claimed())).when(byEmail('ada@example.com')).thenNothing();
    });

    it("refuses an order placed with another e-mail, or another customer's order, as if it did not exist", () => {
      order.given(placedOrder()).when(byEmail('eve@example.com')).thenThrows(NotFoundError, 'Order not found');
      order.given(placedOrder(claimed('user-eve'))).when(bySession).thenThrows(NotFoundError, 'Order not found');
      const evesOrder = details({ customerId: 'user-eve' });
      order.given([submitted(evesOrder), placed(evesOrder)]).when(bySession).thenThrows(NotFoundError, 'Order not found');
    });

    it('waits for an order still being placed', () => {
      order.given([submitted()]).when(bySession).thenThrows(ConflictError, `Order ${ORDER} is still being placed. Please try again in a moment.`);
    });
  });

  describe('events recorded under older versions', () => {
    const { paymentDueBy: _none, ...beforePaymentWindows } = details();
    const placedV1 = { type: 'OrderPlaced', version: 1, data: { ...beforePaymentWindows, status: 'pending', paymentStatus: 'pending' } };
    const failedV1 = { type: 'OrderPaymentFailed', version: 1, data: { orderId: ORDER, paymentId: 1, reason: 'The transfer never arrived' } };

    it('reads a version-1 OrderPlaced, with no OrderSubmitted before it, as a placed order without a payment window', () => {
      expect(stateAfter(orderDecider, [placedV1])).toMatchObject({ stage: 'placed', status: 'pending', details: { paymentDueBy: null } });
      order.given([placedV1]).when(expireAt(AFTER_DUE)).thenNothing();
      order.given([placedV1]).when(cancel).then([cancelled('pending')]);
    });

    it('reads a version-1 OrderPaymentFailed as leaving the payment failed', () => {
      expect(stateAfter(orderDecider, [placedV1, failedV1])).toMatchObject({ paymentStatus: 'failed', settledPayments: [1] });
      order.given([placedV1, failedV1]).when(fail(1)).thenNothing();
    });
  });

  describe('refund (issue 21)', () => {
    const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const TX = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
    const refund = (amount: string, overrides: Partial<Extract<OrderCommand, { kind: 'refund' }>> = {}): OrderCommand => ({
      kind: 'refund',
      amount,
      reason: 'Vial arrived cracked',
      restock: false,
      refundAddress: ADDRESS,
      transactionHash: TX,
      ...overrides,
    });
    const refunded = (amount: string, refundedTotal: string, fully: boolean, overrides: Partial<Extract<OrderEvent, { type: 'OrderRefunded' }>['data']> = {}): OrderEvent => ({
      type: 'OrderRefunded',
      version: 1,
      data: { orderId: ORDER, amount, refundedTotal, fully, reason: 'Vial arrived cracked', restock: false, refundAddress: ADDRESS, transactionHash: TX, ...overrides },
    });

    it('refunds part of a paid order, then the rest, saying when the whole total is back', () => {
      order.given(inStatus.processing).when(refund('30.00')).then([refunded('30.00', '30.00', false)]);
      order.given([...inStatus.processing, refunded('30.00', '30.00', false)]).when(refund('100.00')).then([refunded('100.00', '130.00', true)]);
    });

    it('never gives back more than was received', () => {
      order.given(inStatus.processing).when(refund('130.01')).thenThrows(ConflictError, `At most A$130.00 can still be refunded on order ${ORDER}`);
      order.given([...inStatus.processing, refunded('100.00', '100.00', false)]).when(refund('40.00')).thenThrows(ConflictError, `At most A$30.00 can still be refunded on order ${ORDER}`);
      order.given([...inStatus.shipped, refunded('130.00', '130.00', true)]).when(refund('1.00')).thenThrows(ConflictError, `Order ${ORDER} is refunded in full already`);
    });

    it('refuses an order that received no money: unpaid, or cash on delivery not yet collected', () => {
      order.given(inStatus.pending).when(refund('10.00')).thenThrows(ConflictError, `Order ${ORDER} has received no payment, so there is nothing to refund`);
      order.given(inStatus.cancelled).when(refund('10.00')).thenThrows(ConflictError, /has received no payment/);
      order.given(codOrder(shipped())).when(refund('10.00', { refundAddress: null, transactionHash: null })).thenThrows(ConflictError, /has received no payment/);
    });

    it("sends a crypto refund only to a valid address of the coin paid with, with the transaction staff sent", () => {
      order.given(inStatus.processing).when(refund('10.00', { refundAddress: '0x52908400098527886E0F7030069857D2E4169EE7' })).thenThrows(InvalidInputError, 'Refund address: Invalid Bitcoin address format: expected 1…, 3… or bc1…');
      order.given(inStatus.processing).when(refund('10.00', { refundAddress: null })).thenThrows(InvalidInputError, 'Refund address: Address is required');
      order.given(inStatus.processing).when(refund('10.00', { transactionHash: null })).thenThrows(InvalidInputError, 'Send the refund first, then record its transaction hash');
    });

    it('refunds collected cash with neither address nor transaction', () => {
      const cashCollected: OrderEvent = { type: 'OrderStatusChanged', version: 1, data: { orderId: ORDER, from: 'shipped', to: 'delivered', cashCollected: true } };
      order.given(codOrder(shipped(), cashCollected)).when(refund('20.00', { refundAddress: ADDRESS, transactionHash: TX })).then([refunded('20.00', '20.00', false, { refundAddress: null, transactionHash: null })]);
    });

    it('puts the items back on sale once: the stock return then records it, as for a cancellation', () => {
      const withRestock = refunded('130.00', '130.00', true, { restock: true });
      order.given(inStatus.delivered).when(refund('130.00', { restock: true })).then([withRestock]);
      order.given([...inStatus.delivered, withRestock]).when({ kind: 'recordStockReleased' }).then([stockReleased()]);
      order.given([...inStatus.processing, refunded('10.00', '10.00', false, { restock: true })]).when(refund('10.00', { restock: true })).thenThrows(ConflictError, `The items of order ${ORDER} are back on sale already`);
      // Without a restock, a refund leaves the stock sold.
      order.given([...inStatus.delivered, refunded('10.00', '10.00', false)]).when({ kind: 'recordStockReleased' }).thenNothing();
    });
  });

  describe('returns after delivery (issue 21)', () => {
    const DELIVERED_AT = '2030-06-01T09:00:00.000Z';
    const delivered: OrderEvent = { type: 'OrderStatusChanged', version: 1, data: { orderId: ORDER, from: 'shipped', to: 'delivered', at: DELIVERED_AT } };
    const deliveredOrder = placedOrder(paid(), shipped(), delivered);
    const twoLines = details({
      lines: [
        { productId: 7, name: 'BPC-157 5mg', sku: 'PEP-BPC-5', quantity: 2, unitPrice: '65.00', lineTotal: '130.00' },
        { productId: 8, name: 'TB-500 2mg', sku: 'PEP-TB-2', quantity: 1, unitPrice: '40.00', lineTotal: '40.00' },
      ],
      totals: { subtotal: '170.00', discountPercentage: 10, discountAmount: '17.00', shippingCost: '0.00', totalAmount: '153.00' },
    });
    const discounted = [submitted(twoLines), placed(twoLines), paid(), shipped(), delivered];
    const ask = (overrides: Partial<Extract<OrderCommand, { kind: 'requestReturn' }>> = {}): OrderCommand => ({
      kind: 'requestReturn', lines: null, reason: 'Ordered the wrong strength', photos: [], now: '2030-06-10T00:00:00.000Z', ...overrides,
    });
    const requested = (data: Partial<Extract<OrderEvent, { type: 'OrderReturnRequested' }>['data']> = {}): OrderEvent => ({
      type: 'OrderReturnRequested',
      version: 1,
      data: { orderId: ORDER, lines: [{ productId: 7, name: 'BPC-157 5mg', quantity: 2, amount: '130.00' }], amount: '130.00', reason: 'Ordered the wrong strength', photos: [], ...data },
    });
    const authorized: OrderEvent = { type: 'OrderReturnAuthorized', version: 1, data: { orderId: ORDER, instructions: 'Post it to 1 Return St' } };
    const received: OrderEvent = { type: 'OrderReturnReceived', version: 1, data: { orderId: ORDER, note: null } };
    const refused: OrderEvent = { type: 'OrderReturnRefused', version: 1, data: { orderId: ORDER, reason: 'Seal broken' } };

    it('records the delivery time on a move to delivered, and takes a return of every line within 30 days', () => {
      order.given(inStatus.shipped).when({ kind: 'changeStatus', status: 'delivered', now: DELIVERED_AT, buyerVerification: 'not-required' }).then([delivered]);
      order.given(deliveredOrder).when(ask({ photos: ['a'.repeat(32)] })).then([requested({ photos: ['a'.repeat(32)] })]);
      order.given(deliveredOrder).when(ask({ now: '2030-07-01T09:00:00.000Z' })).then([requested()]);
    });

    it('refuses after 30 days, before delivery, and a second return', () => {
      order.given(deliveredOrder).when(ask({ now: '2030-07-01T09:00:00.001Z' })).thenThrows(ConflictError, `Returns are accepted within 30 days of delivery; order ${ORDER} was delivered on 2030-06-01.`);
      order.given(inStatus.shipped).when(ask()).thenThrows(ConflictError, `Order ${ORDER} is shipped: only delivered orders can be returned.`);
      order.given([...deliveredOrder, requested()]).when(ask()).thenThrows(ConflictError, `A return of order ${ORDER} was asked for already (requested)`);
    });

    it('returns some lines at what they cost after the order\'s discount, and never more than was ordered', () => {
      order.given(discounted).when(ask({ lines: [{ productId: 8, quantity: 1 }] })).then([requested({ lines: [{ productId: 8, name: 'TB-500 2mg', quantity: 1, amount: '40.00' }], amount: '36.00' })]);
      order.given(discounted).when(ask({ lines: [{ productId: 7, quantity: 3 }] })).thenThrows(InvalidInputError, `Order ${ORDER} has 2 × BPC-157 5mg; at most that many can be returned`);
      order.given(discounted).when(ask({ lines: [{ productId: 99, quantity: 1 }] })).thenThrows(InvalidInputError, `Product 99 is not on order ${ORDER}`);
    });

    it('is authorized or refused, received once authorized, and closed by the refund that follows', () => {
      order.given([...deliveredOrder, requested()]).when({ kind: 'authorizeReturn', instructions: 'Post it to 1 Return St' }).then([authorized]);
      order.given([...deliveredOrder, requested(), authorized]).when({ kind: 'authorizeReturn', instructions: null }).thenNothing();
      order.given([...deliveredOrder, requested()]).when({ kind: 'refuseReturn', reason: 'Seal broken' }).then([refused]);
      order.given([...deliveredOrder, requested(), authorized]).when({ kind: 'refuseReturn', reason: 'Seal broken' }).then([refused]);
      order.given([...deliveredOrder, requested()]).when({ kind: 'receiveReturn', note: null }).thenThrows(ConflictError, `The return of order ${ORDER} is requested; it cannot be marked received now`);
      order.given([...deliveredOrder, requested(), authorized]).when({ kind: 'receiveReturn', note: null }).then([received]);
      order.given([...deliveredOrder, requested(), refused]).when({ kind: 'authorizeReturn', instructions: null }).thenThrows(ConflictError, /is refused; it cannot be authorized now/);
      order.given(deliveredOrder).when({ kind: 'authorizeReturn', instructions: null }).thenThrows(ConflictError, `No return was asked for on order ${ORDER}`);
      const refund: OrderEvent = { type: 'OrderRefunded', version: 1, data: { orderId: ORDER, amount: '130.00', refundedTotal: '130.00', fully: true, reason: 'Returned', restock: true, refundAddress: null, transactionHash: null } };
      expect(stateAfter(orderDecider, [...deliveredOrder, requested(), authorized, received, refund]).returnStatus).toBe('refunded');
      expect(stateAfter(orderDecider, [...deliveredOrder, requested(), refund]).returnStatus).toBe('requested');
    });

    it('takes a return of an order delivered before the delivery time was recorded', () => {
      order.given(inStatus.delivered).when(ask({ now: '2040-01-01T00:00:00.000Z' })).then([requested()]);
    });
  });
});
