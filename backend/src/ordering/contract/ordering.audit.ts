import { storeTime } from '../../shared/contract/store-time';
import { SHIPPING_METHODS } from './checkout-rules';
import { OrderDetails, upcastOrderStreamEvent } from './order.events';
import { ReferralEvent } from './referral.events';
import { DomainEvent } from '../../shared/contract/domain-event';

const itemsOf = (details: OrderDetails) => details.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');

/** Order and referral-code events as the audit trail tells them to a person. */
export function describeOrderingEvent(recorded: DomainEvent): string {
  const event = recorded.type.startsWith('ReferralCode') ? (recorded as ReferralEvent) : upcastOrderStreamEvent(recorded);
  switch (event.type) {
    case 'OrderSubmitted':
      return `Order #${event.data.orderId} submitted: ${itemsOf(event.data)}; total A$${event.data.totals.totalAmount}, ${event.data.paymentMethod}, ${SHIPPING_METHODS[event.data.shippingMethod].label}`;
    case 'OrderBuyersRecorded':
      return `Order #${event.data.orderId} counts against the unpaid-order bounds of ${event.data.buyers.length} buyer identities (address, e-mail, browser)`;
    case 'OrderPlaced':
      return `Order #${event.data.orderId} placed: stock held for every line${event.data.paymentDueBy ? `; to be paid by ${storeTime(event.data.paymentDueBy)}` : ''}`;
    case 'OrderRejected':
      return `Order #${event.data.orderId} rejected: ${event.data.reason}`;
    case 'OrderPaymentConfirmed':
      return `Payment #${event.data.paymentId} confirmed (transaction ${event.data.transactionHash}); status ${event.data.statusAfter}`;
    case 'OrderPaymentFailed':
      return `Payment #${event.data.paymentId} failed: ${event.data.reason}`;
    case 'OrderStatusChanged':
      return `Status changed from ${event.data.from} to ${event.data.to}`;
    case 'OrderShipped':
      return `Shipped with ${event.data.carrier}, tracking ${event.data.trackingNumber}${event.data.adminNotes ? ` (${event.data.adminNotes})` : ''}`;
    case 'OrderCancelled':
      return `Cancelled (was ${event.data.from}): ${event.data.reason}`;
    case 'OrderExpired':
      return `Expired unpaid at the end of its payment window (${event.data.paymentDueBy})`;
    case 'OrderStockReleased':
      return 'Stock of every line returned';
    case 'OrderRefunded': {
      const { amount, refundedTotal, fully, reason, restock, refundAddress, transactionHash } = event.data;
      const where = refundAddress ? ` to ${refundAddress} (transaction ${transactionHash})` : ' in cash or by bank';
      return `Refunded A$${amount}${where}: ${reason}; A$${refundedTotal} refunded in all${fully ? ', the whole total' : ''}${restock ? '; its items go back on sale' : ''}`;
    }
    case 'OrderReturnRequested':
      return `Return requested by the buyer: ${event.data.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')} (A$${event.data.amount}${event.data.photos.length > 0 ? `, ${event.data.photos.length} photo${event.data.photos.length === 1 ? '' : 's'}` : ''}): ${event.data.reason}`;
    case 'OrderReturnAuthorized':
      return `Return authorized${event.data.instructions ? `: ${event.data.instructions}` : ''}`;
    case 'OrderReturnRefused':
      return `Return refused: ${event.data.reason}`;
    case 'OrderReturnReceived':
      return `Returned items received${event.data.note ? `: ${event.data.note}` : ''}`;
    case 'OrderClaimedByCustomer':
      return `Claimed by customer ${event.data.customerId} (${event.data.proof === 'guest-session' ? 'placed as a guest in the browser they signed in with' : "placed with their account's e-mail address"})`;
    case 'OrderPaymentWindowExtended':
      return `Payment window extended once, from ${storeTime(event.data.from)} to ${storeTime(event.data.until)}, for a new quote`;
    case 'OrderExpiryDeferred':
      return `Expiry deferred until ${storeTime(event.data.until)}: payment #${event.data.paymentId} ${event.data.reason}`;
    case 'OrderPaymentReversed':
      return event.data.flagged
        ? `Payment #${event.data.paymentId} reversed after the order was ${event.data.from}: ${event.data.reason}; status kept, flagged for an administrator`
        : `Payment #${event.data.paymentId} reversed: ${event.data.reason}; ${event.data.from === event.data.to ? `status stays ${event.data.to}` : `status ${event.data.from} → ${event.data.to}, awaiting payment again`}`;
    case 'ReferralCodeCreated':
      return `Referral code ${event.data.code} created: ${event.data.discountPercentage} % off`;
    case 'ReferralCodeDeactivated':
      return `Referral code ${event.data.code} deactivated`;
  }
}
