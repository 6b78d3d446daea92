import type { ReactNode } from 'react';
import { confirmPaymentSchema, failPaymentSchema } from '../../../../backend/src/payments/contract/payment-input';
import type { Payment } from '../../api/types';
import { Field, useZodForm } from '../../components/ui/form';
import { formatAud } from '../../lib/currencies';
import { formatDateTime } from '../../lib/dates';
import { toCents } from '../../lib/money';
import { paymentMethodLabel } from './admin-format';
import { useConfirmPayment, useFailPayment } from './admin-data';
import { AdminDialog, InfoDialog } from './AdminDialog';
import { DetailSection, Facts, StatusBadge, TransactionHash } from './admin-ui';
import { AuditTrail } from './AuditTrail';

function summary(payment: Payment): string {
  return `Order #${payment.orderId}: ${payment.cryptoAmount} ${payment.coin} (${formatAud(toCents(payment.amount))}) by ${paymentMethodLabel(payment.paymentMethod)} to ${payment.walletAddress}.`;
}

export function ConfirmPaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const confirm = useConfirmPayment();
  const form = useZodForm(confirmPaymentSchema, { defaultValues: { transactionHash: '' } });
  const error = form.formState.errors.transactionHash && 'Enter the transaction hash: 8 to 128 letters, digits, - or _.';
  const submit = form.handleSubmit(({ transactionHash }) => confirm.mutate({ paymentId: payment.id, transactionHash }, { onSuccess: onClose }));
  return (
    <AdminDialog title={`Confirm Payment #${payment.id}`} description={summary(payment)} submitLabel="Confirm payment" busy={confirm.isPending} onSubmit={submit} onClose={onClose}>
      <Field label="Transaction hash" required error={error} hint="The id of the transfer on the chain, as a block explorer shows it.">
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
      submitClassName="button-danger"
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

/** `Payment Details - #{id}`: its status, Payment Information, the Transaction Timeline and the full history from the log. */
export function PaymentDetailsDialog({ payment, onClose, onConfirm, onFail }: { payment: Payment; onClose(): void; onConfirm(): void; onFail(): void }) {
  const info: [string, ReactNode][] = [
    ['Payment ID', `#${payment.id}`],
    ['Order ID', `#${payment.orderId}`],
    ['Amount', `${formatAud(toCents(payment.amount))} (${payment.cryptoAmount} ${payment.coin})`],
    ['Transaction ID', payment.transactionId ?? 'N/A'],
    ['Wallet Address', payment.walletAddress || 'N/A'],
  ];
  if (payment.blockchainTxHash) info.push(['Blockchain TX Hash', <TransactionHash key="hash" paymentMethod={payment.paymentMethod} hash={payment.blockchainTxHash} />]);
  return (
    <InfoDialog
      title={`Payment Details - #${payment.id}`}
      wide
      onClose={onClose}
      actions={
        payment.status === 'pending' && (
          <>
            <button type="button" className="button button-primary" onClick={onConfirm}>
              Confirm payment
            </button>
            <button type="button" className="button button-outline" onClick={onFail}>
              Mark failed
            </button>
          </>
        )
      }
    >
      <div className="row wrap gap admin-detail-meta">
        <StatusBadge status={payment.status} />
        <span>{paymentMethodLabel(payment.paymentMethod)}</span>
        <span className="muted">{formatDateTime(payment.createdAt)}</span>
      </div>
      <DetailSection id={`payment-${payment.id}-info`} title="Payment Information">
        <Facts facts={info} />
      </DetailSection>
      <DetailSection id={`payment-${payment.id}-timeline`} title="Transaction Timeline">
        <ol className="admin-timeline">
          {paymentTimeline(payment).map((step) => (
            <li key={step.label} className={`admin-timeline-${step.tone}`}>
              <span className="admin-strong">{step.label}</span> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              {step.detail && <span className="small muted admin-timeline-detail">{step.detail}</span>}
            </li>
          ))}
        </ol>
      </DetailSection>
      <AuditTrail stream={`payment-${payment.id}`} title="Full history" />
    </InfoDialog>
  );
}
