import { ReactNode, useState } from 'react';
import type { OrderItem } from '../../../api/types';
import type { OrderItemWithoutAmounts } from '../../../../../backend/src/ordering/contract/order-amounts';
import { DataColumn, DataTable } from '../../../components/ui/DataTable';
import type { OrderPaymentReversal } from '../../../../../backend/src/ordering/contract/order.events';
import { formatAud } from '../../../lib/currencies';
import { formatDateTime } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { customerName, shippingMethodLabel } from './order-format';
import { amountsOf, StaffOrder as Order, useOrderItems } from '../api/admin-order-queries';
import { InfoDialog } from '../../../components/ui/Dialog';
import { DetailSection as Section, Facts, StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { AuditTrail } from '../../audit';
import { gstIncluded } from '../../../../../backend/src/ordering/contract/gst';
import { Button } from '../../../components/ui/Button';
import { refundableCents, RefundOrderDialog } from './RefundOrderDialog';
import { ReturnReview } from './ReturnReview';
import { useAuth } from '../../identity';

const aud = (amount: string) => formatAud(toCents(amount));

type ItemRow = OrderItem | OrderItemWithoutAmounts;

const ITEM_COLUMNS: DataColumn<ItemRow>[] = [
  {
    id: 'product',
    header: 'Product',
    title: true,
    cell: (item) => (
      <>
        {item.name}
        <br />
        <span className="small muted">{item.sku}</span>
      </>
    ),
  },
  { id: 'quantity', header: 'Qty', numeric: true, cell: (item) => item.quantity },
];
/** Prices and totals, for staff who are shown amounts. */
const PRICED_COLUMNS: DataColumn<ItemRow>[] = [
  ...ITEM_COLUMNS,
  { id: 'price', header: 'Price', numeric: true, cell: (item) => ('price' in item ? aud(item.price) : '') },
  { id: 'total', header: 'Total', numeric: true, cell: (item) => ('lineTotal' in item ? aud(item.lineTotal) : '') },
];

/** The order's payment left the chain after paying it (a reorganisation); null once a payment confirms again. */
export const paymentReversalOf = (order: Order): OrderPaymentReversal | null => (order as { paymentReversal?: OrderPaymentReversal | null }).paymentReversal ?? null;

/** Checkout spec §2, Orders tab, View Details: items, address, payment, notes, and the order's timeline from the log. */
export function OrderDetailsDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const items = useOrderItems(order.id);
  // Null for staff not shown amounts (fulfilment): the dialog then shows what to pack and where, not what it cost.
  const priced = amountsOf(order);
  const { may } = useAuth();
  const address = order.shippingAddress;
  const key = (part: string) => `order-${order.id}-${part}`;
  const reversal = paymentReversalOf(order);
  const [refunding, setRefunding] = useState(false);
  // Money received and not all given back: a refund can be recorded (the server decides again), by a role that decides payments.
  const mayRefund = priced !== null && may('payments:decide') && order.paymentStatus === 'confirmed' && refundableCents(priced) > 0;
  const payment: [string, ReactNode][] = [
    ['Method', paymentMethodLabel(order.paymentMethod)],
    ['Status', <StatusBadge key="status" status={order.paymentStatus} />],
  ];
  if (priced) payment.push(['Transaction', <TransactionHash key="hash" paymentMethod={order.paymentMethod} hash={priced.blockchainTxHash ?? priced.transactionId} />]);
  if (order.paymentId !== null) payment.push(['Payment ID', `#${order.paymentId}`]);
  if (order.paymentStatus === 'confirmed' && may('orders:amounts')) {
    payment.push([
      'Invoice',
      <a key="invoice" href={`/api/orders/${order.id}/invoice.pdf`} download>
        Download PDF
      </a>,
    ]);
  }
  if (order.refundStatus !== 'none') payment.push(['Refunded', priced ? `${aud(priced.refundedAmount)} (${order.refundStatus === 'full' ? 'the whole total' : 'part of the total'})` : order.refundStatus === 'full' ? 'The whole total' : 'Part of the total']);
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
      {refunding && priced && <RefundOrderDialog order={priced} suggested={priced.returnRequest?.status === 'received' ? priced.returnRequest.amount : undefined} onClose={() => setRefunding(false)} />}
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
        {items.isError ? (
          <p className="field-error">Failed to load the order's items.</p>
        ) : (
          <DataTable caption={`Items of order #${order.id}`} columns={priced ? PRICED_COLUMNS : ITEM_COLUMNS} rows={items.data} rowKey={(item) => item.productId} isLoading={items.isLoading} skeletonRows={2} emptyText="No items" />
        )}
        <Facts
          facts={
            priced
              ? [
                  ['Subtotal', aud(priced.subtotal)],
                  ...(priced.discountPercentage > 0 ? ([[`Referral ${priced.referralCode ?? ''} (${priced.discountPercentage}%)`, `−${aud(priced.discountAmount)}`]] as [string, ReactNode][]) : []),
                  [`Shipping (${shippingMethodLabel(order.shippingMethod)})`, aud(priced.shippingCost)],
                  ['Total', <strong key="total">{aud(priced.totalAmount)}</strong>],
                  ['Includes GST', aud(gstIncluded(priced.totalAmount))],
                ]
              : [['Shipping', shippingMethodLabel(order.shippingMethod)]]
          }
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
      {order.returnRequest && (
        <Section id={key('return')} title="Return">
          <ReturnReview order={order} />
        </Section>
      )}
      <Section id={key('payment')} title="Payment">
        <Facts facts={payment} />
      </Section>
      {notes.length > 0 && (
        <Section id={key('notes')} title="Notes">
          <Facts facts={notes} />
        </Section>
      )}
      {may('audit:read') && <AuditTrail stream={`order-${order.id}`} title="Timeline" />}
    </InfoDialog>
  );
}
