import { ExternalLink } from 'lucide-react';
import { ReactNode, useMemo } from 'react';
import {
  acceptUnderpaymentSchema,
  confirmPaymentSchema,
  failPaymentSchema,
  markPaidSchema,
  refundNoteSchema,
} from '../../../../../backend/src/payments/contract/payment-input';
import { PROMPTPAY } from '../../../../../backend/src/ordering/contract/checkout-rules';
import type { Payment } from '../../../api/types';
import { Field, useZodForm } from '../../../components/ui/form';
import { formatAud } from '../../../lib/currencies';
import { formatDateTime } from '../../../lib/dates';
import { toCents } from '../../../lib/money';
import { paymentMethodLabel, shortHash } from '../../../lib/admin-format';
import { AdminDialog, InfoDialog } from '../../../components/ui/Dialog';
import { DetailSection, Facts, StatusBadge, TransactionHash } from '../../../components/ui/admin-ui';
import { AdminTable } from '../../../components/ui/AdminTable';
import { Button } from '../../../components/ui/Button';
import { AuditTrail } from '../../audit';
import { useAcceptUnderpayment, useConfirmPayment, useFailPayment, useMarkPaid, useNoteRefund } from '../api/payment-queries';
import { formatUnits, quotedRate, settlementLabel, showsSettlement } from './payment-format';
import './payments-tab.css';
import { Badge, BadgeTone } from '../../../components/ui/Badge';
import { useAuth } from '../../identity';

/** What an administrator can do to a payment, each in its own dialog. */
export type PaymentAction = 'details' | PaymentDecision;
type PaymentDecision = 'confirm' | 'fail' | 'accept-underpayment' | 'mark-paid' | 'refund-note';

function summary(payment: Payment): string {
  return `Order #${payment.orderId}: ${payment.cryptoAmount} ${payment.coin} (${formatAud(toCents(payment.amount))}) by ${paymentMethodLabel(payment.paymentMethod)} to ${payment.walletAddress}.`;
}

/** What the chain brought, for the dialogs that decide on it. */
function received(payment: Payment): string {
  const { receivedUnits, amountDueUnits, overpaidUnits } = payment.settlement;
  const got = `Received ${formatUnits(payment, receivedUnits)} of ${payment.cryptoAmount} ${payment.coin}`;
  if (amountDueUnits !== '0') return `${got}; ${formatUnits(payment, amountDueUnits)} still due.`;
  if (overpaidUnits !== '0') return `${got}; ${formatUnits(payment, overpaidUnits)} too much.`;
  return `${got}.`;
}

/** An optional transaction hash: an empty field is no hash, not an invalid one. */
const optionalHash = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) };
const HASH_ERROR = 'Enter the transaction hash: 8 to 128 letters, digits, - or _.';

/** Settlement actions apply to payments still waiting; Mark failed to any that is not settled. */
export function paymentActions(payment: Payment): PaymentDecision[] {
  const actions: PaymentDecision[] = [];
  if (payment.status === 'pending') {
    if (payment.settlement.state === 'underpaid') actions.push('accept-underpayment');
    actions.push(payment.watched ? 'mark-paid' : 'confirm', 'fail');
  }
  // A refund follows money that arrived: a transfer seen, or a payment confirmed.
  if (payment.transfers.length > 0 || payment.status === 'confirmed') actions.push('refund-note');
  return actions;
}

const ACTION_LABELS: Record<PaymentDecision, string> = {
  confirm: 'Confirm payment',
  fail: 'Mark failed',
  'accept-underpayment': 'Accept underpayment',
  'mark-paid': 'Mark paid',
  'refund-note': 'Note refund',
};

export function ConfirmPaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const confirm = useConfirmPayment();
  const form = useZodForm(confirmPaymentSchema, { defaultValues: { transactionHash: '' } });
  const error = form.formState.errors.transactionHash && HASH_ERROR;
  const submit = form.handleSubmit(({ transactionHash }) => confirm.mutate({ paymentId: payment.id, transactionHash }, { onSuccess: onClose }));
  return (
    <AdminDialog title={`Confirm Payment #${payment.id}`} description={summary(payment)} submitLabel="Confirm payment" busy={confirm.isPending} onSubmit={submit} onClose={onClose}>
      {/* PromptPay: no chain; the staff member reads the reference of the transfer in the shop's bank account. */}
      <Field
        label={payment.paymentMethod === PROMPTPAY ? 'Bank reference' : 'Transaction hash'}
        required
        error={error}
        hint={payment.paymentMethod === PROMPTPAY ? 'The reference of the PromptPay transfer in the shop\'s bank account (letters, digits, - or _).' : 'The id of the transfer on the chain, as a block explorer shows it.'}
      >
        <input className="input" autoComplete="off" spellCheck={false} {...form.register('transactionHash')} />
      </Field>
    </AdminDialog>
  );
}

export function FailPaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const fail = useFailPayment();
  const form = useZodForm(failPaymentSchema, { defaultValues: { reason: '' } });
  const error = form.formState.errors.reason && 'Enter the reason the payment failed.';
  const submit = form.handleSubmit(({ reason }) => fail.mutate({ paymentId: payment.id, reason }, { onSuccess: onClose }));
  return (
    <AdminDialog
      title={`Mark Payment #${payment.id} as Failed`}
      description={summary(payment)}
      submitLabel="Mark failed"
      submitVariant="danger"
      busy={fail.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Reason" required error={error} hint="Shown in the payment's timeline and audit trail.">
        <textarea className="textarea" maxLength={500} {...form.register('reason')} />
      </Field>
    </AdminDialog>
  );
}

/** Waives the rest of an underpaid payment: the order is paid with what arrived. */
export function AcceptUnderpaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const accept = useAcceptUnderpayment();
  const form = useZodForm(acceptUnderpaymentSchema, { defaultValues: { note: '' } });
  const error = form.formState.errors.note && 'Enter why the rest is waived.';
  const submit = form.handleSubmit(({ note }) => accept.mutate({ paymentId: payment.id, note }, { onSuccess: onClose }));
  return (
    <AdminDialog
      title={`Accept Underpayment #${payment.id}`}
      description={`${summary(payment)} ${received(payment)} The order is marked as paid with what arrived.`}
      submitLabel="Accept underpayment"
      busy={accept.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Note" required error={error} hint="Why the rest is waived; kept with the decision.">
        <textarea className="textarea" maxLength={500} {...form.register('note')} />
      </Field>
    </AdminDialog>
  );
}

/** Settles a payment the chain did not (paid late, or elsewhere), for a stated reason. */
export function MarkPaidDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const markPaid = useMarkPaid();
  const seen = payment.transfers.some((transfer) => transfer.droppedAt === null);
  // Without a transfer on the chain, the server needs the transaction that paid.
  const schema = useMemo(() => markPaidSchema.refine((values) => seen || values.transactionHash !== undefined, { path: ['transactionHash'], message: HASH_ERROR }), [seen]);
  const form = useZodForm(schema, { defaultValues: { reason: '', transactionHash: undefined } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => markPaid.mutate({ paymentId: payment.id, ...values }, { onSuccess: onClose }));
  return (
    <AdminDialog
      title={`Mark Payment #${payment.id} as Paid`}
      description={`${summary(payment)} ${received(payment)}`}
      submitLabel="Mark paid"
      busy={markPaid.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Reason" required error={errors.reason && 'Enter why the payment counts as paid.'} hint="E.g. paid late at a rate still acceptable; kept with the decision.">
        <textarea className="textarea" maxLength={500} {...form.register('reason')} />
      </Field>
      <Field
        label={seen ? 'Transaction hash (optional)' : 'Transaction hash'}
        required={!seen}
        error={errors.transactionHash && HASH_ERROR}
        hint={seen ? 'Empty: the last transfer seen on the chain.' : 'No transfer was seen on the chain: name the one that paid.'}
      >
        <input className="input" autoComplete="off" spellCheck={false} {...form.register('transactionHash', optionalHash)} />
      </Field>
    </AdminDialog>
  );
}

/** Records a refund made from the merchant's wallet (an overpayment, a late payment sent back). */
export function RefundNoteDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const note = useNoteRefund();
  const form = useZodForm(refundNoteSchema, { defaultValues: { note: '', transactionHash: undefined } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => note.mutate({ paymentId: payment.id, ...values }, { onSuccess: onClose }));
  return (
    <AdminDialog title={`Note Refund for Payment #${payment.id}`} description={`${summary(payment)} ${received(payment)}`} submitLabel="Note refund" busy={note.isPending} onSubmit={submit} onClose={onClose}>
      <Field label="Note" required error={errors.note && 'Enter what was refunded and why.'} hint="E.g. the excess sent back to the customer's wallet.">
        <textarea className="textarea" maxLength={500} {...form.register('note')} />
      </Field>
      <Field label="Refund transaction hash (optional)" error={errors.transactionHash && HASH_ERROR}>
        <input className="input" autoComplete="off" spellCheck={false} {...form.register('transactionHash', optionalHash)} />
      </Field>
    </AdminDialog>
  );
}

interface TimelineStep {
  label: string;
  at: string;
  detail?: string;
  tone: 'neutral' | 'success' | 'danger';
}

/** Checkout spec §2: Initiated, then Confirmed or Failed, at their times. */
export function paymentTimeline(payment: Payment): TimelineStep[] {
  const steps: TimelineStep[] = [{ label: 'Initiated', at: payment.createdAt, detail: `Quote of ${payment.cryptoAmount} ${payment.coin}, valid until ${formatDateTime(payment.expiresAt)}`, tone: 'neutral' }];
  if (payment.status === 'confirmed') steps.push({ label: 'Confirmed', at: payment.confirmedAt ?? payment.updatedAt, detail: payment.blockchainTxHash ?? payment.transactionId ?? undefined, tone: 'success' });
  if (payment.status === 'failed') steps.push({ label: 'Failed', at: payment.failedAt ?? payment.updatedAt, detail: payment.failureReason ?? undefined, tone: 'danger' });
  return steps;
}

/** A settlement state as a badge: attention for what an admin decides on, success for paid. */
export function SettlementBadge({ payment }: { payment: Payment }) {
  const { state } = payment.settlement;
  const tone: BadgeTone = state === 'underpaid' || state === 'late' || state === 'overpaid' ? 'attention' : state === 'detected' ? 'info' : state === 'confirmed' ? 'success' : 'secondary';
  return <Badge tone={tone}>{settlementLabel(state)}</Badge>;
}

const DECISION_LABELS: Record<Payment['decisions'][number]['kind'], string> = {
  'underpayment-accepted': 'Underpayment accepted',
  'marked-paid': 'Marked paid',
  'refund-noted': 'Refund noted',
};

/** The quote as it was locked: rate, amount, validity, sources, and who confirms it. */
function quoteFacts(payment: Payment): [string, ReactNode][] {
  const { confirmationsRequired } = payment.settlement;
  const facts: [string, ReactNode][] = [
    ['Rate', quotedRate(payment) ?? 'N/A'],
    ['Crypto amount', `${payment.cryptoAmount} ${payment.coin}`],
    ['Valid until', <time key="expiry" dateTime={payment.expiresAt}>{formatDateTime(payment.expiresAt)}</time>],
    ['Rate sources', payment.rateSources?.join(', ') ?? 'N/A'],
    ['Confirmation', payment.watched ? `By the chain after ${confirmationsRequired ?? '?'} confirmations` : 'By an administrator'],
  ];
  if (payment.fromHeight !== null) facts.push(['Watched from block', payment.fromHeight.toLocaleString('en-AU')]);
  return facts;
}

function settlementFacts(payment: Payment): [string, ReactNode][] {
  const { receivedUnits, confirmedUnits, amountDueUnits, overpaidUnits, confirmations, confirmationsRequired } = payment.settlement;
  const facts: [string, ReactNode][] = [
    ['State', <SettlementBadge key="state" payment={payment} />],
    ['Received', formatUnits(payment, receivedUnits)],
    ['Confirmed', formatUnits(payment, confirmedUnits)],
    ['Still due', formatUnits(payment, amountDueUnits)],
  ];
  if (overpaidUnits !== '0') facts.push(['Overpaid', formatUnits(payment, overpaidUnits)]);
  if (confirmations !== null) facts.push(['Confirmations', `${Math.min(confirmations, confirmationsRequired ?? confirmations)} of ${confirmationsRequired ?? '?'}`]);
  return facts;
}

/** Every transfer the watcher saw, dropped ones too (struck through, kept for the record). */
function TransfersTable({ payment }: { payment: Payment }) {
  const required = payment.settlement.confirmationsRequired;
  return (
    <AdminTable
      className="payment-transfers"
      caption={`Transfers to payment #${payment.id}`}
      columns={['Transaction', 'Amount', 'Confirmations', 'Seen', 'Notes']}
      isLoading={false}
      isEmpty={payment.transfers.length === 0}
      emptyText="No transfer seen yet."
    >
      {payment.transfers.map((transfer) => (
        <tr key={transfer.transferId} className={transfer.droppedAt ? 'payment-transfer-dropped' : undefined}>
          <td>
            <a href={transfer.explorerUrl} target="_blank" rel="noopener noreferrer" className="admin-hash-link" aria-label={`Transaction ${transfer.transactionHash} on a block explorer (opens in a new tab)`}>
              <code title={transfer.transactionHash}>{shortHash(transfer.transactionHash)}</code>
              <ExternalLink size={14} aria-hidden />
            </a>
          </td>
          <td className="admin-number">{formatUnits(payment, transfer.amountUnits)}</td>
          <td className="admin-number">
            {transfer.confirmations} of {required ?? '?'}
            {transfer.blockHeight !== null && <span className="small muted admin-reason">block {transfer.blockHeight.toLocaleString('en-AU')}</span>}
          </td>
          <td>
            <time dateTime={transfer.seenAt}>{formatDateTime(transfer.seenAt)}</time>
          </td>
          <td>
            <span className="row wrap payment-transfer-marks">
              {transfer.late && <Badge tone="attention">Late</Badge>}
              {transfer.droppedAt && (
                <span className="badge badge-destructive" title={`Left the chain ${formatDateTime(transfer.droppedAt)}`}>
                  Dropped {formatDateTime(transfer.droppedAt)}
                </span>
              )}
              {!transfer.late && !transfer.droppedAt && <span className="muted">—</span>}
            </span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** `Payment Details - #{id}`: its status, Payment Information, the Transaction Timeline, the quote, what the chain showed, the decisions and the full history from the log. */
export function PaymentDetailsDialog({ payment, onClose, onAction }: { payment: Payment; onClose(): void; onAction(action: PaymentDecision): void }) {
  const { may } = useAuth();
  // An auditor reads payments; deciding them is for the roles with payments:decide (staff-roles.ts).
  const actions = may('payments:decide') ? paymentActions(payment) : [];
  const info: [string, ReactNode][] = [
    ['Payment ID', `#${payment.id}`],
    ['Order ID', `#${payment.orderId}`],
    ['Amount', `${formatAud(toCents(payment.amount))} (${payment.cryptoAmount} ${payment.coin})`],
    ['Transaction ID', payment.transactionId ?? 'N/A'],
    ['Wallet Address', payment.walletAddress || 'N/A'],
  ];
  if (payment.addressDerivation) info.push(['Derivation path', <code key="path">{payment.addressDerivation.path}</code>]);
  if (payment.blockchainTxHash) info.push(['Blockchain TX Hash', <TransactionHash key="hash" paymentMethod={payment.paymentMethod} hash={payment.blockchainTxHash} />]);
  const section = (name: string) => `payment-${payment.id}-${name}`;
  return (
    <InfoDialog
      title={`Payment Details - #${payment.id}`}
      wide
      onClose={onClose}
      actions={actions.map((action) => (
        <Button key={action} variant={action === 'confirm' || action === 'mark-paid' ? 'primary' : 'outline'} onClick={() => onAction(action)}>
          {ACTION_LABELS[action]}
        </Button>
      ))}
    >
      <div className="row wrap gap admin-detail-meta">
        <StatusBadge status={payment.status} />
        {showsSettlement(payment) && <SettlementBadge payment={payment} />}
        <span>{paymentMethodLabel(payment.paymentMethod)}</span>
        <span className="muted">{formatDateTime(payment.createdAt)}</span>
      </div>
      <DetailSection id={section('info')} title="Payment Information">
        <Facts facts={info} />
      </DetailSection>
      <DetailSection id={section('timeline')} title="Transaction Timeline">
        <ol className="admin-timeline">
          {paymentTimeline(payment).map((step) => (
            <li key={step.label} className={`admin-timeline-${step.tone}`}>
              <span className="admin-strong">{step.label}</span> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              {step.detail && <span className="small muted admin-timeline-detail">{step.detail}</span>}
            </li>
          ))}
        </ol>
      </DetailSection>
      <DetailSection id={section('quote')} title="Quote">
        <Facts facts={quoteFacts(payment)} />
      </DetailSection>
      {payment.watched && (
        <DetailSection id={section('chain')} title="On the chain">
          <Facts facts={settlementFacts(payment)} />
          <TransfersTable payment={payment} />
        </DetailSection>
      )}
      {payment.decisions.length > 0 && (
        <DetailSection id={section('decisions')} title="Decisions">
          <ol className="payment-decisions">
            {payment.decisions.map((decision) => (
              <li key={`${decision.kind}-${decision.at}`}>
                <span className="admin-strong">{DECISION_LABELS[decision.kind]}</span> <time dateTime={decision.at}>{formatDateTime(decision.at)}</time>{' '}
                <span className="muted">by {decision.decidedBy.replace(/^admin:/, '')}</span>
                <span className="admin-timeline-detail">{decision.note}</span>
                {decision.transactionHash && (
                  <span className="small">
                    Transaction <TransactionHash paymentMethod={payment.paymentMethod} hash={decision.transactionHash} />
                  </span>
                )}
              </li>
            ))}
          </ol>
        </DetailSection>
      )}
      {may('audit:read') && <AuditTrail stream={`payment-${payment.id}`} title="Full history" />}
    </InfoDialog>
  );
}
