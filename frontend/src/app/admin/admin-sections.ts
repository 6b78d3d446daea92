import type { LucideIcon } from 'lucide-react';
import { BarChart3, Bell, CreditCard, History, LayoutDashboard, LifeBuoy, Package, ShoppingCart, Star, Ticket } from 'lucide-react';

export type AdminTab = 'dashboard' | 'products' | 'orders' | 'payments' | 'analytics' | 'audit' | 'referrals' | 'reviews' | 'support' | 'notifications';

export interface AdminSection {
  id: AdminTab;
  /** Checkout spec §2's tab name, word for word. */
  label: string;
  icon: LucideIcon;
}

/** The back office's landing page (`/admin`, the spec's default tab): above the groups, as their home. */
export const HOME_SECTION: AdminSection = { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard };

/**
 * The sidebar's groups. Checkout spec §2 names five tabs in the order Dashboard, Products, Orders,
 * Payments, Analytics; the back office later gained Referral codes, Reviews, Support, Notifications and
 * Audit log, in that order. Dashboard is the home above the groups, and the groups run Catalogue
 * (Products), Sales (Orders, Payments, Referral codes: discounts given at checkout), Customers (Reviews and
 * Support: what customers write), Insights (Analytics), System (Notifications, Audit log). Read top to
 * bottom, the spec's five keep their order, and so do the five added later.
 */
export const ADMIN_GROUPS: { name: string; sections: AdminSection[] }[] = [
  { name: 'Catalogue', sections: [{ id: 'products', label: 'Products', icon: Package }] },
  {
    name: 'Sales',
    sections: [
      { id: 'orders', label: 'Orders', icon: ShoppingCart },
      { id: 'payments', label: 'Payments', icon: CreditCard },
      { id: 'referrals', label: 'Referral codes', icon: Ticket },
    ],
  },
  {
    name: 'Customers',
    sections: [
      { id: 'reviews', label: 'Reviews', icon: Star },
      { id: 'support', label: 'Support', icon: LifeBuoy },
    ],
  },
  { name: 'Insights', sections: [{ id: 'analytics', label: 'Analytics', icon: BarChart3 }] },
  {
    name: 'System',
    sections: [
      { id: 'notifications', label: 'Notifications', icon: Bell },
      { id: 'audit', label: 'Audit log', icon: History },
    ],
  },
];

export const ADMIN_SECTIONS: AdminSection[] = [HOME_SECTION, ...ADMIN_GROUPS.flatMap((group) => group.sections)];

/** A section's own address: /admin is the dashboard, /admin/orders the Orders tab (its filters follow in the query string). */
export const pathOf = (tab: AdminTab) => (tab === 'dashboard' ? '/admin' : `/admin/${tab}`);

/** The group a section is listed under, for the narrow screen's "Sales / Orders" line (none for the dashboard). */
export const groupOf = (tab: AdminTab) => ADMIN_GROUPS.find((group) => group.sections.some((section) => section.id === tab))?.name;
