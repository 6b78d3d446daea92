import { useId, useState } from 'react';
import type { Payment } from '../../api/types';
import { formatAud } from '../../lib/currencies';
import { toCents } from '../../lib/money';
import { paymentMethodLabel } from './admin-format';
import { useConfirmPayment, useFailPayment } from './admin-data';
import { AdminDialog } from './AdminDialog';

/** The server's rule for a transaction hash (payments-admin.controller.ts), checked before sending. */
const TRANSACTION_HASH = /^[A-Za-z0-9_-]{8,128}$/;

function summary(payment: Payment): string {
  return `Order #${payment.orderId}: ${payment.cryptoAmount} ${payment.coin} (${formatAud(toCents(payment.amount))}) by ${paymentMethodLabel(payment.paymentMethod)} to ${payment.walletAddress}.`;
}

export function ConfirmPaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const confirm = useConfirmPayment();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hashId = useId();
  const errorId = useId();
  const submit = () => {
    const transactionHash = hash.trim();
    if (!TRANSACTION_HASH.test(transactionHash)) {
      setError('Enter the transaction hash: 8 to 128 letters, digits, - or _.');
      return;
    }
    setError(null);
    confirm.mutate({ paymentId: payment.id, transactionHash }, { onSuccess: onClose });
  };
  return (
    <AdminDialog title={`Confirm Payment #${payment.id}`} description={summary(payment)} submitLabel="Confirm payment" busy={confirm.isPending} onSubmit={submit} onClose={onClose}>
      <div className="field">
        <label htmlFor={hashId}>Transaction hash</label>
        <input
          id={hashId}
          className="input"
          autoComplete="off"
          spellCheck={false}
          value={hash}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setHash(event.target.value)}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    </AdminDialog>
  );
}

export function FailPaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const fail = useFailPayment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const errorId = useId();
  const submit = () => {
    if (!reason.trim()) {
      setError('Enter the reason the payment failed.');
      return;
    }
    setError(null);
    fail.mutate({ paymentId: payment.id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <AdminDialog title={`Mark Payment #${payment.id} as Failed`} description={summary(payment)} submitLabel="Mark failed" busy={fail.isPending} onSubmit={submit} onClose={onClose}>
      <div className="field">
        <label htmlFor={reasonId}>Reason</label>
        <textarea
          id={reasonId}
          className="textarea"
          maxLength={500}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    </AdminDialog>
  );
}
