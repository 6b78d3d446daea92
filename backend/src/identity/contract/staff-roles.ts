/**
 * Who may do what (issue 23): the one map from a role to what it may use, read by the server's guards
 * (`@RequirePermission`) and by the back office, which shows each role only the sections it may open.
 * Free of framework code: the frontend imports it as it is.
 */

/** Every role an account can hold. `customer` is everyone who signed up; the others are staff. */
export const ROLES = ['owner', 'manager', 'fulfilment', 'support', 'auditor', 'analyst', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that reach the back office, the owner first. */
export const STAFF_ROLES = ROLES.filter((role): role is Exclude<Role, 'customer'> => role !== 'customer');
export type StaffRole = (typeof STAFF_ROLES)[number];

/** One capability each: a route names the one it needs. */
export const PERMISSIONS = [
  /** The back office's product and category lists (with prices) and the low-stock list. */
  'catalogue:read',
  /** Creating, changing and removing products and categories, their stock and images. */
  'catalogue:write',
  /** Any order, its items and history, the order lists and counts, the stock held by unpaid orders. */
  'orders:read',
  /** What orders cost: the amounts in every order answer (contract/order-amounts.ts leaves them out otherwise) and the tax invoice. */
  'orders:amounts',
  /** Moving an order's status forward (pending, processing, shipped, delivered). */
  'orders:status',
  /** An order's carrier and tracking number, and a returned parcel received back. */
  'orders:ship',
  /** Cancelling an order or releasing an unpaid one's stock. */
  'orders:cancel',
  /** Authorizing or refusing a customer's return. */
  'returns:decide',
  /** The payments list, one payment, its export and the payment settings. */
  'payments:read',
  /** Confirming, failing, accepting an underpayment, marking paid, noting or recording a refund. */
  'payments:decide',
  /** The dashboard's figures: revenue, today's orders, the newest orders. */
  'dashboard:read',
  /** Referral codes: the list and creating and ending codes. */
  'referrals:manage',
  /** The review queue, hiding and showing reviews and the store's answers; hidden reviews are visible. */
  'reviews:moderate',
  /** The support queue: reading, answering and closing cases, and their images. */
  'support:handle',
  /** Institution verifications: the queue, their documents, approving and rejecting. */
  'verifications:decide',
  /** Every e-mail the shop sent or will send. */
  'outbox:read',
  /** The audit log and its export. */
  'audit:read',
  /** Traffic, the funnel, real-time visitors and their exports. */
  'analytics:read',
  /** Projections and their parked events, readiness details. */
  'operations:manage',
  /** Granting and taking away staff roles. */
  'staff:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ORDERS: Permission[] = ['orders:read'];

/**
 * Issue 23's roles. The owner has everything, and is the only one who manages staff; an auditor's are
 * only reads, so an auditor changes nothing; fulfilment never sees amounts nor decides payments.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((permission) => !['audit:read', 'analytics:read', 'operations:manage', 'staff:manage'].includes(permission)),
  fulfilment: [...READ_ORDERS, 'orders:status', 'orders:ship'],
  support: [...READ_ORDERS, 'orders:amounts', 'support:handle', 'reviews:moderate', 'verifications:decide', 'outbox:read'],
  auditor: [...READ_ORDERS, 'orders:amounts', 'payments:read', 'dashboard:read', 'audit:read'],
  analyst: ['analytics:read'],
  customer: [],
};

/** Whether `role` may do what `permission` names; nobody (no role) may do anything. */
export function may(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

/** Staff: any role but customer, so the back office opens (showing what the role may use). */
export function isStaff(role: Role | null | undefined): role is StaffRole {
  return role !== null && role !== undefined && role !== 'customer';
}

/**
 * A role as recorded. Before issue 23 the log knew `admin` (everything), which is the owner now; every
 * reader of recorded roles (the user's decider, projector and audit text) goes through this.
 */
export function roleOf(recorded: string): Role {
  if (recorded === 'admin') return 'owner';
  if ((ROLES as readonly string[]).includes(recorded)) return recorded as Role;
  throw new Error(`Unknown role "${recorded}" in the log`);
}
