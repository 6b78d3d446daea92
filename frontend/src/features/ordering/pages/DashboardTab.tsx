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
import { DataColumn, DataTable } from '../../../components/ui/DataTable';
import { LoadError } from '../../../components/ui/LoadError';
import { StatCard } from '../../../components/ui/StatCard';
import { HeldStockPanel } from '../components/HeldStockPanel';
import { LowStockPanel } from '../../catalogue/back-office';
import type { AdminDashboard } from '../../../api/types';

type RecentOrder = AdminDashboard['recentOrders'][number];

/** Seven columns do not fit a phone: there each order is a card with the same facts (DataTable). */
const RECENT_ORDER_COLUMNS: DataColumn<RecentOrder>[] = [
  { id: 'id', header: 'Order ID', title: true, cell: (order) => `#${order.id}` },
  {
    id: 'customer',
    header: 'Customer',
    cell: (order) => (
      <>
        {customerName(order)}
        <br />
        <span className="small muted">{order.customerEmail}</span>
      </>
    ),
  },
  { id: 'method', header: 'Payment Method', cell: (order) => paymentMethodLabel(order.paymentMethod) },
  { id: 'status', header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
  { id: 'amount', header: 'Amount', numeric: true, cell: (order) => formatAud(toCents(order.totalAmount)) },
  { id: 'transaction', header: 'Transaction', cell: (order) => <TransactionHash paymentMethod={order.paymentMethod} hash={order.blockchainTxHash ?? order.transactionId} /> },
  { id: 'date', header: 'Date', cell: (order) => formatDate(order.createdAt) },
];

/** Every figure comes from `GET /api/admin/dashboard`, where each is defined once. */
export function DashboardTab() {
  const dashboard = useAdminDashboard();
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
        ) : (
          <DataTable
            caption="Recent orders"
            columns={RECENT_ORDER_COLUMNS}
            rows={figures?.recentOrders}
            rowKey={(order) => order.id}
            isLoading={dashboard.isLoading}
            skeletonRows={RECENT_ORDERS}
            emptyText="No orders yet"
          />
        )}
      </section>
      <LowStockPanel />
      <HeldStockPanel />
    </div>
  );
}
