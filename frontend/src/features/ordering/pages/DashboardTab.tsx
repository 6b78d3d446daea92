import { Bitcoin, CalendarDays, DollarSign, Package } from 'lucide-react';
import { messageOf } from '../../../api/client';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { RECENT_ORDERS } from '../../../../../backend/src/ordering/contract/back-office';
import { formatDate } from '../../../lib/dates';
import { paymentMethodLabel } from '../../../lib/admin-format';
import { customerName } from '../components/order-format';
import { useAdminDashboard } from '../api/admin-order-queries';
import { StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { AdminTable } from '../../../components/ui/AdminTable';
import { LoadError } from '../../../components/ui/LoadError';
import { StatCard } from '../../../components/ui/StatCard';
import { HeldStockPanel } from '../components/HeldStockPanel';
import { LowStockPanel } from '../../catalogue/back-office';
import { usePhoneLayout } from '../../../hooks/usePhoneLayout';
import type { AdminDashboard } from '../../../api/types';
import { SkeletonList } from '../../../components/ui/SkeletonList';

/** Every figure comes from `GET /api/admin/dashboard`, where each is defined once. */
export function DashboardTab() {
  const dashboard = useAdminDashboard();
  // Seven columns do not fit a phone: there each order is a card with the same facts.
  const phone = usePhoneLayout();
  const figures = dashboard.data;
  const loading = '…';
  return (
    <div className="stack admin-section">
      <div className="admin-stats">
        <StatCard icon={<Package size={20} aria-hidden />} label="Total Products" value={figures ? String(figures.totalProducts) : loading} note="active" />
        <StatCard icon={<CalendarDays size={20} aria-hidden />} label="Orders Today" value={figures ? String(figures.ordersToday) : loading} note="not cancelled, Sydney time" />
        <StatCard icon={<DollarSign size={20} aria-hidden />} label="Total Revenue" value={figures ? formatAud(toCents(figures.totalRevenue)) : loading} note={figures?.revenueRule} />
        <StatCard icon={<Bitcoin size={20} aria-hidden />} label="Crypto Payments" value={figures ? formatAud(toCents(figures.cryptoPayments)) : loading} note="confirmed, orders not cancelled" />
      </div>
      <section className="card admin-card" aria-labelledby="recent-orders-heading">
        <h2 id="recent-orders-heading">Recent Orders</h2>
        {dashboard.isError ? (
          <LoadError message={messageOf(dashboard.error, 'Failed to load orders.')} onRetry={() => dashboard.refetch()} />
        ) : phone ? (
          <RecentOrderCards orders={figures?.recentOrders} />
        ) : (
          <AdminTable
            columns={['Order ID', 'Customer', 'Payment Method', 'Status', 'Amount', 'Transaction', 'Date']}
            isLoading={dashboard.isLoading}
            skeletonRows={RECENT_ORDERS}
            isEmpty={figures?.recentOrders.length === 0}
            emptyText="No orders yet"
          >
            {figures?.recentOrders.map((order) => (
              <tr key={order.id}>
                <td>#{order.id}</td>
                <td>
                  {customerName(order)}
                  <br />
                  <span className="small muted">{order.customerEmail}</span>
                </td>
                <td>{paymentMethodLabel(order.paymentMethod)}</td>
                <td>
                  <StatusBadge status={order.status} />
                </td>
                <td className="admin-number">{formatAud(toCents(order.totalAmount))}</td>
                <td>
                  <TransactionHash paymentMethod={order.paymentMethod} hash={order.blockchainTxHash ?? order.transactionId} />
                </td>
                <td>{formatDate(order.createdAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <LowStockPanel />
      <HeldStockPanel />
    </div>
  );
}

function RecentOrderCards({ orders }: { orders: AdminDashboard['recentOrders'] | undefined }) {
  if (!orders) return <SkeletonList className="recent-order-cards" itemClassName="recent-order-card" />;
  if (orders.length === 0) return <p className="admin-empty">No orders yet</p>;
  return (
    <ul className="recent-order-cards" aria-label="Recent orders">
      {orders.map((order) => (
        <li key={order.id} className="recent-order-card">
          <p className="row between gap">
            <strong>#{order.id}</strong>
            <StatusBadge status={order.status} />
          </p>
          <p className="row between gap">
            <span>{customerName(order)}</span>
            <strong className="admin-number">{formatAud(toCents(order.totalAmount))}</strong>
          </p>
          <p className="small muted">
            {order.customerEmail}
            <br />
            {paymentMethodLabel(order.paymentMethod)} · {formatDate(order.createdAt)}
          </p>
          {(order.blockchainTxHash ?? order.transactionId) && (
            <p className="small">
              <TransactionHash paymentMethod={order.paymentMethod} hash={order.blockchainTxHash ?? order.transactionId} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
