import { FormEvent, useState } from 'react';
import type { StaffOrder as Order } from '../api/admin-order-queries';
import { Button } from '../../../components/ui/Button';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Facts } from '../../../components/ui/admin-ui';
import { Field } from '../../../components/ui/form';
import { formatAud } from '../../../lib/currencies';
import { formatDateTime } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { AttachmentThumbnails } from '../../media';
import { ReturnStep, useDecideReturn } from '../api/admin-order-queries';
import type { ReturnStatus } from '../../../../../backend/src/ordering/contract/order.views';
import type { Permission } from '../../../../../backend/src/identity/contract/staff-roles';
import { useAuth } from '../../identity';

/** Where the return stands, in staff's words: what they do next. */
const STAFF_STATUS_TEXT: Record<ReturnStatus, string> = {
  requested: 'Return requested: authorize or refuse it',
  authorized: 'Return authorized: waiting for the parcel',
  refused: 'Return refused',
  received: 'Returned items received: record the refund',
  refunded: 'Return refunded',
};

const STEP_DIALOGS: Record<ReturnStep['step'], { title: string; label: string; submit: string; required: boolean; variant: 'primary' | 'danger' }> = {
  authorize: { title: 'Authorize the return', label: 'Instructions for the customer (where and how to send it)', submit: 'Authorize', required: false, variant: 'primary' },
  refuse: { title: 'Refuse the return', label: 'Reason (the customer reads it)', submit: 'Refuse', required: true, variant: 'danger' },
  receive: { title: 'Returned items received', label: 'Note on their state (the customer reads it)', submit: 'Mark received', required: false, variant: 'primary' },
};

/** Deciding a return is a manager's; receiving the parcel is fulfilment's too (staff-roles.ts). */
const STEP_PERMISSIONS: Record<ReturnStep['step'], Permission> = { authorize: 'returns:decide', refuse: 'returns:decide', receive: 'orders:ship' };

/** The steps staff may take from where the return stands (the server decides again). */
const stepsFrom = (status: ReturnStatus): ReturnStep['step'][] =>
  status === 'requested' ? ['authorize', 'refuse'] : status === 'authorized' ? ['receive', 'refuse'] : [];

/**
 * The buyer's return in the order's details (issue 21): what they send back, why, their photos, and staff's next
 * step. Once the parcel is received, the Refund button offers the return's amount.
 */
export function ReturnReview({ order }: { order: Order }) {
  const [step, setStep] = useState<ReturnStep['step'] | null>(null);
  const { may } = useAuth();
  const request = order.returnRequest;
  if (!request) return null;
  return (
    <>
      <p className={request.status === 'refused' ? 'notice notice-danger' : 'notice'} role="status">
        <strong>{STAFF_STATUS_TEXT[request.status]}</strong> (asked {formatDateTime(request.requestedAt)})
        {request.staffNote && (
          <>
            <br />
            {request.staffNote}
          </>
        )}
      </p>
      <Facts
        facts={[
          ['Items', request.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')],
          ...('amount' in request ? ([['Refund if accepted', formatAud(toCents(request.amount))]] as [string, string][]) : []),
          ['Reason', request.reason],
          ['Unopened', 'Confirmed by the customer'],
        ]}
      />
      <AttachmentThumbnails attachments={request.photos} label="Photos of the return" />
      <div className="row gap wrap">
        {stepsFrom(request.status).filter((next) => may(STEP_PERMISSIONS[next])).map((next) => (
          <Button key={next} variant={STEP_DIALOGS[next].variant === 'danger' ? 'outline' : 'primary'} onClick={() => setStep(next)}>
            {STEP_DIALOGS[next].submit}
          </Button>
        ))}
      </div>
      {request.status === 'received' && <p className="muted small">Record the refund with Refund: it offers the return's amount and closes the return. To put the items back on sale, tick it there when the whole order came back, or adjust the products' stock.</p>}
      {step && <ReturnStepDialog order={order} step={step} onClose={() => setStep(null)} />}
    </>
  );
}

function ReturnStepDialog({ order, step, onClose }: { order: Order; step: ReturnStep['step']; onClose(): void }) {
  const decide = useDecideReturn();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dialog = STEP_DIALOGS[step];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (dialog.required && !value) return setError('Say why the return is refused');
    const input: ReturnStep = step === 'authorize' ? { step, instructions: value || null } : step === 'refuse' ? { step, reason: value } : { step, note: value || null };
    decide.mutate({ orderId: order.id, ...input }, { onSuccess: onClose });
  };
  return (
    <AdminDialog title={`${dialog.title} of order #${order.id}`} submitLabel={dialog.submit} submitVariant={dialog.variant} busy={decide.isPending} onSubmit={submit} onClose={onClose}>
      <Field label={dialog.label} required={dialog.required} error={error}>
        <textarea className="textarea" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      </Field>
    </AdminDialog>
  );
}
