import { isStaff, may, PERMISSIONS, Permission, ROLE_PERMISSIONS, roleOf, ROLES, STAFF_ROLES } from './staff-roles';

/** Permissions that change nothing: what an auditor may hold. */
const READS: Permission[] = ['catalogue:read', 'orders:read', 'orders:amounts', 'payments:read', 'dashboard:read', 'audit:read', 'analytics:read', 'outbox:read'];

describe('staff roles (issue 23)', () => {
  it('gives the owner every permission, and only the owner manages staff', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLES.filter((role) => may(role, 'staff:manage'))).toEqual(['owner']);
  });

  it('lets an auditor read orders, payments and the audit log, and change nothing', () => {
    expect(ROLE_PERMISSIONS.auditor.filter((permission) => !READS.includes(permission))).toEqual([]);
    for (const permission of ['orders:read', 'payments:read', 'audit:read'] as const) expect(may('auditor', permission)).toBe(true);
  });

  it('shows fulfilment no prices and no payment decisions', () => {
    for (const permission of ['orders:amounts', 'payments:read', 'payments:decide', 'catalogue:read', 'dashboard:read'] as const) expect(may('fulfilment', permission)).toBe(false);
    for (const permission of ['orders:read', 'orders:status', 'orders:ship'] as const) expect(may('fulfilment', permission)).toBe(true);
  });

  it('gives an analyst analytics only, support no payments, and a customer (or nobody) nothing', () => {
    expect(ROLE_PERMISSIONS.analyst).toEqual(['analytics:read']);
    expect(may('support', 'payments:read') || may('support', 'orders:status')).toBe(false);
    expect(PERMISSIONS.some((permission) => may('customer', permission) || may(null, permission))).toBe(false);
  });

  it('counts every role but customer as staff', () => {
    expect(STAFF_ROLES).toEqual(['owner', 'manager', 'fulfilment', 'support', 'auditor', 'analyst']);
    expect(ROLES.filter(isStaff)).toEqual(STAFF_ROLES);
    expect(isStaff(null)).toBe(false);
  });

  it('reads the admin role recorded before issue 23 as the owner, and refuses a role it does not know', () => {
    expect(roleOf('admin')).toBe('owner');
    expect(roleOf('fulfilment')).toBe('fulfilment');
    expect(() => roleOf('superuser')).toThrow('Unknown role "superuser"');
  });
});
