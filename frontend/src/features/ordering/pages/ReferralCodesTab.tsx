import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { referralCodeSchema } from '../../../../../backend/src/ordering/contract/back-office-input';
import { messageOf } from '../../../api/client';
import { Field, useZodForm } from '../../../components/ui/form';
import { formatDate } from '../../../lib/dates';
import { ReferralCode, useCreateReferralCode, useDeactivateReferralCode, useReferralCodes } from '../api/referral-queries';
import { usePhoneLayout } from '../../../hooks/usePhoneLayout';
import { useRefetchWhenShown } from '../../../hooks/useRefetchWhenShown';
import { AdminDialog } from '../../../components/ui/Dialog';
import { AdminTable } from '../../../components/ui/AdminTable';
import { LoadError } from '../../../components/ui/LoadError';
import { Button } from '../../../components/ui/Button';
import '../../../styles/admin-tools.css';
import { SkeletonList } from '../../../components/ui/SkeletonList';

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
  return <span className={`badge ${code.active ? 'badge-success' : 'badge-secondary'}`}>{code.active ? 'Active' : 'Inactive'}</span>;
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
  const phone = usePhoneLayout();
  useRefetchWhenShown(section, () => codes.refetch());
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<ReferralCode | null>(null);
  const list = codes.data ?? [];

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
      ) : phone ? (
        codes.isLoading ? (
          <SkeletonList className="referral-cards" itemClassName="card referral-card" rows={2} />
        ) : list.length === 0 ? (
          <p className="card admin-empty">{EMPTY}</p>
        ) : (
          <ul className="referral-cards" aria-label="Referral codes">
            {list.map((code) => (
              <li key={code.code} className="card referral-card">
                <p className="row between gap">
                  <code className="referral-code">{code.code}</code>
                  <StatusOf code={code} />
                </p>
                <p className="small muted">
                  {code.discountPercentage}% off · used by {uses(code)} · created <time dateTime={code.createdAt}>{formatDate(code.createdAt)}</time>
                </p>
                {code.active && <DeactivateButton code={code} onClick={() => setDeactivating(code)} />}
              </li>
            ))}
          </ul>
        )
      ) : (
        <AdminTable
          className="card admin-card admin-tools-table"
          caption="Referral codes"
          columns={['Code', 'Discount', 'Uses', 'Status', 'Created', 'Actions']}
          isLoading={codes.isLoading}
          isEmpty={codes.data !== undefined && list.length === 0}
          emptyText={EMPTY}
        >
          {list.map((code) => (
            <tr key={code.code}>
              <td>
                <code className="admin-strong">{code.code}</code>
              </td>
              <td className="admin-number">{code.discountPercentage}%</td>
              <td className="admin-number">{uses(code)}</td>
              <td>
                <StatusOf code={code} />
              </td>
              <td className="admin-number">
                <time dateTime={code.createdAt}>{formatDate(code.createdAt)}</time>
              </td>
              <td>{code.active ? <DeactivateButton code={code} onClick={() => setDeactivating(code)} /> : <span className="muted small">—</span>}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {creating && <CreateReferralCodeDialog onClose={() => setCreating(false)} />}
      {deactivating && <DeactivateReferralCodeDialog code={deactivating} onClose={() => setDeactivating(null)} />}
    </section>
  );
}
