import { CheckCircle2, MessageCircle, Package } from 'lucide-react';
import type { Order } from '../../../api/types';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { AfterOrderActions } from './AfterOrderActions';
import { orderContactLink, SHIPPING_METHODS } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { ButtonAnchor, ButtonLink } from '../../../components/ui/Button';

/** Step payment for cash on delivery: nothing to pay now, only what to have ready, where to follow the order and how to reach us. */
export function CashOnDeliveryConfirmation({ order }: { order: Order }) {
  const { address, city, state, postalCode } = order.shippingAddress;
  return (
    <section className="card checkout-result stack" aria-labelledby="cod-heading">
      <CheckCircle2 size={56} className="result-icon success" aria-hidden />
      <h1 id="cod-heading">Order Confirmed</h1>
      <p className="lead">
        Your order number is <strong data-testid="order-number">#{order.id}</strong>. You pay in cash when it arrives.
      </p>
      <dl className="result-facts">
        <div>
          <dt>Amount to pay in cash</dt>
          <dd className="result-amount">{formatAud(toCents(order.totalAmount))}</dd>
        </div>
        <div>
          <dt>Delivery time</dt>
          <dd>{SHIPPING_METHODS.cash_on_delivery.delivery}</dd>
        </div>
        <div>
          <dt>Delivery address</dt>
          <dd>
            {address}, {city} {state} {postalCode}
          </dd>
        </div>
        <div>
          <dt>Delivery instructions</dt>
          <dd>{order.deliveryInstructions || 'None given'}</dd>
        </div>
      </dl>
      <p className="muted">Please have the exact amount ready. Our courier will call {order.shippingAddress.phone} before arriving.</p>
      <AfterOrderActions>
        <ButtonLink variant="primary" to={`/orders/${order.id}`}>
          <Package size={18} aria-hidden /> View Order #{order.id}
        </ButtonLink>
        <ButtonAnchor variant="outline" href={orderContactLink(order)} target="_blank" rel="noopener noreferrer">
          <MessageCircle size={18} aria-hidden /> Contact us on WhatsApp
        </ButtonAnchor>
      </AfterOrderActions>
    </section>
  );
}
