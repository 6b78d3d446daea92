import { SHIPPING_METHODS } from '../../ordering/contract/checkout-rules';
import { OrderPlaced, OrderShipped } from '../../ordering/contract/order.events';

const SIGNATURE = 'Peptide Research Supply\nFor laboratory research use only. Not for human consumption.';

export function orderPlacedEmail(order: OrderPlaced['data']): { subject: string; text: string } {
  const lines = order.lines.map((line) => `  ${line.quantity} x ${line.name} (${line.sku})  A$${line.lineTotal}`).join('\n');
  const payment =
    order.paymentMethod === 'cash_on_delivery'
      ? 'Payment: cash on delivery. Please have the exact amount ready.'
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
      `Total: A$${order.totals.totalAmount}`,
      '',
      payment,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}

export function orderShippedEmail(orderId: number, shipment: OrderShipped['data'], firstName: string): { subject: string; text: string } {
  return {
    subject: `Order #${orderId} has shipped`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your order #${orderId} is on its way with ${shipment.carrier}.`,
      `Tracking number: ${shipment.trackingNumber}`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
