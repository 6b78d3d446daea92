import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { referralCodeSchema } from '../../../../../backend/src/ordering/contract/back-office-input';
import { messageOf } from '../../../api/client';
import { Field, useZodForm } from '../../../components/ui/form';
import { formatDate } from '../../../lib/dates';
import { ReferralCode, useCreateReferralCode, useDeactivateReferralCode, useReferralCodes } from '../api/referral-queries';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { AdminDialog } from '../../../components/ui/Dialog';
import { DataColumn, DataTable } from '../../../components/ui/DataTable';
import { LoadError } from '../../../components/ui/LoadError';
import { Button } from '../../../components/ui/Button';
import '../../../styles/admin-tools.css';
import { Badge } from '../../../components/ui/Badge';

function CreateReferralCodeDialog({ onClose }: { onClose(): void }) {
  const create = useCreateReferralCode();
  const form = useZodForm(referralCodeSchema, { defaultValues: { code: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => create.mutate(values, { onSuccess: onClose }));

  return (
    <AdminDialog
      title="New Referral Code"
      description="Shoppers enter the code at checkout for a percentage off their subtotal. Codes are not case-sensitive."
      submitLabel="Create code"
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Code" required hint="3 to 40 letters, digits, - or _" error={errors.code?.message}>
        <input className="input audit-code-input" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} {...form.register('code')} />
      </Field>
      <Field label="Discount (%)" required hint="A whole number from 1 to 90" error={errors.discountPercentage?.message}>
        <input className="input" type="number" inputMode="numeric" min={1} max={90} step={1} {...form.register('discountPercentage', { valueAsNumber: true })} />
      </Field>
    </AdminDialog>
  );
}

function DeactivateReferralCodeDialog({ code, onClose }: { code: ReferralCode; onClose(): void }) {
  const deactivate = useDeactivateReferralCode();
  return (
    <AdminDialog
      title={`Deactivate ${code.code}?`}
      description={`Shoppers can no longer apply ${code.code} (${code.discountPercentage}% off). Orders that already used it keep their discount. This cannot be undone; create a new code to offer a discount again.`}
      submitLabel="Deactivate"
      submitVariant="danger"
      busy={deactivate.isPending}
      onSubmit={() => deactivate.mutate({ code: code.code }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

const EMPTY = 'No referral codes yet. Create one to offer a discount at checkout.';
const uses = (code: ReferralCode) => `${code.uses} ${code.uses === 1 ? 'order' : 'orders'}`;

function StatusOf({ code }: { code: ReferralCode }) {
  return <Badge tone={code.active ? 'success' : 'secondary'}>{code.active ? 'Active' : 'Inactive'}</Badge>;
}

function DeactivateButton({ code, onClick }: { code: ReferralCode; onClick(): void }) {
  return (
    <Button variant="outline" size="sm" className="admin-danger-text" onClick={onClick}>
      Deactivate<span className="sr-only"> {code.code}</span>
    </Button>
  );
}

/** Referral codes: each with its discount and how many orders used it; create one, or deactivate one. */
export function ReferralCodesTab() {
  const section = useRef<HTMLElement>(null);
  const codes = useReferralCodes();
  useRefetchWhenShown(section, () => codes.refetch());
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<ReferralCode | null>(null);
  const columns: DataColumn<ReferralCode>[] = [
    { id: 'code', header: 'Code', title: true, sortValue: (code) => code.code, cell: (code) => <code className="admin-strong">{code.code}</code> },
    { id: 'discount', header: 'Discount', numeric: true, sortValue: (code) => code.discountPercentage, cell: (code) => `${code.discountPercentage}%` },
    { id: 'uses', header: 'Uses', numeric: true, sortValue: (code) => code.uses, cell: uses },
    { id: 'status', header: 'Status', sortValue: (code) => (code.active ? 0 : 1), cell: (code) => <StatusOf code={code} /> },
    { id: 'created', header: 'Created', numeric: true, sortValue: (code) => code.createdAt, cell: (code) => <time dateTime={code.createdAt}>{formatDate(code.createdAt)}</time> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (code) => (code.active ? <DeactivateButton code={code} onClick={() => setDeactivating(code)} /> : <span className="muted small">—</span>),
    },
  ];

  return (
    <section ref={section} className="stack admin-section" aria-labelledby="referral-codes-heading">
      <div className="row between wrap gap">
        <div>
          <h2 id="referral-codes-heading">Referral Codes</h2>
          <p className="muted">Discount codes shoppers enter at checkout, and how many placed orders used each.</p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          <Plus size={18} aria-hidden /> New referral code
        </Button>
      </div>
      {codes.isError ? (
        <LoadError message={messageOf(codes.error, 'Failed to load referral codes.')} onRetry={() => codes.refetch()} />
      ) : (
        <DataTable
          className="card admin-card"
          caption="Referral codes"
          columns={columns}
          rows={codes.data}
          rowKey={(code) => code.code}
          isLoading={codes.isLoading}
          emptyText={EMPTY}
        />
      )}
      {creating && <CreateReferralCodeDialog onClose={() => setCreating(false)} />}
      {deactivating && <DeactivateReferralCodeDialog code={deactivating} onClose={() => setDeactivating(null)} />}
    </section>
  );
}
