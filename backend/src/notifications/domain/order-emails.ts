import { trackingUrl } from '../../ordering/contract/carrier-tracking';
import { gstIncluded } from '../../ordering/contract/gst';
import { CASH_ON_DELIVERY, PROMPTPAY, SHIPPING_METHODS } from '../../ordering/contract/checkout-rules';
import { OrderCancelled, OrderDetails, OrderPaymentConfirmed, OrderPlaced, OrderRefunded, OrderReturnEvent, OrderShipped } from '../../ordering/contract/order.events';
import { RETURN_WINDOW_DAYS } from '../../ordering/contract/order-returns';

/** Text-only messages: nothing a customer typed (names, addresses) is ever read as HTML. */
export interface EmailContent {
  subject: string;
  text: string;
}

export const SIGNATURE = 'Peptide Research Supply\nFor laboratory research use only. Not for human consumption.';

/** Where a customer follows the order: signed in on the dashboard, or as a guest with "Find your order". */
const FOLLOW_UP = 'Follow your order on your dashboard (My Orders) or, if you ordered as a guest, with "Find your order" and this order number.';

/**
 * `verificationNeeded`: for a cash-on-delivery order, what the buyer must still do before it ships (institution
 * verification): such an order is never "paid" before delivery, so the placed mail is where they learn it.
 */
export function orderPlacedEmail(order: OrderPlaced['data'], verificationNeeded: string[] = []): EmailContent {
  const lines = order.lines.map((line) => `  ${line.quantity} x ${line.name} (${line.sku})  A$${line.lineTotal}`).join('\n');
  const payment =
    order.paymentMethod === CASH_ON_DELIVERY
      ? 'Payment: cash on delivery. Please have the exact amount ready.'
      : order.paymentMethod === PROMPTPAY
        ? 'Payment: complete the PromptPay transfer shown at checkout; our staff confirm it once it reaches the shop, and we ship after that.'
        : 'Payment: complete the crypto transfer shown at checkout; we ship once it is confirmed on the blockchain.';
  return {
    subject: `Order #${order.orderId} received`,
    text: [
      `Hello ${order.shippingAddress.firstName},`,
      '',
      `Thank you for your order #${order.orderId}.`,
      '',
      lines,
      '',
      `Subtotal: A$${order.totals.subtotal}`,
      `Discount: A$${order.totals.discountAmount}`,
      `Shipping (${SHIPPING_METHODS[order.shippingMethod].label}): A$${order.totals.shippingCost}`,
      `Total: A$${order.totals.totalAmount} (includes GST of A$${gstIncluded(order.totals.totalAmount)})`,
      '',
      payment,
      '',
      ...(verificationNeeded.length > 0 ? [...verificationNeeded, ''] : []),
      FOLLOW_UP,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** `verificationNeeded`: what the buyer must still do before the order ships (verification-emails.ts), said before the usual lines. */
export function orderPaidEmail(payment: OrderPaymentConfirmed['data'], order: OrderDetails, verificationNeeded: string[]): EmailContent {
  return {
    subject: `Payment received for order #${payment.orderId}`,
    text: [
      `Hello ${order.shippingAddress.firstName},`,
      '',
      `Your payment of A$${order.totals.totalAmount} (includes GST of A$${gstIncluded(order.totals.totalAmount)}) for order #${payment.orderId} has been confirmed.`,
      `Transaction: ${payment.transactionHash}`,
      '',
      ...(verificationNeeded.length > 0 ? [...verificationNeeded, ''] : []),
      'We are preparing your order and will e-mail you the tracking number once it ships.',
      'Your invoice is attached as a PDF; you can also download it from the order\'s page.',
      '',
      FOLLOW_UP,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function orderShippedEmail(shipment: OrderShipped['data'], order: OrderDetails): EmailContent {
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return {
    subject: `Order #${shipment.orderId} has shipped`,
    text: [
      `Hello ${order.shippingAddress.firstName},`,
      '',
      `Your order #${shipment.orderId} is on its way with ${shipment.carrier}.`,
      `Tracking number: ${shipment.trackingNumber}`,
      ...(link ? [`Track it: ${link}`] : []),
      '',
      FOLLOW_UP,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** A cancelled order, whoever cancelled it (the customer, or the shop), with the reason the timeline shows. */
export function orderCancelledEmail(cancellation: OrderCancelled['data'], order: OrderDetails): EmailContent {
  return {
    subject: `Order #${cancellation.orderId} cancelled`,
    text: [
      `Hello ${order.shippingAddress.firstName},`,
      '',
      `Your order #${cancellation.orderId} (A$${order.totals.totalAmount}) has been cancelled.`,
      `Reason: ${cancellation.reason}`,
      '',
      'Nothing more is due for it, and its items are back on sale. If you have already sent a payment for it, reply to this e-mail and we will refund it.',
      '',
      FOLLOW_UP,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** Money given back: how much, why, where it went, and what is refunded in all. */
export function orderRefundedEmail(refund: OrderRefunded['data'], order: OrderDetails): EmailContent {
  const where = refund.refundAddress
    ? [`Sent to your address ${refund.refundAddress}`, `Transaction: ${refund.transactionHash}`]
    : ['Paid back in cash or by bank transfer, as agreed with you.'];
  return {
    subject: `Refund of A$${refund.amount} for order #${refund.orderId}`,
    text: [
      `Hello ${order.shippingAddress.firstName},`,
      '',
      `We have refunded A$${refund.amount} of your order #${refund.orderId}.`,
      `Reason: ${refund.reason}`,
      ...where,
      '',
      refund.fully ? `The whole total of A$${order.totals.totalAmount} is now refunded.` : `Refunded so far: A$${refund.refundedTotal} of A$${order.totals.totalAmount}.`,
      '',
      FOLLOW_UP,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

/** Each step of a return (issue 21), so the buyer always knows what happens next. */
export function orderReturnEmail(event: OrderReturnEvent, order: OrderDetails): EmailContent {
  const { orderId } = event.data;
  const [subject, ...body] = ((): string[] => {
    switch (event.type) {
      case 'OrderReturnRequested':
        return [
          `Return requested for order #${orderId}`,
          `We have your request to return from order #${orderId}:`,
          ...event.data.lines.map((line) => `  ${line.quantity} x ${line.name}`),
          `Refund if accepted: A$${event.data.amount} (shipping is not refunded).`,
          '',
          `Please do not send anything yet: returns need our authorization first (within ${RETURN_WINDOW_DAYS} days of delivery, unopened and unused). We will reply with how to send the items back.`,
        ];
      case 'OrderReturnAuthorized':
        return [
          `Return authorized for order #${orderId}`,
          `Your return for order #${orderId} is authorized.`,
          event.data.instructions ?? 'Send the items back unopened, in their original packaging, with this order number.',
          '',
          'We refund the items once they arrive and we have checked them.',
        ];
      case 'OrderReturnRefused':
        return [`Return not accepted for order #${orderId}`, `We cannot accept the return for order #${orderId}.`, `Reason: ${event.data.reason}`, '', 'Reply to this e-mail if you have questions.'];
      case 'OrderReturnReceived':
        return [`Returned items received for order #${orderId}`, `The items you returned from order #${orderId} have arrived.`, ...(event.data.note ? [event.data.note] : []), '', 'Your refund follows; we will e-mail you when it is sent.'];
    }
  })();
  return { subject, text: [`Hello ${order.shippingAddress.firstName},`, '', ...body, '', FOLLOW_UP, '', SIGNATURE].join('\n') };
}
