import { CheckCircle2, Package } from 'lucide-react';
import type { Order, Payment } from '../../../api/types';
import { useAuth } from '../../identity';
import { formatAud, formatQuoted } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { AfterOrderActions } from './AfterOrderActions';
import { overpaid } from './payment-progress';
import { ButtonLink } from '../../../components/ui/Button';

export function PaymentSuccess({ order, payment }: { order: Order; payment: Payment }) {
  const { isAuthenticated } = useAuth();
  return (
    <section className="card checkout-result stack" aria-labelledby="payment-success-heading">
      <CheckCircle2 size={56} className="result-icon success" aria-hidden />
      <h1 id="payment-success-heading">Payment Successful</h1>
      <p className="lead">
        Thank you. We received {overpaid(payment) && 'more than '}
        {formatQuoted(payment.cryptoAmount, payment.coin)} for order <strong>#{order.id}</strong> ({formatAud(toCents(order.totalAmount))}).
      </p>
      {overpaid(payment) && (
        <p className="notice" role="note">
          You sent more than the amount due. The store will contact you at {order.customerEmail} about the excess.
        </p>
      )}
      <h2>What happens next</h2>
      <ol className="next-steps">
        <li>We prepare and discreetly pack your order, usually within one business day.</li>
        <li>When it ships we e-mail {order.customerEmail} the carrier and tracking number.</li>
        <li>{isAuthenticated ? 'You can follow the order any time under My Orders.' : `Keep your order number #${order.id} for any question about it.`}</li>
      </ol>
      <AfterOrderActions>
        <ButtonLink variant="primary" to={`/orders/${order.id}`}>
          <Package size={18} aria-hidden /> View Order #{order.id}
        </ButtonLink>
      </AfterOrderActions>
    </section>
  );
}
