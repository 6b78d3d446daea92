import { LogOut, Store } from 'lucide-react';
import { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Tabs } from '../components/Tabs';
import { usePageTitle } from '../hooks/usePageTitle';
import { SHOP_NAME } from '../lib/shop';
import { AdminSession } from './admin/admin-session';
import { LazyAnalyticsTab } from './admin/analytics/LazyAnalyticsTab';
import { DashboardTab } from './admin/DashboardTab';
import { OrdersTab } from './admin/OrdersTab';
import { PaymentsTab } from './admin/PaymentsTab';
import { AuditTab } from './admin/AuditTab';
import { ProductsTab } from './admin/ProductsTab';
import { ReferralCodesTab } from './admin/ReferralCodesTab';
import { ReviewsTab } from './admin/ReviewsTab';
import { NotificationsTab } from './admin/NotificationsTab';
import { SupportTab } from './admin/SupportTab';
import { isRecordPath } from './admin/record-route';
import { NotFoundPage } from './NotFoundPage';
import './admin/admin.css';

type AdminTab = 'dashboard' | 'products' | 'orders' | 'payments' | 'analytics' | 'audit' | 'referrals' | 'reviews' | 'support' | 'notifications';

const ADMIN_TABS: { id: AdminTab; label: string; panel: ReactNode }[] = [
  { id: 'dashboard', label: 'Dashboard', panel: <DashboardTab /> },
  { id: 'products', label: 'Products', panel: <ProductsTab /> },
  { id: 'orders', label: 'Orders', panel: <OrdersTab /> },
  { id: 'payments', label: 'Payments', panel: <PaymentsTab /> },
  { id: 'analytics', label: 'Analytics', panel: <LazyAnalyticsTab /> },
  { id: 'referrals', label: 'Referral codes', panel: <ReferralCodesTab /> },
  { id: 'reviews', label: 'Reviews', panel: <ReviewsTab /> },
  { id: 'support', label: 'Support', panel: <SupportTab /> },
  { id: 'notifications', label: 'Notifications', panel: <NotificationsTab /> },
  { id: 'audit', label: 'Audit log', panel: <AuditTab /> },
];

/** A tab's own address: /admin is the dashboard, /admin/orders the Orders tab (its filters follow in the query string). */
const pathOf = (tab: AdminTab) => (tab === 'dashboard' ? '/admin' : `/admin/${tab}`);

/**
 * Checkout spec §2: the back office, a URL per tab (`/admin/:tab`) and per order or payment
 * (`/admin/orders/:id`, `/admin/payments/:id`: the tab with that record's details open). App.tsx lets
 * only administrators reach it.
 */
export default function AdminPage() {
  const { tab: requested = 'dashboard', record } = useParams();
  const navigate = useNavigate();
  const current = ADMIN_TABS.find((tab) => tab.id === requested);
  usePageTitle(current && current.id !== 'dashboard' ? `${current.label} · Admin` : 'Admin');
  if (!current || !isRecordPath(current.id, record)) return <NotFoundPage />;
  return (
    <AdminSession>
      <div className="section">
        <div className="container admin-page">
          <header className="admin-header row between wrap gap">
            <div>
              <h1>{SHOP_NAME} Admin</h1>
              <p className="muted">Products, orders, payments and the full history of each.</p>
            </div>
            <div className="row gap">
              <Link to="/" className="button button-outline">
                <Store size={18} aria-hidden /> View Store
              </Link>
              <button type="button" className="button button-dark" onClick={() => window.location.assign('/api/logout')}>
                <LogOut size={18} aria-hidden /> Logout
              </button>
            </div>
          </header>
          <Tabs<AdminTab>
            label="Back office"
            className="admin-tabs"
            lazy
            selected={current.id}
            onSelect={(tab) => navigate(pathOf(tab))}
            tabs={ADMIN_TABS}
          />
        </div>
      </div>
    </AdminSession>
  );
}
