import { ArrowLeft, CheckCircle2, Clock, Heart, LifeBuoy, Package, PackageOpen, RotateCcw, Sparkles, Tag, Truck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/client';
import type { Product } from '../../../api/types';
import { ProductGrid, useOnSaleProducts } from '../../catalogue';
import { Pager } from '../../../components/ui/Pager';
import { useAuth } from '../../identity';
import { customerOrderQueries, useCustomerOrders, OrderCard, COUNTED_STATUSES, countByStatus, ON_SALE_AGAIN_LIMIT, QUICK_REORDER_LIMIT, RECOMMENDED_LIMIT } from '../../ordering';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useFavorites } from '../../../lib/favorites';
import { spansPages } from '../../../lib/paging';
import { useOrderHistory, useRecommendations } from '../components/customer-data';
import { EmailVerificationBanner } from '../components/EmailVerificationBanner';
import { QuickReorder } from '../components/QuickReorder';
import { SupportCaseDialog, useOpenSupportCaseCount } from '../../support';
import { ButtonLink } from '../../../components/ui/Button';
import '../components/dashboard.css';

const COUNTER_ICONS = { pending: Clock, processing: Package, shipped: Truck, delivered: CheckCircle2 } as const;
const COUNTER_LABELS = { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered' } as const;

interface DashboardCardProps {
  id: string;
  title: string;
  icon: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown };
  isEmpty: boolean;
  empty: ReactNode;
  skeleton: ReactNode;
  children: ReactNode;
}

/** A dashboard card: its heading, then loading skeletons, the failure, an empty state or its content. */
function DashboardCard({ id, title, icon, query, isEmpty, empty, skeleton, children }: DashboardCardProps) {
  return (
    <section id={id} className="card stack dashboard-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="row gap">
        {icon} {title}
      </h2>
      {query.isPending ? skeleton : query.isError ? (
        <p className="notice notice-danger" role="alert">
          {messageOf(query.error, 'This could not be loaded. Please try again.')}
        </p>
      ) : isEmpty ? (
        <div className="dashboard-empty muted">{empty}</div>
      ) : (
        children
      )}
    </section>
  );
}

/** A dashboard card of product cards, with card skeletons while loading. */
function ProductsCard({ products, columns, skeletons, ...card }: Omit<DashboardCardProps, 'isEmpty' | 'skeleton' | 'children'> & { products: Product[]; columns: 3 | 4; skeletons: number }) {
  return (
    <DashboardCard {...card} isEmpty={products.length === 0} skeleton={<ProductGrid products={undefined} isLoading columns={columns} skeletons={skeletons} />}>
      <ProductGrid products={products} isLoading={false} columns={columns} />
    </DashboardCard>
  );
}

const lineSkeletons = (count: number, label: string) => (
  <div className="stack" role="status" aria-busy="true" aria-label={label}>
    {Array.from({ length: count }, (_, index) => (
      <div key={index} className="skeleton skeleton-line" style={{ height: '2.25rem' }} />
    ))}
  </div>
);

/** Checkout spec §2, customer dashboard. App.tsx only renders it for a signed-in user. */
export default function DashboardPage() {
  usePageTitle('My Dashboard');
  const { user } = useAuth();
  const ordersTop = useRef<HTMLElement>(null);
  const [ordersPage, setOrdersPage] = useState(1);
  const orders = useCustomerOrders(ordersPage);
  // The counters are over every order, not the page shown.
  const counts = useQuery({ ...customerOrderQueries.every(), select: countByStatus });
  const history = useOrderHistory();
  const recommendations = useRecommendations();
  const favorites = useFavorites();
  const openSupportCases = useOpenSupportCaseCount();
  const onSale = useOnSaleProducts();
  const [supportOpen, setSupportOpen] = useState(false);

  const page = orders.data;
  const reorder = (history.data ?? []).slice(0, QUICK_REORDER_LIMIT);
  const onSaleAgain = useMemo(() => {
    const ordered = new Set((history.data ?? []).map((entry) => entry.productId));
    return (onSale.data ?? []).filter((product) => ordered.has(product.id)).slice(0, ON_SALE_AGAIN_LIMIT);
  }, [history.data, onSale.data]);
  const recommended = (recommendations.data ?? []).slice(0, RECOMMENDED_LIMIT);
  const saved = favorites.data ?? [];
  const name = user?.firstName || user?.email || 'there';
  const initials = (user?.fullName || name)
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

  return (
    <div className="section dashboard">
      <div className="container stack dashboard-stack">
        <Link to="/" className="back-link">
          <ArrowLeft size={16} aria-hidden /> Back to store
        </Link>
        <header className="dashboard-header row gap">
          {user?.profileImageUrl ? (
            <img className="avatar" src={user.profileImageUrl} alt="" width={64} height={64} />
          ) : (
            <span className="avatar avatar-initial" aria-hidden>
              {initials}
            </span>
          )}
          <div>
            <h1>Welcome back, {name}</h1>
            <p className="muted">Follow your orders, pay pending ones, reorder what you used before and ask us for help.</p>
          </div>
        </header>
        <EmailVerificationBanner />

        <ul className="order-counters" aria-label="Your orders by status">
          {COUNTED_STATUSES.map((status) => {
            const Icon = COUNTER_ICONS[status];
            return (
              <li key={status} className={`card counter counter-${status}`}>
                <Icon size={22} aria-hidden />
                <span className="counter-value" data-testid={`count-${status}`}>
                  {counts.data?.[status] ?? '–'}
                </span>
                <span className="muted small">{COUNTER_LABELS[status]}</span>
              </li>
            );
          })}
        </ul>

        <div className="dashboard-tiles">
          <a href="#quick-reorder" className="card dashboard-tile">
            <RotateCcw size={22} aria-hidden />
            <span className="tile-title">Quick Reorder</span>
            <span className="muted small">{history.isPending ? 'Loading…' : `${history.data?.length ?? 0} ${history.data?.length === 1 ? 'product' : 'products'} ordered before`}</span>
          </a>
          <a href="#favorites" className="card dashboard-tile">
            <Heart size={22} aria-hidden />
            <span className="tile-title">My Favorites</span>
            <span className="muted small">
              <span className="tile-count" data-testid="favorites-count">
                {favorites.isPending ? '–' : saved.length}
              </span>{' '}
              saved {saved.length === 1 ? 'item' : 'items'}
            </span>
          </a>
          <button type="button" className="card dashboard-tile" onClick={() => setSupportOpen(true)} aria-haspopup="dialog">
            <LifeBuoy size={22} aria-hidden />
            <span className="tile-title">Support Cases</span>
            <span className="muted small">
              <span className="tile-count" data-testid="support-count">
                {openSupportCases.data ?? '–'}
              </span>{' '}
              open · Create a case
            </span>
          </button>
        </div>
        <p className="dashboard-support-link small">
          <Link to="/dashboard/support">View your support cases</Link> · <Link to="/dashboard/account">Account settings</Link> · <Link to="/dashboard/verification">Institution verification</Link>
        </p>

        <div className="dashboard-grid">
          <section ref={ordersTop} className="card stack dashboard-orders" aria-labelledby="orders-heading">
            <h2 id="orders-heading">Your Orders</h2>
            {orders.isPending ? (
              <div className="stack" role="status" aria-busy="true" aria-label="Loading your orders">
                {[0, 1, 2].map((index) => (
                  <div key={index} className="skeleton order-skeleton" />
                ))}
              </div>
            ) : orders.isError ? (
              <p className="notice notice-danger" role="alert">
                {messageOf(orders.error, 'We could not load your orders. Please try again.')}
              </p>
            ) : !page || page.total === 0 ? (
              <div className="empty-state">
                <PackageOpen size={48} className="muted" aria-hidden />
                <p>You have not placed any orders yet.</p>
                <ButtonLink to="/" variant="primary">
                  Start Shopping
                </ButtonLink>
              </div>
            ) : (
              <div className={`stack ${orders.isPlaceholderData ? 'is-stale' : ''}`}>
                {page.items.map((order) => (
                  <OrderCard key={order.id} order={order} />
                ))}
                {spansPages(page) && <Pager label="Your order pages" list={page} onPage={setOrdersPage} top={ordersTop} />}
              </div>
            )}
          </section>

          <DashboardCard
            id="quick-reorder"
            title="Quick Reorder"
            icon={<RotateCcw size={20} aria-hidden />}
            query={history}
            isEmpty={reorder.length === 0}
            empty={<p>Products you order appear here, ready to add to your cart again in one click.</p>}
            skeleton={lineSkeletons(QUICK_REORDER_LIMIT, 'Loading your previous orders')}
          >
            <QuickReorder entries={reorder} />
          </DashboardCard>
        </div>

        <ProductsCard
          id="recommended"
          title="Recommended for You"
          icon={<Sparkles size={20} aria-hidden />}
          query={recommendations}
          products={recommended}
          columns={3}
          skeletons={RECOMMENDED_LIMIT}
          empty={<p>No recommendations right now. <Link to="/products">Browse all products</Link></p>}
        />
        <ProductsCard
          id="on-sale-again"
          title="Your Previous Orders Now on Sale"
          icon={<Tag size={20} aria-hidden />}
          query={{ isPending: history.isPending || onSale.isPending, isError: history.isError || onSale.isError, error: history.error ?? onSale.error }}
          products={onSaleAgain}
          columns={3}
          skeletons={ON_SALE_AGAIN_LIMIT}
          empty={<p>None of the products you ordered is on sale right now.</p>}
        />
        <ProductsCard
          id="favorites"
          title="My Favorites"
          icon={<Heart size={20} aria-hidden />}
          query={favorites}
          products={saved.map((favorite) => favorite.product)}
          columns={4}
          skeletons={4}
          empty={<p>Tap the heart on a product to save it here. <Link to="/products">Browse products</Link></p>}
        />
      </div>
      <SupportCaseDialog open={supportOpen} onClose={() => setSupportOpen(false)} />
    </div>
  );
}
