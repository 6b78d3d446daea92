import { AlertTriangle, CheckCircle2, CircleDot, Clock, CreditCard, ExternalLink, FileText, MapPin, Package, PackageOpen, Truck, Undo2, UserCheck, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../api/types';
import { trackingUrl } from '../../../../../backend/src/ordering/contract/carrier-tracking';
import { SHIPPING_METHODS, ShippingMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import type { OrderTimelineKind } from '../../../../../backend/src/ordering/contract/order-timeline';
import { formatAud } from '../../../lib/currencies';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { capitalise, PAYMENT_BADGE, PaymentActionNotice, paymentMethodLabel, paymentStatusText, STATUS_BADGE } from './OrderCard';
import { awaitsPayment } from './order-insights';
import type { OrderTimelineEntry } from '../api/order-data';
import { AskForRefundButton, CancelOrderButton } from './CancelOrderButton';
import { ReturnOrderButton, ReturnStatusCard } from './ReturnOrder';
import { gstIncluded } from '../../../../../backend/src/ordering/contract/gst';
import { VerificationNotice } from '../../verification';
import './orders.css';

const TIMELINE_ICONS: Record<OrderTimelineKind, typeof CircleDot> = {
  placed: Package,
  paid: CreditCard,
  payment_failed: AlertTriangle,
  processing: Package,
  status: CircleDot,
  shipped: Truck,
  delivered: CheckCircle2,
  cancelled: XCircle,
  claimed: UserCheck,
  payment_pending: Clock,
  refunded: Undo2,
  return: PackageOpen,
};

const aud = (amount: string) => formatAud(toCents(amount));

/** A link leaving the shop, said so to screen readers too. */
function TrackingLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline">
      {children} <ExternalLink size={14} aria-hidden />
      <span className="sr-only"> (opens the carrier's site in a new tab)</span>
    </a>
  );
}

export function OrderTimeline({ entries, isLoading, isError }: { entries: OrderTimelineEntry[] | undefined; isLoading: boolean; isError: boolean }) {
  if (isLoading) {
    return (
      <div className="stack" role="status" aria-busy="true" aria-label="Loading the order's history">
        <span className="skeleton skeleton-line" />
        <span className="skeleton skeleton-line short" />
      </div>
    );
  }
  if (isError || !entries) return <p className="notice notice-danger" role="alert">We could not load this order's history. Please try again.</p>;
  if (entries.length === 0) return <p className="muted">Nothing has happened to this order yet.</p>;
  return (
    <ol className="order-timeline">
      {entries.map((entry) => {
        const Icon = TIMELINE_ICONS[entry.kind];
        return (
          <li key={`${entry.at}-${entry.kind}`} className={`order-timeline-entry order-timeline-${entry.kind}`}>
            <span className="order-timeline-icon" aria-hidden>
              <Icon size={16} />
            </span>
            <div>
              <p className="order-timeline-title">
                <strong>{entry.title}</strong> <time className="muted small" dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {entry.detail && <p className="muted small">{entry.detail}</p>}
              {entry.trackingUrl && <TrackingLink href={entry.trackingUrl}>Track your parcel</TrackingLink>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Everything the customer may know about one order (checkout spec §3 Order): items, totals, address, payment, tracking and history. */
/**
 * The order page's body. `cancel`: the buyer's own cancellation while the order is unpaid (the lookup passes
 * the e-mail it was found with, and what to do with the cancelled order); absent, the page offers none.
 */
export function OrderDetail({
  order,
  timeline,
  cancel,
}: {
  order: Order;
  timeline: { entries: OrderTimelineEntry[] | undefined; isLoading: boolean; isError: boolean };
  cancel?: { email?: string; onCancelled?(order: Order): void };
}) {
  const shipping = SHIPPING_METHODS[order.shippingMethod as ShippingMethod];
  // The invoice is served to the order's own session (its customer, the browser that placed it, staff): not to a lookup from elsewhere.
  const invoice = cancel?.email === undefined;
  const tracking = trackingUrl(order.shippingCarrier, order.trackingNumber);
  const address = order.shippingAddress;
  return (
    <article className="order-detail stack" aria-labelledby="order-detail-title">
      <header className="row between wrap gap">
        <div>
          <h1 id="order-detail-title">Order #{order.id}</h1>
          <p className="muted">
            Placed <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="row gap wrap order-detail-actions">
          <span className="badges">
            <span className={`badge ${STATUS_BADGE[order.status]}`}>{capitalise(order.status)}</span>
            <span className={`badge ${PAYMENT_BADGE[order.paymentStatus]}`}>{paymentStatusText(order)}</span>
          </span>
          {cancel && <CancelOrderButton order={order} email={cancel.email} onCancelled={cancel.onCancelled} />}
          {cancel && <AskForRefundButton order={order} signedIn={cancel.email === undefined && order.customerId !== null} />}
          {cancel && <ReturnOrderButton order={order} email={cancel.email} onRequested={cancel.onCancelled} signedIn={cancel.email === undefined && order.customerId !== null} />}
        </div>
      </header>

      {awaitsPayment(order) && <PaymentActionNotice order={order} />}
      <VerificationNotice order={order} />
      {order.status === 'cancelled' && order.cancellationReason && (
        <p className="notice notice-danger" role="note">
          <strong>Cancelled</strong>: {order.cancellationReason}
        </p>
      )}

      <div className="order-detail-grid">
        <ReturnStatusCard order={order} />
        <section className="card stack" aria-labelledby="order-items-heading">
          <h2 id="order-items-heading">Items</h2>
          <ul className="order-detail-items">
            {order.items.map((item) => (
              <li key={item.id} className="row between gap">
                <span>
                  <Link to={`/product/${item.productId}`}>{item.name}</Link>
                  <span className="muted small"> · {item.sku} · {item.quantity} × {aud(item.price)}</span>
                </span>
                <span>{aud(item.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="order-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{aud(order.subtotal)}</dd>
            </div>
            {toCents(order.discountAmount) > 0 && (
              <div>
                <dt>
                  Discount ({order.discountPercentage}%{order.referralCode ? `, code ${order.referralCode}` : ''})
                </dt>
                <dd>−{aud(order.discountAmount)}</dd>
              </div>
            )}
            <div>
              <dt>{shipping ? shipping.label : 'Shipping'}</dt>
              <dd>{toCents(order.shippingCost) === 0 ? 'Free' : aud(order.shippingCost)}</dd>
            </div>
            <div className="order-total-line">
              <dt>Total</dt>
              <dd>{aud(order.totalAmount)}</dd>
            </div>
            <div className="muted small">
              <dt>Includes GST</dt>
              <dd>{aud(gstIncluded(order.totalAmount))}</dd>
            </div>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="order-timeline-heading">
          <h2 id="order-timeline-heading">Order history</h2>
          <OrderTimeline {...timeline} />
        </section>

        <section className="card stack" aria-labelledby="order-delivery-heading">
          <h2 id="order-delivery-heading">
            <MapPin size={18} aria-hidden /> Delivery
          </h2>
          <address className="order-address">
            {address.firstName} {address.lastName}
            <br />
            {address.address}
            <br />
            {address.city} {address.state} {address.postalCode}
            <br />
            {address.country}
            <br />
            {address.phone}
          </address>
          {shipping && (
            <p className="muted small">
              {shipping.label}: {shipping.delivery}
            </p>
          )}
          {order.deliveryInstructions && <p className="small">Instructions: {order.deliveryInstructions}</p>}
          {order.trackingNumber ? (
            <div className="order-tracking-box">
              <p>
                <Truck size={16} aria-hidden /> Shipped with <strong>{order.shippingCarrier}</strong>
                {order.shippedAt && <> on {formatDate(order.shippedAt)}</>}
              </p>
              <p>
                Tracking number <code>{order.trackingNumber}</code>
              </p>
              {tracking && <TrackingLink href={tracking}>Track your parcel</TrackingLink>}
            </div>
          ) : (
            (order.status === 'pending' || order.status === 'processing') && <p className="muted small">We e-mail you the tracking number as soon as it ships.</p>
          )}
        </section>

        <section className="card stack" aria-labelledby="order-payment-heading">
          <h2 id="order-payment-heading">
            <CreditCard size={18} aria-hidden /> Payment
          </h2>
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
          <p className="muted small">{paymentStatusText(order)}</p>
          {order.refundStatus !== 'none' && (
            <p className="small">
              Refunded to you: <strong>{aud(order.refundedAmount)}</strong> of {aud(order.totalAmount)}
            </p>
          )}
          {order.blockchainTxHash && (
            <p className="small order-hash">
              Transaction <code title={order.blockchainTxHash}>{order.blockchainTxHash}</code>
            </p>
          )}
          {order.paymentStatus === 'confirmed' && invoice && (
            <a className="inline" href={`/api/orders/${order.id}/invoice.pdf`} download>
              <FileText size={16} aria-hidden /> Download the tax invoice (PDF)
            </a>
          )}
          <p className="muted small">E-mails about this order go to {order.customerEmail}</p>
        </section>
      </div>
    </article>
  );
}
