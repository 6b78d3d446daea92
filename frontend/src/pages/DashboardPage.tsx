import { ArrowLeft, CheckCircle2, Clock, Package, PackageOpen, Truck } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../api/client';
import { ProductGrid } from '../components/ProductCard';
import { useAuth } from '../hooks/useAuth';
import { useOnSaleProducts } from '../hooks/useCatalogue';
import { useCustomerOrders } from '../hooks/useOrders';
import { usePageTitle } from '../hooks/usePageTitle';
import { OrderCard } from './dashboard/OrderCard';
import { COUNTED_STATUSES, countByStatus, ON_SALE_AGAIN_LIMIT, orderedProductIds, quickReorderEntries } from './dashboard/order-insights';
import { QuickReorder } from './dashboard/QuickReorder';
import './dashboard/dashboard.css';

const COUNTER_ICONS = { pending: Clock, processing: Package, shipped: Truck, delivered: CheckCircle2 } as const;
const COUNTER_LABELS = { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered' } as const;

/** Checkout spec §2, customer dashboard. App.tsx only renders it for a signed-in user. */
export default function DashboardPage() {
  usePageTitle('My Orders');
  const { user } = useAuth();
  const orders = useCustomerOrders();
  const onSale = useOnSaleProducts();
  const list = useMemo(() => orders.data ?? [], [orders.data]);
  const counts = countByStatus(list);
  const reorder = useMemo(() => quickReorderEntries(list), [list]);
  const onSaleAgain = useMemo(() => {
    const ordered = orderedProductIds(list);
    return (onSale.data ?? []).filter((product) => ordered.has(product.id)).slice(0, ON_SALE_AGAIN_LIMIT);
  }, [list, onSale.data]);
  const name = user?.firstName || user?.email || 'there';

  return (
    <div className="section dashboard">
      <div className="container stack">
      <Link to="/" className="back-link">
        <ArrowLeft size={16} aria-hidden /> Back to store
      </Link>
      <header className="dashboard-header row gap">
        {user?.profileImageUrl ? (
          <img className="avatar" src={user.profileImageUrl} alt="" width={64} height={64} />
        ) : (
          <span className="avatar avatar-initial" aria-hidden>
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1>Welcome back, {name}</h1>
          <p className="muted">Follow your orders, pay pending ones and reorder what you used before.</p>
        </div>
      </header>

      <ul className="order-counters" aria-label="Your orders by status">
        {COUNTED_STATUSES.map((status) => {
          const Icon = COUNTER_ICONS[status];
          return (
            <li key={status} className={`card counter counter-${status}`}>
              <Icon size={22} aria-hidden />
              <span className="counter-value" data-testid={`count-${status}`}>
                {orders.isLoading ? '–' : counts[status]}
              </span>
              <span className="muted small">{COUNTER_LABELS[status]}</span>
            </li>
          );
        })}
      </ul>

      <div className="dashboard-grid">
        <section className="card stack dashboard-orders" aria-labelledby="orders-heading">
          <h2 id="orders-heading">Your Orders</h2>
          {orders.isLoading ? (
            <div className="stack" aria-busy="true" aria-label="Loading your orders">
              {[0, 1, 2].map((index) => (
                <div key={index} className="skeleton order-skeleton" />
              ))}
            </div>
          ) : orders.isError ? (
            <p className="notice notice-danger" role="alert">
              {messageOf(orders.error, 'We could not load your orders. Please try again.')}
            </p>
          ) : list.length === 0 ? (
            <div className="empty-state">
              <PackageOpen size={48} className="muted" aria-hidden />
              <p>You have not placed any orders yet.</p>
              <Link to="/" className="button button-primary">
                Start Shopping
              </Link>
            </div>
          ) : (
            <div className="stack">
              {list.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </div>
          )}
        </section>

        {reorder.length > 0 && (
          <section className="card stack" aria-labelledby="reorder-heading">
            <h2 id="reorder-heading">Quick Reorder</h2>
            <QuickReorder entries={reorder} />
          </section>
        )}
      </div>

      {onSaleAgain.length > 0 && (
        <section className="stack" aria-labelledby="on-sale-heading">
          <h2 id="on-sale-heading">Your Previous Orders Now on Sale</h2>
          <ProductGrid products={onSaleAgain} isLoading={false} columns={3} />
        </section>
      )}
      </div>
    </div>
  );
}
