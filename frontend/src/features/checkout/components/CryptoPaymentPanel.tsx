import { Clock, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Order, Payment } from '../../../api/types';
import { PAYMENT_POLL_LIMIT_MS, useOfferedPaymentMethods, usePaymentStatus } from '../api/useCheckout';
import { formatAud, formatBaht, formatQuoted } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { useToast } from '../../../state/toast';
import { CRYPTO_PAYMENT_METHODS, CryptoPaymentMethod, isCryptoPaymentMethod, PROMPTPAY, whatsappLink } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { formatDateTime } from '../../../lib/dates';
import { PaymentQr, PaymentStateCard, PaymentStatusMessage } from './PaymentProgress';
import { CopyButton } from '../../../components/ui/CopyButton';
import { paymentProgress, progressKey } from './payment-progress';
import { Button, ButtonAnchor } from '../../../components/ui/Button';

/** Spec §4: a confirmed payment shows its success screen after 2 seconds. */
export const SUCCESS_DELAY_MS = 2000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface CryptoPaymentPanelProps {
  order: Order;
  payment: Payment;
  switching: boolean;
  onConfirmed(payment: Payment): void;
  onFailed(): void;
  onRequote(method: CryptoPaymentMethod): void;
}

/**
 * Where and how much to pay, as a QR code and as text to copy, while the payment's status is polled
 * every 10 seconds (checkout spec §9); a watched payment then shows what the chain says: detected with
 * its confirmations, the rest still due, late. PromptPay shows the baht amount, the shop's PromptPay id
 * and its Thai QR, and says that staff confirm the transfer (no chain to watch, no wallet link).
 * Mount it with `key={payment.id}`.
 */
export function CryptoPaymentPanel({ order, payment, switching, onConfirmed, onFailed, onRequote }: CryptoPaymentPanelProps) {
  const toast = useToast();
  const [pollingStopped, setPollingStopped] = useState(false);
  const status = usePaymentStatus(payment, !pollingStopped);
  const current = status.data;
  const now = useNow(1000);
  const progress = paymentProgress(current, now);
  const method = isCryptoPaymentMethod(payment.paymentMethod) ? payment.paymentMethod : 'bitcoin';
  const [nextMethod, setNextMethod] = useState<CryptoPaymentMethod>(method);
  const offeredMethods = useOfferedPaymentMethods();
  const bankTransfer = method === PROMPTPAY;
  const remainingMs = new Date(payment.expiresAt).getTime() - now;
  const supportLink = whatsappLink(`Hello! I am paying order #${order.id} (${formatQuoted(payment.cryptoAmount, payment.coin)}, payment ${payment.id}). Could you check it for me?`);

  // At most 10 minutes of polling without news (spec §9); each step of a payment on its way starts the window again.
  const step = progressKey(current);
  useEffect(() => {
    if (current.status !== 'pending') return;
    setPollingStopped(false);
    const timer = window.setTimeout(() => setPollingStopped(true), PAYMENT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  // The parent's callbacks change identity on every render; the settled payment must reach the latest ones exactly once.
  const outcome = useRef({ onConfirmed, onFailed });
  useEffect(() => {
    outcome.current = { onConfirmed, onFailed };
  });

  // Only a change of status settles the payment; a refetch answering the same status must not toast again.
  useEffect(() => {
    if (current.status === 'pending') return;
    setPollingStopped(true);
    if (current.status === 'failed') {
      toast({ title: 'Payment Failed', description: 'Your payment failed. Please try again.', variant: 'destructive' });
      outcome.current.onFailed();
      return;
    }
    toast({ title: 'Payment Confirmed', description: `We have received your payment for order #${order.id}.`, variant: 'success' });
    const timer = window.setTimeout(() => outcome.current.onConfirmed(current), SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current.status]);

  const { label, coin } = CRYPTO_PAYMENT_METHODS[method];
  const amountText = (amount: string) => (bankTransfer ? formatBaht(amount) : amount);
  const unit = bankTransfer ? '' : ` ${coin}`;
  const payee = bankTransfer ? 'PromptPay id' : `${coin} address`;
  // A TRC-20 QR code holds the bare address (TronLink refuses `tron:` URIs): the amount is typed by hand.
  const addressOnly = current.paymentUri === current.walletAddress;
  const remainder = current.remainderUri;
  const payable = progress === 'awaiting' || remainder !== null;
  return (
    <div className="payment-panel">
      <div className="card payment-qr">
        {progress === 'awaiting' ? (
          <>
            <PaymentQr uri={current.paymentUri} alt={`QR code to pay ${amountText(current.cryptoAmount)}${unit} to ${current.walletAddress}`} />
            <p className="muted small">
              {bankTransfer ? 'Scan with your Thai banking app (PromptPay)' : addressOnly ? `Scan the address with your ${coin} wallet app, then enter the amount` : `Scan with your ${coin} wallet app`}
            </p>
          </>
        ) : remainder !== null ? (
          <>
            <PaymentQr uri={remainder} alt={`QR code to pay the remaining ${current.amountDue} ${coin} to ${current.walletAddress}`} />
            <p className="muted small">{addressOnly ? `Scan the address, then enter the ${current.amountDue} ${coin} still due` : `Scan to pay the ${current.amountDue} ${coin} still due`}</p>
          </>
        ) : (
          <PaymentStateCard payment={current} progress={progress} />
        )}
      </div>

      <div className="card stack payment-details">
        <div>
          <p className="muted small">Order</p>
          <p className="payment-order-number">#{order.id}</p>
        </div>
        {remainder !== null ? (
          <div>
            <p className="muted small">Still to pay</p>
            <div className="row between gap wrap">
              <p className="payment-amount">
                <span data-testid="amount-due">{current.amountDue}</span> {coin}
              </p>
              <CopyButton value={current.amountDue} label="Amount due" />
            </div>
            <p className="muted small">
              of <span data-testid="crypto-amount">{current.cryptoAmount}</span> {coin} quoted · order total <span data-testid="payment-total-aud">{formatAud(toCents(payment.amount))}</span>
            </p>
          </div>
        ) : (
          <div>
            <p className="muted small">{payable ? 'Send exactly' : progress === 'expired' ? 'Quoted amount' : 'Amount'}</p>
            <div className="row between gap wrap">
              <p className="payment-amount">
                <span data-testid="crypto-amount">{amountText(current.cryptoAmount)}</span>
                {unit}
              </p>
              {payable && <CopyButton value={current.cryptoAmount} label="Amount" />}
            </div>
            <p className="muted small">
              {label} · order total <span data-testid="payment-total-aud">{formatAud(toCents(payment.amount))}</span>
            </p>
          </div>
        )}
        <div>
          <p className="muted small" id="wallet-address-label">
            {payable ? `To this ${payee}` : progress === 'expired' ? `Quoted ${payee}` : `Paid to this ${payee}`}
          </p>
          <div className="row between gap wrap">
            <code className="wallet-address" aria-labelledby="wallet-address-label" data-testid="wallet-address">
              {current.walletAddress}
            </code>
            {progress !== 'expired' && <CopyButton value={current.walletAddress} label={bankTransfer ? 'PromptPay id' : 'Wallet address'} />}
          </div>
          {payable && !addressOnly && !bankTransfer && (
            <ButtonAnchor variant="outline" size="sm" className="payment-wallet-link" href={remainder ?? current.paymentUri} data-testid="wallet-uri">
              <Wallet size={16} aria-hidden /> Open in your wallet app
            </ButtonAnchor>
          )}
        </div>

        {bankTransfer && progress === 'awaiting' && (
          <p className="notice small" data-testid="staff-confirmation">
            <strong>Confirmed by our staff.</strong> A bank transfer cannot be watched automatically: our staff confirm your payment once the transfer arrives in the shop's
            account, and this page then moves on by itself.
          </p>
        )}
        {progress === 'awaiting' && (
          <p className="row gap small" role="timer" aria-live="off">
            <Clock size={16} aria-hidden />
            Quote valid for {formatRemaining(remainingMs)}
          </p>
        )}
        {order.paymentDueBy && (progress === 'awaiting' || progress === 'expired' || progress === 'underpaid') && (
          <p className="muted small" data-testid="payment-due-by">
            Pay by <time dateTime={order.paymentDueBy}>{formatDateTime(order.paymentDueBy)}</time>. An order still unpaid then is cancelled and its items released.
          </p>
        )}

        <PaymentStatusMessage
          payment={current}
          progress={progress}
          pollingStopped={pollingStopped}
          checking={status.isFetching}
          supportLink={supportLink}
          onCheck={() => status.refetch()}
          onRequote={() => onRequote(method)}
          requoting={switching}
        />

        {progress === 'awaiting' && (
          <details className="change-coin">
            <summary>Pay with a different method</summary>
            <div className="row gap wrap">
              <label htmlFor="change-coin" className="sr-only">
                Payment method
              </label>
              <select id="change-coin" className="select" value={nextMethod} onChange={(event) => setNextMethod(event.target.value as CryptoPaymentMethod)}>
                {offeredMethods.map((id) => (
                  <option key={id} value={id}>
                    {CRYPTO_PAYMENT_METHODS[id].label}
                  </option>
                ))}
              </select>
              <Button variant="outline" disabled={switching || nextMethod === method} onClick={() => onRequote(nextMethod)}>
                {switching ? 'Getting quote…' : 'Switch method'}
              </Button>
            </div>
          </details>
        )}
      </div>
    </div>
  );
}
