import { UserPlus } from 'lucide-react';
import { ComponentProps, useRef, useState } from 'react';
import { inviteStaffSchema, StaffInvitationView } from '../../../../../backend/src/identity/contract/staff-input';
import { STAFF_ROLES, StaffRole } from '../../../../../backend/src/identity/contract/staff-roles';
import { messageOf } from '../../../api/client';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { DataColumn, DataTable } from '../../../components/ui/DataTable';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { LoadError } from '../../../components/ui/LoadError';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { formatDate } from '../../../lib/dates';
import { useAuth } from '../../identity';
import { StaffMemberView, useChangeStaffRole, useInviteStaff, useRemoveStaff, useResetStaffTwoFactor, useStaff, useWithdrawStaffInvitation } from '../api/staff-queries';
import '../../../styles/admin-tools.css';

/** The staff roles, the owner first (staff-roles.ts); a `Field`'s control, or registered with react-hook-form. */
function RoleSelect(props: ComponentProps<'select'>) {
  return (
    <select className="input" {...props}>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}

function InviteDialog({ onClose }: { onClose(): void }) {
  const invite = useInviteStaff();
  const form = useZodForm(inviteStaffSchema, { defaultValues: { email: '', role: 'support' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => invite.mutate(values, { onSuccess: onClose }));
  return (
    <AdminDialog
      title="Invite a staff member"
      description="They get an e-mail with a link that works once, for 72 hours, to choose a name and password (or sign in) and join with this role."
      submitLabel="Send invitation"
      busy={invite.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="E-mail address" required error={errors.email?.message}>
        <input className="input" type="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field label="Role" required error={errors.role?.message}>
        <RoleSelect {...form.register('role')} />
      </Field>
    </AdminDialog>
  );
}

function ChangeRoleDialog({ member, onClose }: { member: StaffMemberView; onClose(): void }) {
  const change = useChangeStaffRole();
  const [role, setRole] = useState<StaffRole>(member.role);
  return (
    <AdminDialog
      title={`Change ${member.fullName}'s role`}
      description="The new role applies to their next request; what it may use is listed under Roles in the README."
      submitLabel="Change role"
      busy={change.isPending}
      onSubmit={() => change.mutate({ member, role }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <Field label="Role" required>
        <RoleSelect value={role} onChange={(event) => setRole(event.target.value as StaffRole)} />
      </Field>
    </AdminDialog>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMemberView; onClose(): void }) {
  const remove = useRemoveStaff();
  return (
    <AdminDialog
      title={`Remove ${member.fullName} from the staff?`}
      description={`${member.email} becomes a customer account and is signed out everywhere at once. You can invite them again later.`}
      submitLabel="Remove"
      submitVariant="danger"
      busy={remove.isPending}
      onSubmit={() => remove.mutate({ member }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function ResetTwoFactorDialog({ member, onClose }: { member: StaffMemberView; onClose(): void }) {
  const reset = useResetStaffTwoFactor();
  return (
    <AdminDialog
      title={`Reset two-factor sign-in of ${member.fullName}?`}
      description="For a member who lost their authenticator and recovery codes: two-factor sign-in is turned off and every session of theirs ends. They sign in with their password and set it up again."
      submitLabel="Reset two-factor"
      submitVariant="danger"
      busy={reset.isPending}
      onSubmit={() => reset.mutate({ member }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function WithdrawDialog({ invitation, onClose }: { invitation: StaffInvitationView; onClose(): void }) {
  const withdraw = useWithdrawStaffInvitation();
  return (
    <AdminDialog
      title={`Withdraw the invitation to ${invitation.email}?`}
      description={`The link mailed there stops working at once; nobody joins as ${invitation.role} through it. You can send a new invitation later.`}
      submitLabel="Withdraw"
      submitVariant="danger"
      busy={withdraw.isPending}
      onSubmit={() => withdraw.mutate({ invitation }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

/** The owner's Staff section (issue 23): staff with their role and since when, pending invitations; invite, withdraw an invitation, change a role, remove. */
export function StaffTab() {
  const section = useRef<HTMLElement>(null);
  const staff = useStaff();
  const { user } = useAuth();
  useRefetchWhenShown(section, () => staff.refetch());
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<StaffMemberView | null>(null);
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const [resetting, setResetting] = useState<StaffMemberView | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffInvitationView | null>(null);

  const columns: DataColumn<StaffMemberView>[] = [
    { id: 'name', header: 'Name', title: true, sortValue: (member) => member.fullName, cell: (member) => <span className="admin-strong">{member.fullName}{member.userId === user?.id ? ' (you)' : ''}</span> },
    { id: 'email', header: 'E-mail', sortValue: (member) => member.email, cell: (member) => member.email },
    { id: 'role', header: 'Role', sortValue: (member) => member.role, cell: (member) => <Badge tone={member.role === 'owner' ? 'success' : 'secondary'}>{member.role}</Badge> },
    { id: 'since', header: 'Since', numeric: true, sortValue: (member) => member.since, cell: (member) => <time dateTime={member.since}>{formatDate(member.since)}</time> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (member) => (
        <div className="row gap wrap">
          <Button variant="outline" size="sm" onClick={() => setChanging(member)}>
            Change role<span className="sr-only"> of {member.fullName}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => setResetting(member)}>
            Reset two-factor<span className="sr-only"> of {member.fullName}</span>
          </Button>
          <Button variant="outline" size="sm" className="admin-danger-text" onClick={() => setRemoving(member)}>
            Remove<span className="sr-only"> {member.fullName}</span>
          </Button>
        </div>
      ),
    },
  ];
  const invitationColumns: DataColumn<StaffInvitationView>[] = [
    { id: 'email', header: 'E-mail', title: true, sortValue: (invitation) => invitation.email, cell: (invitation) => invitation.email },
    { id: 'role', header: 'Role', sortValue: (invitation) => invitation.role, cell: (invitation) => <Badge tone="secondary">{invitation.role}</Badge> },
    { id: 'invited', header: 'Invited', numeric: true, sortValue: (invitation) => invitation.invitedAt, cell: (invitation) => <time dateTime={invitation.invitedAt}>{formatDate(invitation.invitedAt)}</time> },
    { id: 'expires', header: 'Link expires', numeric: true, sortValue: (invitation) => invitation.expiresAt, cell: (invitation) => <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (invitation) => (
        <Button variant="outline" size="sm" className="admin-danger-text" onClick={() => setWithdrawing(invitation)}>
          Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
        </Button>
      ),
    },
  ];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="staff-heading">
      <div className="row between wrap gap">
        <div>
          <h2 id="staff-heading">Staff</h2>
          <p className="muted">Who works in the back office, with which role. Every change is in the audit log with who made it.</p>
        </div>
        <Button variant="primary" onClick={() => setInviting(true)}>
          <UserPlus size={18} aria-hidden /> Invite
        </Button>
      </div>
      {staff.isError ? (
        <LoadError message={messageOf(staff.error, 'Failed to load the staff.')} onRetry={() => staff.refetch()} />
      ) : (
        <>
          <DataTable className="card admin-card" caption="Staff" columns={columns} rows={staff.data?.staff} rowKey={(member) => member.userId} isLoading={staff.isLoading} emptyText="No staff yet." />
          <h3>Pending invitations</h3>
          <DataTable
            className="card admin-card"
            caption="Pending invitations"
            columns={invitationColumns}
            rows={staff.data?.invitations}
            rowKey={(invitation) => invitation.invitationId}
            isLoading={staff.isLoading}
            emptyText="No invitation is waiting."
          />
        </>
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {changing && <ChangeRoleDialog member={changing} onClose={() => setChanging(null)} />}
      {removing && <RemoveDialog member={removing} onClose={() => setRemoving(null)} />}
      {resetting && <ResetTwoFactorDialog member={resetting} onClose={() => setResetting(null)} />}
      {withdrawing && <WithdrawDialog invitation={withdrawing} onClose={() => setWithdrawing(null)} />}
    </section>
  );
}
