import { may, STAFF_ROLES, StaffRole } from '../../../../backend/src/identity/contract/staff-roles';
import { sectionsFor } from './admin-sections';

const sectionIdsOf = (role: StaffRole) =>
  sectionsFor((permission) => may(role, permission))
    .groups.flatMap((group) => group.sections)
    .map((section) => section.id);

describe('the back office sidebar', () => {
  it('shows API tokens to the roles that may read what a token reads (owner, analyst, auditor), and to no other', () => {
    const shown = STAFF_ROLES.filter((role) => sectionIdsOf(role).includes('api-tokens'));
    expect(shown).toEqual(['owner', 'auditor', 'analyst']);
  });

  it('still shows a one-permission section only to roles with that permission', () => {
    expect(sectionIdsOf('analyst')).toEqual(['analytics', 'api-tokens']);
    expect(sectionIdsOf('auditor')).toEqual(['orders', 'payments', 'audit', 'api-tokens']);
  });
});
