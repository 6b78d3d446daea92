import { AlertTriangle, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../api/types';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { CASH_ON_DELIVERY, CRYPTO_PAYMENT_METHODS, isCryptoPaymentMethod, SHIPPING_METHODS, ShippingMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { awaitsPayment } from './order-insights';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ButtonLink } from '../../../components/ui/Button';

export const STATUS_BADGE: Record<Order['status'], string> = {
  pending: 'badge-limited',
  processing: 'badge-bestseller',
  shipped: 'badge-premium',
  delivered: 'badge-success',
  cancelled: 'badge-out',
};
export const PAYMENT_BADGE: Record<Order['paymentStatus'], string> = { pending: '', confirmed: 'badge-success', failed: 'badge-hot' };

/** "Payment pending", or for cash on delivery not yet delivered "Pay on delivery" (nothing is owed before the door), for a cancelled unpaid order "Not paid", once money was given back "Refunded" or "Partly refunded". */
export function paymentStatusText(order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'status'> & Partial<Pick<Order, 'refundStatus'>>): string {
  if (order.refundStatus === 'full') return 'Refunded';
  if (order.refundStatus === 'partial') return 'Partly refunded';
  // A cancelled order awaits nothing: "pending" would ask for money no one owes.
  if (order.status === 'cancelled' && order.paymentStatus === 'pending') return 'Not paid';
  if (order.paymentMethod === CASH_ON_DELIVERY && order.paymentStatus === 'pending') return 'Pay on delivery';
  return `Payment ${order.paymentStatus}`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function paymentMethodLabel(method: string): string {
  return isCryptoPaymentMethod(method) ? CRYPTO_PAYMENT_METHODS[method].label : 'Cash on Delivery';
}

export function OrderCard({ order }: { order: Order }) {
  const shipping = SHIPPING_METHODS[order.shippingMethod as ShippingMethod];
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}-title`}>
      <header className="row between wrap gap">
        <div>
          <h3 id={`order-${order.id}-title`}>
            <Link to={`/orders/${order.id}`} title="Details, tracking and history">Order #{order.id}</Link>
          </h3>
          <p className="muted small">
            Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {paymentMethodLabel(order.paymentMethod)}
            {shipping && ` · ${shipping.label}`}
          </p>
        </div>
        <div className="order-card-aside">
          <span className="badges">
            <span className={`badge ${STATUS_BADGE[order.status]}`}>{capitalise(order.status)}</span>
            <span className={`badge ${PAYMENT_BADGE[order.paymentStatus]}`}>{paymentStatusText(order)}</span>
          </span>
          <strong className="order-total">{formatAud(toCents(order.totalAmount))}</strong>
        </div>
      </header>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.productId} className="row between gap">
            <span>
              {item.name} <span className="muted">× {item.quantity}</span>
            </span>
            <span className="muted">{formatAud(toCents(item.lineTotal))}</span>
          </li>
        ))}
      </ul>
      {order.trackingNumber && (
        <p className="order-tracking row gap wrap small">
          <Truck size={16} aria-hidden /> Shipped with {order.shippingCarrier}
          {order.shippedAt && <> on {formatDate(order.shippedAt)}</>} · tracking number <code>{order.trackingNumber}</code>
        </p>
      )}
      {awaitsPayment(order) && <PaymentActionNotice order={order} className="order-action" />}
    </article>
  );
}

/** "Action Required" with Pay now, for an order still waiting for its payment: on the dashboard's cards and the order's page. */
export function PaymentActionNotice({ order, className = '' }: { order: Order; className?: string }) {
  return (
    <div className={`notice ${className} row between wrap gap`} role="note">
      <span className="row gap">
        <AlertTriangle size={18} aria-hidden />
        <span>
          <strong>Action Required</strong>: {order.paymentStatus === 'failed' ? 'the last payment for this order failed.' : 'this order is waiting for your payment.'}
          {order.paymentDueBy && (
            <>
              {' '}
              Pay by <time dateTime={order.paymentDueBy}>{formatDateTime(order.paymentDueBy)}</time>, or the order is cancelled and its items released.
            </>
          )}
        </span>
      </span>
      <ButtonLink to={`/checkout?orderId=${order.id}`} variant="primary" size="sm" aria-label={`Pay now for order #${order.id}`}>
        Pay now
      </ButtonLink>
    </div>
  );
}
