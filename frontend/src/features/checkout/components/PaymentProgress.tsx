import { CircleCheck, Hourglass, MessageCircle, RefreshCw, SearchCheck, TimerOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Payment } from '../../../api/types';
import { formatDateTime } from '../../../lib/dates';
import { confirmationCount, overpaid, PaymentProgress } from './payment-progress';
import { Button, ButtonAnchor } from '../../../components/ui/Button';
import { PROMPTPAY } from '../../../../../backend/src/ordering/contract/checkout-rules';

/** Checkout spec §9: the QR code is 256 px with a margin of 2. */
const QR_OPTIONS = { width: 256, margin: 2 } as const;

/** A wallet URI (BIP21, EIP-681), a bare address or a PromptPay payload as a QR code; a placeholder while it is drawn. */
export function PaymentQr({ uri, alt }: { uri: string; alt: string }) {
  const [qrCode, setQrCode] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setQrCode(null);
    QRCode.toDataURL(uri, QR_OPTIONS).then(
      (url) => active && setQrCode(url),
      () => active && setQrCode(null),
    );
    return () => {
      active = false;
    };
  }, [uri]);
  // The encoded text rides along in data-payload, for support staff reading the page and for the browser tests.
  return qrCode ? <img src={qrCode} width={256} height={256} alt={alt} data-payload={uri} data-testid="payment-qr" /> : <span className="skeleton qr-skeleton" aria-label="Preparing QR code" role="img" />;
}

/** In place of the QR code once nothing (more) is to be paid: the confirmations so far, or what happened. */
export function PaymentStateCard({ payment, progress }: { payment: Payment; progress: PaymentProgress }) {
  if (progress === 'detected') {
    const { seen, required } = confirmationCount(payment);
    return (
      <div className="payment-state">
        <SearchCheck size={48} className="payment-state-icon" aria-hidden />
        <p className="payment-state-title">Payment detected</p>
        <p className="payment-confirmations">
          <strong>{seen}</strong> of {required} confirmations
        </p>
        <progress className="payment-confirmations-bar" max={required} value={seen} aria-label={`${seen} of ${required} confirmations`} />
      </div>
    );
  }
  if (progress === 'confirmed') {
    return (
      <div className="payment-state">
        <CircleCheck size={48} className="payment-state-icon success" aria-hidden />
        <p className="payment-state-title">Payment Confirmed</p>
      </div>
    );
  }
  if (progress === 'late') {
    return (
      <div className="payment-state">
        <Hourglass size={48} className="payment-state-icon" aria-hidden />
        <p className="payment-state-title">Under review</p>
        <p className="muted small">Received after the quote expired</p>
      </div>
    );
  }
  return (
    <div className="payment-state">
      <TimerOff size={48} className="payment-state-icon" aria-hidden />
      <p className="payment-state-title">Quote expired</p>
      <p className="muted small">Held until {formatDateTime(payment.expiresAt)}</p>
    </div>
  );
}

interface StatusMessageProps {
  payment: Payment;
  progress: PaymentProgress;
  pollingStopped: boolean;
  checking: boolean;
  supportLink: string;
  requoting: boolean;
  onCheck(): void;
  onRequote(): void;
}

/** The payment's state in words, announced as it changes; with what the shopper can do about it. */
export function PaymentStatusMessage(props: StatusMessageProps) {
  return (
    <div className="payment-status" role="status" aria-live="polite" data-testid="payment-status">
      <StatusText {...props} />
    </div>
  );
}

function StatusText({ payment, progress, pollingStopped, checking, supportLink, requoting, onCheck, onRequote }: StatusMessageProps) {
  const support = (
    <ButtonAnchor variant="outline" size="sm" href={supportLink} target="_blank" rel="noopener noreferrer">
      <MessageCircle size={16} aria-hidden /> Contact support on WhatsApp
    </ButtonAnchor>
  );
  if (progress === 'confirmed') {
    return (
      <div className="notice notice-success stack">
        <p>Payment Confirmed. Finishing your order…</p>
        {overpaid(payment) && <p className="small">You sent more than the amount due: the store will contact you about the excess.</p>}
      </div>
    );
  }
  if (progress === 'expired') {
    return (
      <div className="notice stack">
        <p>
          <strong>Quote expired.</strong> The rate was held until {formatDateTime(payment.expiresAt)}. Get a new quote to pay at the current rate; do not send this amount any more.
        </p>
        <div className="row gap wrap">
          <Button variant="primary" size="sm" disabled={requoting} onClick={onRequote}>
            <RefreshCw size={16} aria-hidden /> {requoting ? 'Getting quote…' : 'Get a new quote'}
          </Button>
          {support}
        </div>
        <p className="small muted">Sent it already? Contact support with your order number.</p>
      </div>
    );
  }
  if (progress === 'late') {
    return (
      <div className="notice stack">
        <p>
          <strong>Payment received after the quote expired.</strong> The store will review it and confirm your order or contact you. You do not need to pay again.
        </p>
        {support}
      </div>
    );
  }
  const { seen, required } = confirmationCount(payment);
  const coin = payment.coin;
  // PromptPay: a bank transfer that only staff can see arrive.
  const bankTransfer = payment.paymentMethod === PROMPTPAY;
  const detected = progress === 'detected' && (
    <p className="row gap">
      <span className="spinner" aria-hidden /> Payment detected — confirmations {seen} of {required}
    </p>
  );
  const due = payment.remainderUri !== null && (
    <p className={progress === 'underpaid' ? 'notice' : 'small'}>
      {progress === 'underpaid' && <strong>Part of your payment has arrived. </strong>}
      {payment.amountDue} {coin} is still due: send it to the same address, at the same locked rate.
    </p>
  );
  if (pollingStopped) {
    return (
      <div className="stack">
        {detected}
        {due}
        <div className="notice stack">
          <p>
            We stopped checking automatically after 10 minutes.{' '}
            {bankTransfer ? 'Our staff confirm a PromptPay transfer once it arrives: check again later, or contact support.' : 'Blockchain confirmations can take 10–30 minutes: keep this page open and check again, or contact support.'}
          </p>
          <div className="row gap wrap">
            <Button variant="outline" size="sm" onClick={onCheck} disabled={checking}>
              <RefreshCw size={16} aria-hidden /> Check status now
            </Button>
            {support}
          </div>
        </div>
      </div>
    );
  }
  if (progress === 'awaiting') {
    return (
      <p className="row gap">
        <span className="spinner" aria-hidden /> Waiting for your payment. We check every 10 seconds;{' '}
        {bankTransfer ? 'our staff confirm the transfer once it reaches the shop.' : 'confirmation can take 10–30 minutes.'}
      </p>
    );
  }
  return (
    <div className="stack">
      {detected}
      {due}
      {progress === 'detected' && payment.remainderUri === null && (
        <p className="small muted">Your transfer is on the chain. The order is paid automatically once it has {required} confirmations; you may keep this page open to see it.</p>
      )}
    </div>
  );
}
