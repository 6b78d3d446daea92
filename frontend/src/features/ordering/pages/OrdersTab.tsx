import { useQuery } from '@tanstack/react-query';
import { Eye, Truck } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { isCryptoPaymentMethod, ORDER_STATUSES, OrderStatus, statusMoves } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { dayParamSchema } from '../../../../../backend/src/shared/contract/paging-input';
import { messageOf } from '../../../api/client';
import { Tabs } from '../../../components/ui/Tabs';
import { Pager } from '../../../components/ui/Pager';
import { orderQueries } from '../api/order-queries';
import { useLastPageWhenPastTheEnd, useListParams } from '../../../hooks/useListParams';
import { useSearchBox } from '../../../hooks/useSearchBox';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { formatDateTime } from '../../../lib/dates';
import { capitalise, paymentMethodLabel } from '../../../lib/admin-format';
import { customerName, shippingMethodLabel } from '../components/order-format';
import { amountsOf, StaffOrder as Order, useAdminOrderCounts, useAdminOrderPage, useUpdateOrderStatus } from '../api/admin-order-queries';
import { SearchField, StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { LoadError } from '../../../components/ui/LoadError';
import { AdminDialog } from '../../../components/ui/Dialog';
import { OrderDetailsDialog, paymentReversalOf } from '../components/OrderDetailsDialog';
import { ShipOrderDialog } from '../components/ShipOrderDialog';
import { useRecordRoute } from '../../../hooks/useRecordRoute';
import { RecordPending, retryUnlessMissing } from '../../../components/ui/RecordPending';
import { Button } from '../../../components/ui/Button';
import { useAuth } from '../../identity';

type StatusTab = 'all' | OrderStatus;
const STATUS_TABS: { id: StatusTab; label: string }[] = [
  { id: 'all', label: 'All Orders' },
  ...ORDER_STATUSES.map((status) => ({ id: status, label: capitalise(status) })),
];

/** What the Orders tab keeps in the URL besides the page: /admin/orders?status=pending&search=ann&from=2026-11-01&to=2026-11-30&page=3. */
const ORDER_FILTERS = ['status', 'search', 'from', 'to'] as const;

/** A store day (YYYY-MM-DD) from the URL; anything else is no filter. */
const dayOrNothing = (value: string) => (value && dayParamSchema.safeParse(value).success ? value : undefined);

/** Checkout spec §4: the status can no longer change once an order is cancelled or delivered. */
const isFinal = (order: Order) => statusMoves(order.status).length === 0;
const canShip = (order: Order) => order.status === 'pending' || order.status === 'processing';
/** A crypto order whose transfer nobody has confirmed: moving it on asks the admin first. */
export const isUnpaidCrypto = (order: Order) => isCryptoPaymentMethod(order.paymentMethod) && order.paymentStatus !== 'confirmed';

type Dialog = { kind: 'ship'; order: Order } | { kind: 'status'; order: Order; status: OrderStatus };

/**
 * Checkout spec §2, Orders tab: one page of orders at a time, newest first, filtered on the server by
 * status (the tabs, with the server's counts), an order number, e-mail or name, and the store days it
 * was placed; the filters and the page are the URL's, so reload, back and a shared link show the same.
 */
export function OrdersTab() {
  const section = useRef<HTMLElement>(null);
  const list = useListParams(ORDER_FILTERS);
  const { setFilters } = list;
  const status = ORDER_STATUSES.find((candidate) => candidate === list.filters.status);
  const from = dayOrNothing(list.filters.from);
  const to = dayOrNothing(list.filters.to);
  const rangeError = from && to && from > to ? 'The end date is before the start date.' : undefined;
  const orders = useAdminOrderPage({ status, search: list.filters.search || undefined, from, to, page: list.page, pageSize: list.pageSize }, !rangeError);
  const counts = useAdminOrderCounts();
  useLastPageWhenPastTheEnd(orders.data, orders.isPlaceholderData, list.setPage);
  const search = useSearchBox(
    list.filters.search,
    useCallback((text: string, options: { replace: boolean }) => setFilters({ search: text }, options), [setFilters]),
  );
  const ids = { from: useId(), to: useId(), days: useId() };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const details = useRecordRoute('orders');
  const updateStatus = useUpdateOrderStatus();
  const close = () => setDialog(null);
  const changeStatus = (order: Order, status: OrderStatus) => {
    if (status === 'cancelled' || (isUnpaidCrypto(order) && status !== 'pending')) setDialog({ kind: 'status', order, status });
    else updateStatus.mutate({ orderId: order.id, status });
  };
  const page = orders.data;

  const panel = rangeError ? (
    <p className="notice notice-danger" role="alert">
      {rangeError}
    </p>
  ) : orders.isError ? (
    <LoadError message={messageOf(orders.error, 'Failed to load orders.')} onRetry={() => orders.refetch()} />
  ) : !page ? (
    <p className="muted" role="status">
      Loading orders...
    </p>
  ) : page.items.length === 0 ? (
    <p className="empty-state muted">No orders found for this status.</p>
  ) : (
    <div className={`stack ${orders.isPlaceholderData ? 'is-stale' : ''}`} aria-busy={orders.isFetching || undefined}>
      <ul className="admin-order-list" aria-label="Orders">
        {page.items.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            busy={updateStatus.isPending}
            onShip={() => setDialog({ kind: 'ship', order })}
            onDetails={() => details.open(order.id)}
            onStatus={(status) => changeStatus(order, status)}
          />
        ))}
      </ul>
      <Pager label="Order pages" list={page} onPage={list.setPage} top={section} />
    </div>
  );

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="orders-heading">
      <div>
        <h2 id="orders-heading">Order Management</h2>
        <p className="muted">Update order statuses and record shipments.</p>
      </div>
      <div className="admin-filters admin-order-filters" role="search" aria-label="Find orders">
        <SearchField label="Search orders" placeholder="Order number, e-mail or name" {...search.inputProps} />
        <div className="field admin-date-field">
          <label htmlFor={ids.from}>Placed from</label>
          <input id={ids.from} className="input" type="date" value={from ?? ''} max={to} aria-describedby={ids.days} onChange={(event) => setFilters({ from: event.target.value })} />
        </div>
        <div className="field admin-date-field">
          <label htmlFor={ids.to}>Placed to</label>
          <input
            id={ids.to}
            className="input"
            type="date"
            value={to ?? ''}
            min={from}
            aria-describedby={ids.days}
            aria-invalid={rangeError ? true : undefined}
            onChange={(event) => setFilters({ to: event.target.value })}
          />
        </div>
      </div>
      <p id={ids.days} className="small muted admin-order-filters-note">
        Dates are store days in Sydney time, both included.
      </p>
      <Tabs<StatusTab>
        label="Orders by status"
        className="admin-status-tabs"
        lazy
        selected={status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? '' : tab })}
        tabs={STATUS_TABS.map((tab) => ({
          id: tab.id,
          label: counts.data ? `${tab.label} (${counts.data[tab.id].toLocaleString('en-AU')})` : tab.label,
          panel,
        }))}
      />
      {dialog?.kind === 'ship' && <ShipOrderDialog order={dialog.order} onClose={close} />}
      {details.id !== null && <OrderRecord orderId={details.id} listed={page?.items.find((order) => order.id === details.id)} onClose={details.close} />}
      {dialog?.kind === 'status' && (
        <AdminDialog
          title={dialog.status === 'cancelled' ? `Cancel Order #${dialog.order.id}?` : `Mark Order #${dialog.order.id} as ${capitalise(dialog.status)}?`}
          description={
            dialog.status === 'cancelled'
              ? 'Cancelling returns the order\'s items to stock and cannot be undone.'
              : `Its ${paymentMethodLabel(dialog.order.paymentMethod)} payment is not confirmed yet. Continue only if you have checked the transfer yourself.`
          }
          submitLabel={dialog.status === 'cancelled' ? 'Cancel order' : `Mark as ${capitalise(dialog.status)}`}
          submitVariant={dialog.status === 'cancelled' ? 'danger' : 'primary'}
          busy={updateStatus.isPending}
          onSubmit={() => updateStatus.mutate({ orderId: dialog.order.id, status: dialog.status }, { onSuccess: close })}
          onClose={close}
        />
      )}
    </section>
  );
}

/**
 * The order at `/admin/orders/:id`: as the page shown lists it (kept fresh with the list), else read on its
 * own (a shared link, a reload on another page or filter).
 */
function OrderRecord({ orderId, listed, onClose }: { orderId: number; listed: Order | undefined; onClose(): void }) {
  const read = useQuery({ ...orderQueries.detail(orderId, true), enabled: listed === undefined, retry: retryUnlessMissing });
  const order = listed ?? read.data;
  if (order) return <OrderDetailsDialog order={order} onClose={onClose} />;
  return <RecordPending noun="Order" id={orderId} error={read.error} onClose={onClose} />;
}

function OrderCard({ order, busy, onShip, onDetails, onStatus }: { order: Order & { shippingHold?: string | null }; busy: boolean; onShip(): void; onDetails(): void; onStatus(status: OrderStatus): void }) {
  const statusId = useId();
  const { may } = useAuth();
  const address = order.shippingAddress;
  const reversal = paymentReversalOf(order);
  // Null for staff who are not shown amounts (fulfilment): the card then lists what to pack, not what it cost.
  const priced = amountsOf(order);
  // What the role may do with it (staff-roles.ts): fulfilment moves and ships orders, cancelling is a manager's.
  const moves = statusMoves(order.status).filter((status) => status !== 'cancelled' || may('orders:cancel'));
  return (
    <li className="card admin-order">
      <div className="row between wrap gap">
        <h3 className="admin-order-title">
          Order #{order.id} <StatusBadge status={order.status} />
        </h3>
        <span className="small muted">{formatDateTime(order.createdAt)}</span>
      </div>
      <div className="admin-order-grid">
        <div>
          <p className="admin-label">Customer</p>
          <p>
            {customerName(order)}
            <br />
            <span className="small muted">{order.customerEmail}</span>
            <br />
            <span className="small muted">{address.phone}</span>
          </p>
        </div>
        <div>
          <p className="admin-label">Ship to ({shippingMethodLabel(order.shippingMethod)})</p>
          <p className="small">
            {address.address}
            <br />
            {address.city} {address.state} {address.postalCode}
          </p>
          {order.deliveryInstructions && <p className="small muted">Instructions: {order.deliveryInstructions}</p>}
        </div>
        <div>
          <p className="admin-label">Payment</p>
          <p className="small">
            {paymentMethodLabel(order.paymentMethod)} · <StatusBadge status={order.paymentStatus} />
            {order.refundStatus !== 'none' && (
              <>
                {' '}
                · <span className="badge">{order.refundStatus === 'full' || !priced ? 'Refunded' : `Refunded ${formatAud(toCents(priced.refundedAmount))}`}</span>
              </>
            )}
          </p>
          {reversal && <p className="small field-error">{reversal.flagged ? 'Payment reversed after shipping: check it' : 'Payment reversed (reorg)'}</p>}
          {priced && (
            <p className="small">
              <TransactionHash paymentMethod={order.paymentMethod} hash={priced.blockchainTxHash ?? priced.transactionId} />
            </p>
          )}
        </div>
      </div>
      <ul className="admin-order-items small">
        {order.items.map((item) => (
          <li key={item.productId}>
            <span>
              {item.name} × {item.quantity}
            </span>
            {'lineTotal' in item && typeof item.lineTotal === 'string' && <span className="admin-number">{formatAud(toCents(item.lineTotal))}</span>}
          </li>
        ))}
        {priced && (
          <li className="admin-order-total">
            <span>Total{priced.discountPercentage > 0 ? ` (incl. ${priced.discountPercentage}% referral discount and shipping)` : ' (incl. shipping)'}</span>
            <span className="admin-number">{formatAud(toCents(priced.totalAmount))}</span>
          </li>
        )}
      </ul>
      {order.trackingNumber && (
        <p className="small">
          Shipped with {order.shippingCarrier}, tracking <code>{order.trackingNumber}</code>
          {order.shippedAt && ` on ${formatDateTime(order.shippedAt)}`}
          {order.adminNotes && <span className="muted"> · Notes: {order.adminNotes}</span>}
        </p>
      )}
      {order.shippingHold && (
        <p className="notice small" role="note">
          <strong>Cannot ship yet.</strong> {order.shippingHold.replace(/^Order \d+ cannot ship yet: /, '').replace(/^./, (first) => first.toUpperCase())}.
        </p>
      )}
      <div className="row wrap gap admin-order-actions">
          <Button variant="outline" onClick={onDetails}>
            <Eye size={18} aria-hidden /> View Details<span className="sr-only"> of order #{order.id}</span>
          </Button>
          {!isFinal(order) && may('orders:status') && moves.length > 0 && (
            <div className="field admin-status-field">
              <label htmlFor={statusId}>Order status</label>
              <select
                id={statusId}
                className="select"
                value={order.status}
                disabled={busy}
                onChange={(event) => onStatus(event.target.value as OrderStatus)}
              >
                {[order.status, ...moves].map((status) => (
                  <option key={status} value={status}>
                    {capitalise(status)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {canShip(order) && may('orders:ship') && (
            <Button variant="primary" onClick={onShip}>
              <Truck size={18} aria-hidden /> Mark as Shipped
            </Button>
          )}
      </div>
    </li>
  );
}
