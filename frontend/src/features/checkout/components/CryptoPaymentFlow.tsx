import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/client';
import type { Order, Payment } from '../../../api/types';
import { useInitiatePayment, useOfferedPaymentMethods } from '../api/useCheckout';
import { CUSTOMER_ORDERS_KEY } from '../../ordering';
import { PageLoading } from '../../../components/ui/PageLoading';
import { formatAud, formatQuoted } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { useToast } from '../../../state/toast';
import { CRYPTO_PAYMENT_METHODS, CryptoPaymentMethod, PROMPTPAY } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CheckoutSteps } from './CheckoutSteps';
import { CryptoPaymentPanel } from './CryptoPaymentPanel';
import { PaymentSuccess } from './PaymentSuccess';
import { Button } from '../../../components/ui/Button';

type Stage = { kind: 'starting' } | { kind: 'choose'; problem: string } | { kind: 'paying'; payment: Payment } | { kind: 'paid'; payment: Payment };

/**
 * Step payment for a crypto order: quote, pay, wait for confirmation. When the payment cannot start or
 * fails, the shopper is back at choosing how to pay, for the same order (it exists, and the cart is spent).
 */
export function CryptoPaymentFlow({ order, method, onQuoted }: { order: Order; method: CryptoPaymentMethod; onQuoted(method: CryptoPaymentMethod): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const initiate = useInitiatePayment();
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });

  const start = (paymentMethod: CryptoPaymentMethod) => {
    initiate.mutate(
      { order, paymentMethod },
      {
        onSuccess: (payment) => {
          const description = `${payment.paymentMethod === PROMPTPAY ? 'Transfer' : 'Send'} ${formatQuoted(payment.cryptoAmount, payment.coin)} to the ${payment.paymentMethod === PROMPTPAY ? 'PromptPay id' : 'address'} shown.`;
          toast({ title: 'Payment Initiated', description, variant: 'success' });
          setStage({ kind: 'paying', payment });
          onQuoted(paymentMethod);
        },
        onError: (error) => {
          const reason = messageOf(error, 'Please try again.');
          toast({ title: 'Payment Failed', description: `Failed to initiate payment: ${reason}`, variant: 'destructive' });
          setStage({ kind: 'choose', problem: `Failed to initiate payment: ${reason}` });
        },
      },
    );
  };

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start(method);
  });

  if (stage.kind === 'starting') return <PageLoading label="Preparing your payment…" />;
  if (stage.kind === 'paid') return <PaymentSuccess order={order} payment={stage.payment} />;
  if (stage.kind === 'choose') {
    return <ChoosePayment order={order} problem={stage.problem} initialMethod={method} pending={initiate.isPending} onPay={start} />;
  }
  return (
    <div className="stack">
      <CheckoutSteps current="payment" />
      <h1>Complete your payment</h1>
      <CryptoPaymentPanel
        key={stage.payment.id}
        order={order}
        payment={stage.payment}
        switching={initiate.isPending}
        onRequote={start}
        onFailed={() => setStage({ kind: 'choose', problem: 'Your payment failed. Please try again.' })}
        onConfirmed={(payment) => {
          queryClient.invalidateQueries({ queryKey: CUSTOMER_ORDERS_KEY });
          setStage({ kind: 'paid', payment });
        }}
      />
    </div>
  );
}

function ChoosePayment({ order, problem, initialMethod, pending, onPay }: { order: Order; problem: string; initialMethod: CryptoPaymentMethod; pending: boolean; onPay(method: CryptoPaymentMethod): void }) {
  const [method, setMethod] = useState(initialMethod);
  const offeredMethods = useOfferedPaymentMethods();
  return (
    <div className="stack choose-payment">
      <CheckoutSteps current="info" />
      <h1>Pay for order #{order.id}</h1>
      <p className="notice notice-danger row gap" role="alert">
        <AlertTriangle size={18} aria-hidden /> {problem}
      </p>
      <section className="card stack" aria-labelledby="retry-payment-heading">
        <h2 id="retry-payment-heading">Payment method</h2>
        <p className="muted">
          Your order is saved and waits for payment. Order total: <strong>{formatAud(toCents(order.totalAmount))}</strong>
        </p>
        <div role="radiogroup" aria-labelledby="retry-payment-heading" className="option-list">
          {offeredMethods.map((id) => (
            <label key={id} className="option-card">
              <input type="radio" name="retryPaymentMethod" value={id} checked={method === id} onChange={() => setMethod(id)} />
              <span className="option-body">
                <span className="option-title">{CRYPTO_PAYMENT_METHODS[id].label}</span>
              </span>
            </label>
          ))}
        </div>
        <Button variant="primary" size="lg" disabled={pending} onClick={() => onPay(method)}>
          {pending ? 'Preparing payment…' : 'Pay Now'}
        </Button>
      </section>
    </div>
  );
}
