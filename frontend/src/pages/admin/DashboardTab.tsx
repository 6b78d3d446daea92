import { Bitcoin, CalendarDays, DollarSign, Package } from 'lucide-react';
import { ReactNode } from 'react';
import { messageOf } from '../../api/client';
import { formatAud } from '../../lib/currencies';
import { toCents } from '../../lib/money';
import { formatDate } from '../../lib/dates';
import { confirmedRevenueCents, customerName, isSameLocalDay, paymentMethodLabel } from './admin-format';
import { useAdminOrders, useAdminPayments, useAdminProducts } from './admin-data';
import { AdminTable, LoadError, StatusBadge, TransactionHash } from './admin-ui';

export const RECENT_ORDERS = 5;

export function DashboardTab() {
  const orders = useAdminOrders();
  const products = useAdminProducts();
  const payments = useAdminPayments();
  const now = new Date();
  const loading = '…';
  return (
    <div className="stack admin-section">
      <div className="admin-stats">
        <StatCard icon={<Package size={20} aria-hidden />} label="Total Products" value={products.data ? String(products.data.length) : loading} />
        <StatCard
          icon={<CalendarDays size={20} aria-hidden />}
          label="Orders Today"
          value={orders.data ? String(orders.data.filter((order) => isSameLocalDay(order.createdAt, now)).length) : loading}
        />
        <StatCard icon={<DollarSign size={20} aria-hidden />} label="Total Revenue" value={orders.data ? formatAud(confirmedRevenueCents(orders.data)) : loading} />
        <StatCard icon={<Bitcoin size={20} aria-hidden />} label="Crypto Payments" value={payments.data ? String(payments.data.length) : loading} />
      </div>
      <section className="card admin-card" aria-labelledby="recent-orders-heading">
        <h2 id="recent-orders-heading">Recent Orders</h2>
        {orders.isError ? (
          <LoadError message={messageOf(orders.error, 'Failed to load orders.')} onRetry={() => orders.refetch()} />
        ) : (
          <AdminTable
            columns={['Order ID', 'Customer', 'Payment Method', 'Status', 'Amount', 'Transaction', 'Date']}
            isLoading={orders.isLoading}
            skeletonRows={RECENT_ORDERS}
            isEmpty={orders.data?.length === 0}
            emptyText="No orders yet"
          >
            {orders.data?.slice(0, RECENT_ORDERS).map((order) => (
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
    </div>
  );
}

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="card admin-stat">
      <p className="admin-stat-label row gap">
        {icon}
        {label}
      </p>
      <p className="admin-stat-value">{value}</p>
    </div>
  );
}
