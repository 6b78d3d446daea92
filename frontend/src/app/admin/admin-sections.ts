import type { LucideIcon } from 'lucide-react';
import { BarChart3, Bell, CreditCard, History, KeyRound, LayoutDashboard, LifeBuoy, Package, ShieldCheck, ShoppingCart, Star, Ticket, Users } from 'lucide-react';
import type { Permission } from '../../../../backend/src/identity/contract/staff-roles';
import { API_TOKEN_SCOPES } from '../../../../backend/src/identity/contract/api-tokens';

export type AdminTab = 'dashboard' | 'products' | 'orders' | 'payments' | 'analytics' | 'audit' | 'referrals' | 'reviews' | 'support' | 'verifications' | 'notifications' | 'staff' | 'api-tokens';

export interface AdminSection {
  id: AdminTab;
  /** Checkout spec §2's tab name, word for word. */
  label: string;
  icon: LucideIcon;
  /** What the section's list reads on the server (staff-roles.ts): a role without it (without any of them, for a list) is not shown the section. */
  permission: Permission | readonly Permission[];
}

/** The back office's landing page (`/admin`, the spec's default tab): above the groups, as their home. */
export const HOME_SECTION: AdminSection = { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, permission: 'dashboard:read' };

/**
 * The sidebar's groups. Checkout spec §2 names five tabs in the order Dashboard, Products, Orders,
 * Payments, Analytics; the back office later gained Referral codes, Reviews, Support, Notifications and
 * Audit log, in that order. Dashboard is the home above the groups, and the groups run Catalogue
 * (Products), Sales (Orders, Payments, Referral codes: discounts given at checkout), Customers (Reviews and
 * Support: what customers write; Verifications: where buyers work, checked before their orders ship), Insights (Analytics), System (Notifications, Audit log). Read top to
 * bottom, the spec's five keep their order, and so do the five added later.
 */
export const ADMIN_GROUPS: { name: string; sections: AdminSection[] }[] = [
  { name: 'Catalogue', sections: [{ id: 'products', label: 'Products', icon: Package, permission: 'catalogue:read' }] },
  {
    name: 'Sales',
    sections: [
      { id: 'orders', label: 'Orders', icon: ShoppingCart, permission: 'orders:read' },
      { id: 'payments', label: 'Payments', icon: CreditCard, permission: 'payments:read' },
      { id: 'referrals', label: 'Referral codes', icon: Ticket, permission: 'referrals:manage' },
    ],
  },
  {
    name: 'Customers',
    sections: [
      { id: 'reviews', label: 'Reviews', icon: Star, permission: 'reviews:moderate' },
      { id: 'support', label: 'Support', icon: LifeBuoy, permission: 'support:handle' },
      { id: 'verifications', label: 'Verifications', icon: ShieldCheck, permission: 'verifications:decide' },
    ],
  },
  { name: 'Insights', sections: [{ id: 'analytics', label: 'Analytics', icon: BarChart3, permission: 'analytics:read' }] },
  {
    name: 'System',
    sections: [
      { id: 'notifications', label: 'Notifications', icon: Bell, permission: 'outbox:read' },
      { id: 'audit', label: 'Audit log', icon: History, permission: 'audit:read' },
      // Whoever may read what a token reads makes tokens for it (issue 23): the owner, analysts, auditors.
      { id: 'api-tokens', label: 'API tokens', icon: KeyRound, permission: API_TOKEN_SCOPES },
      // Issue 23: the owner's alone (staff:manage), last of System.
      { id: 'staff', label: 'Staff', icon: Users, permission: 'staff:manage' },
    ],
  },
];

export const ADMIN_SECTIONS: AdminSection[] = [HOME_SECTION, ...ADMIN_GROUPS.flatMap((group) => group.sections)];

/** A section's own address: /admin is the dashboard, /admin/orders the Orders tab (its filters follow in the query string). */
export const pathOf = (tab: AdminTab) => (tab === 'dashboard' ? '/admin' : `/admin/${tab}`);

/** Whether a role that may do what `may` says is shown `section`. */
export const opens = (section: AdminSection, may: (permission: Permission) => boolean) => (typeof section.permission === 'string' ? may(section.permission) : section.permission.some(may));

/** The sidebar as one role sees it: the sections its permissions open, groups left with none dropped. */
export function sectionsFor(may: (permission: Permission) => boolean): { home: AdminSection | null; groups: typeof ADMIN_GROUPS; first: AdminSection | null } {
  const groups = ADMIN_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => opens(section, may)) })).filter((group) => group.sections.length > 0);
  const home = opens(HOME_SECTION, may) ? HOME_SECTION : null;
  return { home, groups, first: home ?? groups[0]?.sections[0] ?? null };
}

/** The group a section is listed under, for the narrow screen's "Sales / Orders" line (none for the dashboard). */
export const groupOf = (tab: AdminTab) => ADMIN_GROUPS.find((group) => group.sections.some((section) => section.id === tab))?.name;
