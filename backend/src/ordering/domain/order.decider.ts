import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { Decider } from '../../shared/event-sourcing/decider';
import { CASH_ON_DELIVERY, CryptoPaymentMethod, isCryptoPaymentMethod, OrderStatus, PaymentStatus, statusMoveRefusal } from '../contract/checkout-rules';
import { OrderClaimProof, OrderDetails, OrderStreamEvent, ReturnLine, upcastOrderStreamEvent } from '../contract/order.events';
import { RETURN_WINDOW_DAYS, returnAmountCents, returnWindowEnd } from '../contract/order-returns';
import { ReturnStatus } from '../contract/order.views';
import { walletAddressProblem } from '../contract/wallet-address';
import { BuyerVerificationStanding, shippingVerificationRefusal } from '../contract/shipping-verification';
import { formatCents, parseCents } from '../../shared/money';

/** Where the order is in its placement: submitted (stock being held), placed, or rejected (stock could not be held). */
export type OrderStage = 'none' | 'submitted' | 'placed' | 'rejected';

export interface OrderState {
  stage: OrderStage;
  details: OrderDetails | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** The payment that paid the order. */
  paidBy: number | null;
  /** Payments whose outcome the order has recorded, so a repeated settlement step records nothing twice. */
  settledPayments: number[];
  /** Why a cancelled order was cancelled (an administrator, or its payment window ending). */
  cancellationReason: string | null;
  /** A cancelled or expired order has given its stock back. */
  stockReleased: boolean;
  rejectionReason: string | null;
  /** Whether the payment window was extended already (OrderPaymentWindowExtended: once per order). */
  windowExtended: boolean;
  /** The payment an expiry is waiting for, and until when (the latest OrderExpiryDeferred). */
  expiryDeferral: { paymentId: number; until: string } | null;
  /** The buyers whose bounds on unpaid orders this order counts against (OrderBuyersRecorded). */
  buyers: string[];
  /** The coin the confirmed payment was made in, when it is not the order's own method (OrderPaymentConfirmed). */
  paidWith: CryptoPaymentMethod | null;
  /** Refunded so far, in cents (OrderRefunded). */
  refundedCents: number;
  /** A refund asked for the items to go back on sale (the stock return then runs as for a cancellation). */
  restockRequested: boolean;
  /** When the order was delivered, where recorded (moves to delivered before 27 Nov 2026 did not say). */
  deliveredAt: string | null;
  /** The buyer's return and where it stands (null when none was asked for). */
  returnStatus: ReturnStatus | null;
}

/**
 * Why the expiry process holds an order past its payment window: a payment for it is on its way
 * (seen on the chain short of its confirmations, or underpaid with something received, or taken off the
 * chain by a reorganisation that may bring it back), until the chain watch's grace for it ends.
 */
export interface ExpiryHold {
  paymentId: number;
  until: string;
  reason: string;
}

export type OrderCommand =
  /** `buyers`: see OrderBuyersRecorded. */
  | { kind: 'submit'; details: OrderDetails; buyers?: string[] }
  | { kind: 'completePlacement' }
  | { kind: 'rejectPlacement'; reason: string }
  /** `paidWith`: the coin the payment was made in (it may differ from the order's method). */
  | { kind: 'confirmPayment'; paymentId: number; transactionHash: string; paidWith?: CryptoPaymentMethod }
  | { kind: 'failPayment'; paymentId: number; reason: string }
  /**
   * `now`: when the move is decided (recorded on a move to delivered). `buyerVerification`: where the buyer's institution
   * verification stands; a move that sends the order out (to shipped, or to delivered before it shipped) needs it approved.
   */
  | { kind: 'changeStatus'; status: OrderStatus; now?: string; buyerVerification: BuyerVerificationStanding }
  /** `buyerVerification`: the order ships only once its buyer's institution verification is approved (or the shop does not ask). */
  | { kind: 'ship'; trackingNumber: string; carrier: string; adminNotes: string | null; buyerVerification: BuyerVerificationStanding }
  /** `byCustomer`: the buyer's own cancellation, allowed only before payment and before the shop starts on it. */
  | { kind: 'cancel'; reason: string; byCustomer?: boolean }
  /** `hold`: the expiry process found a payment on its way (see ExpiryHold); absent or null: nothing holds the order. */
  | { kind: 'expire'; now: string; hold?: ExpiryHold | null }
  | { kind: 'extendPaymentWindow'; until: string; now: string }
  /** The payment that paid the order had its confirmation undone (a reorganisation). */
  | { kind: 'reversePayment'; paymentId: number; reason: string }
  | { kind: 'recordStockReleased' }
  /** `email` is the account's address when that is the proof: the order must have been placed with it. */
  | { kind: 'claim'; customerId: string; proof: OrderClaimProof; email: string | null }
  /**
   * Money given back (issue 21): `amount` in A$ ("12.50"), never more than was received less what was refunded;
   * a crypto refund names the customer's address (in the coin the order was paid with) and the transaction
   * staff sent; `restock` puts the items back on sale, once.
   */
  | { kind: 'refund'; amount: string; reason: string; restock: boolean; refundAddress: string | null; transactionHash: string | null }
  /** The buyer's return (see OrderReturnRequested): `lines` null for every line of the order. */
  | { kind: 'requestReturn'; lines: { productId: number; quantity: number }[] | null; reason: string; photos: string[]; now: string }
  | { kind: 'authorizeReturn'; instructions: string | null }
  | { kind: 'refuseReturn'; reason: string }
  | { kind: 'receiveReturn'; note: string | null };

/** An order in these has left the shop: a payment reversed then cannot send it back to awaiting payment. */
const GONE: OrderStatus[] = ['shipped', 'delivered'];
const EXPIRY_REASON = 'The payment window ended before the order was paid';
const EXPIRY_AFTER_HOLD_REASON = 'The payment window ended before the order was paid; the payment seen on the chain was not confirmed within the watch\'s grace';

export const orderDecider: Decider<OrderCommand, OrderState, OrderStreamEvent> = {
  initialState: {
    stage: 'none',
    details: null,
    status: 'pending',
    paymentStatus: 'pending',
    paidBy: null,
    settledPayments: [],
    cancellationReason: null,
    stockReleased: false,
    rejectionReason: null,
    expiryDeferral: null,
    windowExtended: false,
    buyers: [],
    paidWith: null,
    refundedCents: 0,
    restockRequested: false,
    deliveredAt: null,
    returnStatus: null,
  },

  upcast: upcastOrderStreamEvent,

  evolve(state, event) {
    switch (event.type) {
      case 'OrderSubmitted':
        return { ...state, stage: 'submitted', details: event.data, paymentStatus: 'pending' };
      case 'OrderPlaced': {
        const { status, paymentStatus, ...details } = event.data;
        return { ...state, stage: 'placed', details, status, paymentStatus };
      }
      case 'OrderRejected':
        return { ...state, stage: 'rejected', rejectionReason: event.data.reason };
      case 'OrderPaymentConfirmed':
        return {
          ...state,
          paymentStatus: 'confirmed',
          status: event.data.statusAfter,
          paidBy: event.data.paymentId,
          paidWith: event.data.paidWith ?? null,
          settledPayments: [...state.settledPayments, event.data.paymentId],
        };
      case 'OrderPaymentFailed':
        return { ...state, paymentStatus: event.data.paymentStatusAfter, settledPayments: [...state.settledPayments, event.data.paymentId] };
      case 'OrderStatusChanged':
        return {
          ...state,
          status: event.data.to,
          paymentStatus: event.data.cashCollected ? 'confirmed' : state.paymentStatus,
          deliveredAt: event.data.to === 'delivered' ? (event.data.at ?? null) : state.deliveredAt,
        };
      case 'OrderShipped':
        return { ...state, status: 'shipped' };
      case 'OrderCancelled':
      case 'OrderExpired':
        return { ...state, status: 'cancelled', cancellationReason: event.data.reason };
      case 'OrderStockReleased':
        return { ...state, stockReleased: true };
      case 'OrderClaimedByCustomer':
        return state.details ? { ...state, details: { ...state.details, customerId: event.data.customerId } } : state;
      case 'OrderPaymentWindowExtended':
        return state.details ? { ...state, windowExtended: true, details: { ...state.details, paymentDueBy: event.data.until } } : state;
      case 'OrderExpiryDeferred':
        return { ...state, expiryDeferral: { paymentId: event.data.paymentId, until: event.data.until } };
      case 'OrderBuyersRecorded':
        return { ...state, buyers: event.data.buyers };
      case 'OrderRefunded':
        // A refund after the returned parcel arrived closes the return.
        return {
          ...state,
          refundedCents: parseCents(event.data.refundedTotal),
          restockRequested: state.restockRequested || event.data.restock,
          returnStatus: state.returnStatus === 'received' ? 'refunded' : state.returnStatus,
        };
      case 'OrderReturnRequested':
        return { ...state, returnStatus: 'requested' };
      case 'OrderReturnAuthorized':
        return { ...state, returnStatus: 'authorized' };
      case 'OrderReturnRefused':
        return { ...state, returnStatus: 'refused' };
      case 'OrderReturnReceived':
        return { ...state, returnStatus: 'received' };
      case 'OrderPaymentReversed':
        // No longer settled by that payment: its confirming again (or failing) is recorded anew.
        return {
          ...state,
          status: event.data.to,
          paymentStatus: 'pending',
          paidBy: null,
          settledPayments: state.settledPayments.filter((paymentId) => paymentId !== event.data.paymentId),
        };
    }
  },

  decide(command, state) {
    if (command.kind === 'submit') {
      if (state.stage !== 'none') throw new ConflictError(`Order ${command.details.orderId} already exists`);
      const buyers = command.buyers ?? [];
      return [
        { type: 'OrderSubmitted', version: 1, data: command.details },
        ...(buyers.length > 0 ? [{ type: 'OrderBuyersRecorded' as const, version: 1, data: { orderId: command.details.orderId, buyers } }] : []),
      ];
    }
    if (state.stage === 'none' || state.details === null) throw new NotFoundError('Order not found');
    const { orderId } = state.details;

    switch (command.kind) {
      case 'completePlacement': {
        if (state.stage !== 'submitted') return [];
        // The server owns every status: cash on delivery is settled at the door, crypto once the transfer is confirmed.
        // Unpaid until paid: in crypto when a payment confirms, in cash when the order is delivered.
        return [{ type: 'OrderPlaced', version: 2, data: { ...state.details, status: 'pending', paymentStatus: 'pending' } }];
      }
      case 'rejectPlacement':
        if (state.stage !== 'submitted') return [];
        return [{ type: 'OrderRejected', version: 1, data: { orderId, reason: command.reason } }];
    }

    // Everything below concerns an order that exists for the shopper.
    if (state.stage === 'rejected') throw new NotFoundError('Order not found');
    if (state.stage === 'submitted') throw new ConflictError(`Order ${orderId} is still being placed. Please try again in a moment.`);

    switch (command.kind) {
      case 'confirmPayment': {
        if (state.paidBy === command.paymentId) return [];
        if (!isCryptoPaymentMethod(state.details.paymentMethod)) throw new ConflictError(`Order ${orderId} is paid on delivery, not in crypto`);
        if (state.paidBy !== null) throw new ConflictError(`Order ${orderId} is already paid by payment ${state.paidBy}`);
        if (state.status === 'cancelled') throw new ConflictError(`Order ${orderId} is cancelled; its payment cannot be confirmed`);
        const statusAfter: OrderStatus = state.status === 'pending' ? 'processing' : state.status;
        return [{ type: 'OrderPaymentConfirmed', version: 1, data: { orderId, paymentId: command.paymentId, transactionHash: command.transactionHash, statusAfter, ...(command.paidWith ? { paidWith: command.paidWith } : {}) } }];
      }
      case 'failPayment': {
        if (state.settledPayments.includes(command.paymentId)) return [];
        const paymentStatusAfter: PaymentStatus = state.paidBy !== null ? 'confirmed' : 'failed';
        return [{ type: 'OrderPaymentFailed', version: 2, data: { orderId, paymentId: command.paymentId, reason: command.reason, paymentStatusAfter } }];
      }
      case 'changeStatus': {
        if (command.status === 'cancelled') throw new InvalidInputError('Cancelling an order releases its stock: cancel it, do not set its status');
        if (command.status === state.status) return [];
        const refusal = statusMoveRefusal(orderId, state.status, command.status);
        if (refusal !== null) throw new ConflictError(refusal);
        if (GONE.includes(command.status) && !GONE.includes(state.status)) assertMayShip(state.details, command.buyerVerification);
        const cashCollected = command.status === 'delivered' && state.details.paymentMethod === CASH_ON_DELIVERY && state.paymentStatus !== 'confirmed';
        const at = command.status === 'delivered' && command.now ? { at: command.now } : {};
        return [{ type: 'OrderStatusChanged', version: 1, data: { orderId, from: state.status, to: command.status, ...(cashCollected ? { cashCollected: true as const } : {}), ...at } }];
      }
      case 'ship':
        if (state.status !== 'pending' && state.status !== 'processing') {
          throw new ConflictError(`Only pending or processing orders can be shipped; order ${orderId} is ${state.status}`);
        }
        assertMayShip(state.details, command.buyerVerification);
        return [{ type: 'OrderShipped', version: 1, data: { orderId, from: state.status, trackingNumber: command.trackingNumber, carrier: command.carrier, adminNotes: command.adminNotes } }];
      case 'cancel':
        if (state.status === 'cancelled') return [];
        if (command.byCustomer) {
          if (state.paidBy !== null) throw new ConflictError(`Order ${orderId} is paid, so it can no longer be cancelled here: please contact us and we will refund it.`);
          if (state.status !== 'pending') throw new ConflictError(`Order ${orderId} is ${state.status}, so it can no longer be cancelled here: please contact us.`);
        }
        if (state.status === 'delivered') throw new ConflictError(`Order ${orderId} is delivered; it can no longer be cancelled`);
        if (state.status === 'shipped') throw new ConflictError(statusMoveRefusal(orderId, state.status, 'cancelled')!);
        return [{ type: 'OrderCancelled', version: 1, data: { orderId, from: state.status, reason: command.reason } }];
      case 'expire': {
        const dueBy = state.details.paymentDueBy;
        if (dueBy === null || state.status !== 'pending' || state.paidBy !== null || Date.parse(dueBy) > Date.parse(command.now)) return [];
        const hold = command.hold ?? null;
        // Money on its way holds the order (its stock stays held) until the hold ends; recorded once per payment and end.
        if (hold !== null && Date.parse(hold.until) > Date.parse(command.now)) {
          const known = state.expiryDeferral;
          if (known !== null && known.paymentId === hold.paymentId && known.until === hold.until) return [];
          return [{ type: 'OrderExpiryDeferred', version: 1, data: { orderId, paymentId: hold.paymentId, until: hold.until, reason: hold.reason } }];
        }
        const reason = state.expiryDeferral === null ? EXPIRY_REASON : EXPIRY_AFTER_HOLD_REASON;
        return [{ type: 'OrderExpired', version: 1, data: { orderId, paymentDueBy: dueBy, reason } }];
      }
      case 'reversePayment': {
        // Already reversed, never paid by it, or paid by another payment: nothing to take back.
        if (state.paidBy !== command.paymentId) return [];
        const flagged = GONE.includes(state.status);
        const to: OrderStatus = flagged || state.status === 'cancelled' ? state.status : 'pending';
        return [{ type: 'OrderPaymentReversed', version: 1, data: { orderId, paymentId: command.paymentId, reason: command.reason, from: state.status, to, flagged } }];
      }
      case 'extendPaymentWindow': {
        // Once, for an unpaid crypto order whose window is still open and would end before the new quote does.
        const dueBy = state.details.paymentDueBy;
        if (dueBy === null || state.windowExtended || state.status !== 'pending' || state.paidBy !== null) return [];
        if (Date.parse(dueBy) <= Date.parse(command.now) || Date.parse(command.until) <= Date.parse(dueBy)) return [];
        return [{ type: 'OrderPaymentWindowExtended', version: 1, data: { orderId, from: dueBy, until: command.until } }];
      }
      case 'recordStockReleased':
        if ((state.status !== 'cancelled' && !state.restockRequested) || state.stockReleased) return [];
        return [{ type: 'OrderStockReleased', version: 1, data: { orderId } }];
      case 'refund':
        return refund(state, state.details, command);
      case 'requestReturn':
        return requestReturn(state, state.details, command);
      case 'authorizeReturn':
        if (state.returnStatus === 'authorized') return [];
        assertReturnIs(orderId, state.returnStatus, ['requested'], 'authorized');
        return [{ type: 'OrderReturnAuthorized', version: 1, data: { orderId, instructions: command.instructions } }];
      case 'refuseReturn':
        if (state.returnStatus === 'refused') return [];
        assertReturnIs(orderId, state.returnStatus, ['requested', 'authorized'], 'refused');
        return [{ type: 'OrderReturnRefused', version: 1, data: { orderId, reason: command.reason } }];
      case 'receiveReturn':
        if (state.returnStatus === 'received') return [];
        assertReturnIs(orderId, state.returnStatus, ['authorized'], 'marked received');
        return [{ type: 'OrderReturnReceived', version: 1, data: { orderId, note: command.note } }];
      case 'claim': {
        if (state.details.customerId === command.customerId) return [];
        // Another customer's order, or not placed with this address: it does not exist for this customer.
        if (state.details.customerId !== null) throw new NotFoundError('Order not found');
        if (command.email !== null && state.details.customerEmail.toLowerCase() !== command.email.toLowerCase()) throw new NotFoundError('Order not found');
        return [{ type: 'OrderClaimedByCustomer', version: 1, data: { orderId, customerId: command.customerId, proof: command.proof } }];
      }
    }
  },
};

/** The rules of a refund (see the `refund` command): money received, never more than that back, and a crypto refund's address and transaction. */
function refund(state: OrderState, details: OrderDetails, command: Extract<OrderCommand, { kind: 'refund' }>): OrderStreamEvent[] {
  const { orderId } = details;
  if (state.paymentStatus !== 'confirmed') throw new ConflictError(`Order ${orderId} has received no payment, so there is nothing to refund`);
  const amountCents = parseCents(command.amount);
  if (amountCents <= 0) throw new InvalidInputError('The refund must be more than A$0.00');
  const refundable = parseCents(details.totals.totalAmount) - state.refundedCents;
  if (amountCents > refundable) {
    throw new ConflictError(refundable === 0 ? `Order ${orderId} is refunded in full already` : `At most A$${formatCents(refundable)} can still be refunded on order ${orderId}`);
  }
  if (command.restock && (state.stockReleased || state.restockRequested)) throw new ConflictError(`The items of order ${orderId} are back on sale already`);
  const coin = state.paidWith ?? (isCryptoPaymentMethod(details.paymentMethod) ? details.paymentMethod : null);
  let refundAddress: string | null = null;
  let transactionHash: string | null = null;
  if (coin !== null) {
    refundAddress = command.refundAddress?.trim() ?? '';
    const problem = walletAddressProblem(coin, refundAddress);
    if (problem) throw new InvalidInputError(`Refund address: ${problem}`);
    transactionHash = command.transactionHash?.trim() || null;
    if (transactionHash === null) throw new InvalidInputError('Send the refund first, then record its transaction hash');
  }
  const refundedCents = state.refundedCents + amountCents;
  const fully = refundedCents === parseCents(details.totals.totalAmount);
  return [
    {
      type: 'OrderRefunded',
      version: 1,
      data: { orderId, amount: formatCents(amountCents), refundedTotal: formatCents(refundedCents), fully, reason: command.reason, restock: command.restock, refundAddress, transactionHash },
    },
  ];
}

/**
 * The `/returns` policy: a delivered order, within RETURN_WINDOW_DAYS of its delivery (where the delivery's time
 * was recorded), one return per order, lines of the order at most as many as were ordered, nothing refunded in
 * full already. The amount is what the lines cost on the order less the order's discount on them, in cents
 * rounded half up: what staff are offered to refund once the parcel is back.
 */
function requestReturn(state: OrderState, details: OrderDetails, command: Extract<OrderCommand, { kind: 'requestReturn' }>): OrderStreamEvent[] {
  const { orderId } = details;
  if (state.returnStatus !== null) throw new ConflictError(`A return of order ${orderId} was asked for already (${state.returnStatus}); please contact us about it.`);
  if (state.status !== 'delivered') throw new ConflictError(`Order ${orderId} is ${state.status}: only delivered orders can be returned.`);
  if (state.refundedCents >= parseCents(details.totals.totalAmount)) throw new ConflictError(`Order ${orderId} is refunded in full already`);
  if (state.deliveredAt !== null) {
    if (Date.parse(command.now) > returnWindowEnd(state.deliveredAt)) {
      throw new ConflictError(`Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery; order ${orderId} was delivered on ${state.deliveredAt.slice(0, 10)}.`);
    }
  }
  const asked = command.lines ?? details.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  const lines: ReturnLine[] = asked.map(({ productId, quantity }) => {
    const line = details.lines.find((candidate) => candidate.productId === productId);
    if (!line) throw new InvalidInputError(`Product ${productId} is not on order ${orderId}`);
    if (quantity > line.quantity) throw new InvalidInputError(`Order ${orderId} has ${line.quantity} × ${line.name}; at most that many can be returned`);
    return { productId, name: line.name, quantity, amount: formatCents(parseCents(line.unitPrice) * quantity) };
  });
  const linesCents = lines.reduce((sum, line) => sum + parseCents(line.amount), 0);
  const amountCents = returnAmountCents(linesCents, details.totals.discountPercentage);
  return [{ type: 'OrderReturnRequested', version: 1, data: { orderId, lines, amount: formatCents(amountCents), reason: command.reason, photos: command.photos } }];
}

/** An order leaves the shop only once its buyer's institution is verified (where the shop asks): 409 saying what is missing. */
function assertMayShip(details: OrderDetails, standing: BuyerVerificationStanding): void {
  const refusal = shippingVerificationRefusal(details.orderId, details.customerId === null, standing);
  if (refusal !== null) throw new ConflictError(refusal);
}

function assertReturnIs(orderId: number, status: ReturnStatus | null, allowed: ReturnStatus[], to: string): void {
  if (status === null) throw new ConflictError(`No return was asked for on order ${orderId}`);
  if (!allowed.includes(status)) throw new ConflictError(`The return of order ${orderId} is ${status}; it cannot be ${to} now`);
}

/**
 * Whether the order still counts against its buyers' bounds on unpaid orders: being placed, or placed
 * and neither paid, cancelled nor delivered (cash on delivery is paid at the door, so it counts until
 * delivered).
 */
export function countsAsUnpaid(state: OrderState): boolean {
  if (state.stage === 'submitted') return true;
  if (state.stage !== 'placed' || state.details === null) return false;
  if (state.status === 'cancelled' || state.status === 'delivered') return false;
  return !isCryptoPaymentMethod(state.details.paymentMethod) || state.paidBy === null;
}

