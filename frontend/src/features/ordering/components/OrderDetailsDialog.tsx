import { ReactNode, useState } from 'react';
import type { Order } from '../../../api/types';
import type { OrderPaymentReversal } from '../../../../../backend/src/ordering/contract/order.events';
import { formatAud } from '../../../lib/currencies';
import { formatDateTime } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { customerName, shippingMethodLabel } from './order-format';
import { useOrderItems } from '../api/admin-order-queries';
import { InfoDialog } from '../../../components/ui/Dialog';
import { DetailSection as Section, Facts, StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { AuditTrail } from '../../audit';
import { gstIncluded } from '../../../../../backend/src/ordering/contract/gst';
import { Button } from '../../../components/ui/Button';
import { refundableCents, RefundOrderDialog } from './RefundOrderDialog';

const aud = (amount: string) => formatAud(toCents(amount));

/** The order's payment left the chain after paying it (a reorganisation); null once a payment confirms again. */
export const paymentReversalOf = (order: Order): OrderPaymentReversal | null => (order as Order & { paymentReversal?: OrderPaymentReversal | null }).paymentReversal ?? null;

/** Checkout spec §2, Orders tab, View Details: items, address, payment, notes, and the order's timeline from the log. */
export function OrderDetailsDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const items = useOrderItems(order.id);
  const address = order.shippingAddress;
  const key = (part: string) => `order-${order.id}-${part}`;
  const reversal = paymentReversalOf(order);
  const [refunding, setRefunding] = useState(false);
  // Money received and not all given back: a refund can be recorded (the server decides again).
  const mayRefund = order.paymentStatus === 'confirmed' && refundableCents(order) > 0;
  const payment: [string, ReactNode][] = [
    ['Method', paymentMethodLabel(order.paymentMethod)],
    ['Status', <StatusBadge key="status" status={order.paymentStatus} />],
    ['Transaction', <TransactionHash key="hash" paymentMethod={order.paymentMethod} hash={order.blockchainTxHash ?? order.transactionId} />],
  ];
  if (order.paymentId !== null) payment.push(['Payment ID', `#${order.paymentId}`]);
  if (order.refundStatus !== 'none') payment.push(['Refunded', `${aud(order.refundedAmount)} (${order.refundStatus === 'full' ? 'the whole total' : 'part of the total'})`]);
  if (order.paymentDueBy && order.paymentStatus !== 'confirmed' && order.status !== 'cancelled') payment.push(['Pay by', formatDateTime(order.paymentDueBy)]);
  const notes: [string, ReactNode][] = [];
  if (order.deliveryInstructions) notes.push(['Delivery instructions', order.deliveryInstructions]);
  if (order.trackingNumber) notes.push(['Tracking', `${order.shippingCarrier ?? ''} ${order.trackingNumber}`.trim()]);
  if (order.shippedAt) notes.push(['Shipped', formatDateTime(order.shippedAt)]);
  if (order.adminNotes) notes.push(['Admin notes', order.adminNotes]);
  if (order.cancellationReason) notes.push(['Cancellation', order.cancellationReason]);

  return (
    <InfoDialog
      title={`Order #${order.id} Details`}
      wide
      onClose={onClose}
      actions={
        mayRefund && (
          <Button variant="outline" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )
      }
    >
      {refunding && <RefundOrderDialog order={order} onClose={() => setRefunding(false)} />}
      <div className="row wrap gap admin-detail-meta">
        <StatusBadge status={order.status} />
        <span className="muted">Placed {formatDateTime(order.createdAt)}</span>
      </div>
      {reversal && (
        <p className={reversal.flagged ? 'notice notice-danger' : 'notice'} role="status">
          <strong>Payment #{reversal.paymentId} reversed {formatDateTime(reversal.at)}.</strong> {reversal.reason}.{' '}
          {reversal.flagged ? 'The order had already shipped: it is unpaid until the payment confirms again. Contact the customer.' : 'The order is awaiting payment again.'}
        </p>
      )}
      <Section id={key('items')} title="Items">
        {items.isLoading ? (
          <p className="muted small" role="status">
            Loading items...
          </p>
        ) : items.isError ? (
          <p className="field-error">Failed to load the order's items.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Items of order #{order.id}</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Price</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {(items.data ?? []).map((item) => (
                  <tr key={item.productId}>
                    <td>
                      {item.name}
                      <br />
                      <span className="small muted">{item.sku}</span>
                    </td>
                    <td className="admin-number">{item.quantity}</td>
                    <td className="admin-number">{aud(item.price)}</td>
                    <td className="admin-number">{aud(item.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Facts
          facts={[
            ['Subtotal', aud(order.subtotal)],
            ...(order.discountPercentage > 0 ? ([[`Referral ${order.referralCode ?? ''} (${order.discountPercentage}%)`, `−${aud(order.discountAmount)}`]] as [string, ReactNode][]) : []),
            [`Shipping (${shippingMethodLabel(order.shippingMethod)})`, aud(order.shippingCost)],
            ['Total', <strong key="total">{aud(order.totalAmount)}</strong>],
            ['Includes GST', aud(gstIncluded(order.totalAmount))],
          ]}
        />
      </Section>
      <Section id={key('customer')} title="Customer and address">
        <Facts
          facts={[
            ['Customer', `${customerName(order)}${order.customerId ? '' : ' (guest)'}`],
            ['E-mail', order.customerEmail],
            ['Phone', address.phone],
            ['Ship to', `${address.address}, ${address.city} ${address.state} ${address.postalCode}`],
          ]}
        />
      </Section>
      <Section id={key('payment')} title="Payment">
        <Facts facts={payment} />
      </Section>
      {notes.length > 0 && (
        <Section id={key('notes')} title="Notes">
          <Facts facts={notes} />
        </Section>
      )}
      <AuditTrail stream={`order-${order.id}`} title="Timeline" />
    </InfoDialog>
  );
}
