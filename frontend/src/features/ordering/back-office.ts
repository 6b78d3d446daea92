// The ordering feature's back-office face: its tabs (Dashboard, Orders, Referral codes), and the orders key and the
// figures the payments feature reads. Kept apart from index.ts, which storefront pages import: the bundler puts all
// that a module re-exports into the chunks of every page importing it, and the storefront's must not carry these.
export { ADMIN_ORDERS_KEY, useAdminDashboard } from './api/admin-order-queries';
export { DashboardTab } from './pages/DashboardTab';
export { OrdersTab } from './pages/OrdersTab';
export { ReferralCodesTab } from './pages/ReferralCodesTab';
