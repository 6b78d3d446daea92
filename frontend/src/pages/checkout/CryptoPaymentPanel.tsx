import { Clock, Copy, MessageCircle, RefreshCw } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import type { Order, Payment } from '../../api/types';
import { PAYMENT_POLL_LIMIT_MS, usePaymentStatus } from '../../hooks/useCheckout';
import { formatAud } from '../../lib/currencies';
import { toCents } from '../../lib/money';
import { useToast } from '../../state/toast';
import {
  CRYPTO_PAYMENT_METHOD_IDS,
  CRYPTO_PAYMENT_METHODS,
  CryptoPaymentMethod,
  isCryptoPaymentMethod,
  whatsappLink,
} from '../../../../backend/src/ordering/contract/checkout-rules';
import { formatDateTime } from '../../lib/dates';

/** Spec §4: a confirmed payment shows its success screen after 2 seconds. */
export const SUCCESS_DELAY_MS = 2000;
const QR_OPTIONS = { width: 256, margin: 2 } as const;

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

function CopyButton({ value, label }: { value: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied to Clipboard', description: `${label} copied.`, variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: `Select the ${label.toLowerCase()} and copy it yourself.`, variant: 'destructive' });
    }
  };
  return (
    <button type="button" className="button button-outline button-sm" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
      <Copy size={16} aria-hidden /> Copy
    </button>
  );
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
 * Where and how much to pay, as a QR code and as text to copy, while the payment's status is
 * polled every 10 seconds for at most 10 minutes (checkout spec §9). Mount it with `key={payment.id}`.
 */
export function CryptoPaymentPanel({ order, payment, switching, onConfirmed, onFailed, onRequote }: CryptoPaymentPanelProps) {
  const toast = useToast();
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [pollingStopped, setPollingStopped] = useState(false);
  const status = usePaymentStatus(payment, !pollingStopped);
  const current = status.data;
  const now = useNow(1000);
  const method = isCryptoPaymentMethod(payment.paymentMethod) ? payment.paymentMethod : 'bitcoin';
  const [nextMethod, setNextMethod] = useState<CryptoPaymentMethod>(method);
  const remainingMs = new Date(payment.expiresAt).getTime() - now;
  const expired = remainingMs <= 0;
  const supportLink = whatsappLink(`Hello! I am paying order #${order.id} (${payment.cryptoAmount} ${payment.coin}, payment ${payment.id}). Could you check it for me?`);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(payment.paymentUri, QR_OPTIONS).then(
      (url) => active && setQrCode(url),
      () => active && setQrCode(null),
    );
    return () => {
      active = false;
    };
  }, [payment.paymentUri]);

  useEffect(() => {
    const timer = window.setTimeout(() => setPollingStopped(true), PAYMENT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

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
  return (
    <div className="payment-panel">
      <div className="card payment-qr">
        {qrCode ? (
          <img src={qrCode} width={256} height={256} alt={`QR code to pay ${payment.cryptoAmount} ${coin} to ${payment.walletAddress}`} />
        ) : (
          <span className="skeleton qr-skeleton" aria-label="Preparing QR code" role="img" />
        )}
        <p className="muted small">Scan with your {coin} wallet app</p>
      </div>

      <div className="card stack payment-details">
        <div>
          <p className="muted small">Order</p>
          <p className="payment-order-number">#{order.id}</p>
        </div>
        <div>
          <p className="muted small">Send exactly</p>
          <div className="row between gap wrap">
            <p className="payment-amount">
              <span data-testid="crypto-amount">{payment.cryptoAmount}</span> {coin}
            </p>
            <CopyButton value={payment.cryptoAmount} label="Amount" />
          </div>
          <p className="muted small">
            {label} · order total <span data-testid="payment-total-aud">{formatAud(toCents(payment.amount))}</span>
          </p>
        </div>
        <div>
          <p className="muted small" id="wallet-address-label">
            To this {coin} address
          </p>
          <div className="row between gap wrap">
            <code className="wallet-address" aria-labelledby="wallet-address-label">
              {payment.walletAddress}
            </code>
            <CopyButton value={payment.walletAddress} label="Wallet address" />
          </div>
        </div>

        <p className="row gap small" role="timer" aria-live="off">
          <Clock size={16} aria-hidden />
          {expired ? 'This quote has expired.' : <>Quote valid for {formatRemaining(remainingMs)}</>}
        </p>
        {order.paymentDueBy && (
          <p className="muted small" data-testid="payment-due-by">
            Pay by <time dateTime={order.paymentDueBy}>{formatDateTime(order.paymentDueBy)}</time>. An order still unpaid then is cancelled and its items released.
          </p>
        )}
        {expired && (
          <button type="button" className="button button-primary" disabled={switching} onClick={() => onRequote(method)}>
            <RefreshCw size={16} aria-hidden /> Get a new quote
          </button>
        )}

        <div className="payment-status" role="status" aria-live="polite">
          {current.status === 'confirmed' ? (
            <p className="notice notice-success">Payment Confirmed. Finishing your order…</p>
          ) : pollingStopped ? (
            <div className="notice stack">
              <p>
                We stopped checking automatically after 10 minutes. Blockchain confirmations can take 10–30 minutes: keep this page open and check again, or contact
                support.
              </p>
              <div className="row gap wrap">
                <button type="button" className="button button-outline button-sm" onClick={() => status.refetch()} disabled={status.isFetching}>
                  <RefreshCw size={16} aria-hidden /> Check status now
                </button>
                <a className="button button-outline button-sm" href={supportLink} target="_blank" rel="noopener noreferrer">
                  <MessageCircle size={16} aria-hidden /> Contact support on WhatsApp
                </a>
              </div>
            </div>
          ) : (
            <p className="row gap">
              <span className="spinner" aria-hidden /> Waiting for your payment. We check every 10 seconds; confirmation can take 10–30 minutes.
            </p>
          )}
        </div>

        {current.status === 'pending' && (
          <details className="change-coin">
            <summary>Pay with a different coin</summary>
            <div className="row gap wrap">
              <label htmlFor="change-coin" className="sr-only">
                Coin
              </label>
              <select id="change-coin" className="select" value={nextMethod} onChange={(event) => setNextMethod(event.target.value as CryptoPaymentMethod)}>
                {CRYPTO_PAYMENT_METHOD_IDS.map((id) => (
                  <option key={id} value={id}>
                    {CRYPTO_PAYMENT_METHODS[id].label}
                  </option>
                ))}
              </select>
              <button type="button" className="button button-outline" disabled={switching || nextMethod === method} onClick={() => onRequote(nextMethod)}>
                {switching ? 'Getting quote…' : 'Switch coin'}
              </button>
            </div>
          </details>
        )}
      </div>
    </div>
  );
}
