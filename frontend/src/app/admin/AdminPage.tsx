import { LogOut, ShieldOff, Store } from 'lucide-react';
import { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../hooks/usePageTitle';
import { SHOP_NAME } from '../../lib/shop';
import { AdminSession } from '../../state/admin-session';
import { ADMIN_SECTIONS, AdminTab, opens, pathOf, sectionsFor } from './admin-sections';
import { useAuth } from '../../features/identity';
import { EmptyState } from '../../components/ui/EmptyState';
import { AdminNavigation } from './AdminNavigation';
import { LazyAnalyticsTab } from '../../features/analytics';
import { DashboardTab, OrdersTab, ReferralCodesTab } from '../../features/ordering/back-office';
import { PaymentsTab } from '../../features/payments';
import { AuditTab } from '../../features/audit';
import { StaffTab } from '../../features/staff';
import { ApiTokensTab } from '../../features/api-tokens';
import { ProductsTab } from '../../features/catalogue/back-office';
import { ReviewsTab } from '../../features/reviews/back-office';
import { NotificationsTab } from '../../features/notifications';
import { SupportTab } from '../../features/support/back-office';
import { VerificationsTab } from '../../features/verification/back-office';
import { isRecordPath } from '../../hooks/useRecordRoute';
import { NotFoundPage } from '../../features/content';
import { Button, ButtonLink } from '../../components/ui/Button';
import './admin.css';

/** Each section's panel, rendered only while it is on screen, so its data is read afresh each time it is opened. */
const PANELS: Record<AdminTab, ReactNode> = {
  dashboard: <DashboardTab />,
  products: <ProductsTab />,
  orders: <OrdersTab />,
  payments: <PaymentsTab />,
  analytics: <LazyAnalyticsTab />,
  referrals: <ReferralCodesTab />,
  reviews: <ReviewsTab />,
  support: <SupportTab />,
  verifications: <VerificationsTab />,
  notifications: <NotificationsTab />,
  audit: <AuditTab />,
  staff: <StaffTab />,
  'api-tokens': <ApiTokensTab />,
};

/**
 * Checkout spec §2: the back office in a shell of its own (its header, a grouped sidebar), a URL per tab (`/admin/:tab`) and per order or payment
 * (`/admin/orders/:id`, `/admin/payments/:id`: the tab with that record's details open). App.tsx lets
 * only staff reach it; each role is shown the sections its permissions open (staff-roles.ts).
 */
export default function AdminPage() {
  const { tab: requested = 'dashboard', record } = useParams();
  const { may } = useAuth();
  const current = ADMIN_SECTIONS.find((tab) => tab.id === requested);
  usePageTitle(current && current.id !== 'dashboard' ? `${current.label} · Admin` : 'Admin');
  if (!current || !isRecordPath(current.id, record)) return <NotFoundPage />;
  // A role without the dashboard lands on the first section it may open (an analyst on Analytics).
  const { first } = sectionsFor(may);
  if (current.id === 'dashboard' && !opens(current, may) && first) return <Navigate to={pathOf(first.id)} replace />;
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
              <ButtonLink to="/" variant="outline">
                <Store size={18} aria-hidden /> View Store
              </ButtonLink>
              <Button variant="dark" onClick={() => window.location.assign('/api/logout')}>
                <LogOut size={18} aria-hidden /> Logout
              </Button>
            </div>
          </header>
          <div className="admin-body">
            <AdminNavigation current={current} />
            <section key={current.id} id="admin-content" tabIndex={-1} className="admin-content" aria-label={current.label}>
              {opens(current, may) ? (
                PANELS[current.id]
              ) : (
                <EmptyState icon={ShieldOff} title={`${current.label} is not part of your role`}>
                  <p className="muted">The sections you may use are in the menu. The shop's owner decides who may see what.</p>
                </EmptyState>
              )}
            </section>
          </div>
        </div>
      </div>
    </AdminSession>
  );
}
