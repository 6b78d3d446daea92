import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { PageLoading } from '../../../components/ui/PageLoading';
import { useAuth } from '../../identity';
import { useOrder } from '../api/useCheckout';
import { CASH_ON_DELIVERY, CryptoPaymentMethod, isCryptoPaymentMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CashOnDeliveryConfirmation } from './CashOnDeliveryConfirmation';
import { CryptoPaymentFlow } from './CryptoPaymentFlow';
import { ButtonLink } from '../../../components/ui/Button';

/**
 * Step payment of an order that exists, read from the server: right after it is placed, after a reload,
 * or from the dashboard's "Pay now". `method` is a coin the shopper switched to on this page.
 */
export function ResumeOrderPayment({ orderId, method }: { orderId: number; method: CryptoPaymentMethod | null }) {
  const order = useOrder(orderId);
  const [, setParams] = useSearchParams();
  if (order.isLoading) return <PageLoading label="Loading your order…" />;
  if (!order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return <Unpayable title={missing ? 'Order not found' : 'We could not load this order'} text={missing ? `There is no order #${orderId} in your account.` : 'Please try again in a moment.'} />;
  }
  const { data } = order;
  if (data.status === 'cancelled') return <Unpayable orderId={data.id} title={`Order #${data.id} was cancelled`} text="A cancelled order cannot be paid." />;
  if (data.paymentMethod === CASH_ON_DELIVERY) return <CashOnDeliveryConfirmation order={data} />;
  if (!isCryptoPaymentMethod(data.paymentMethod)) return <Unpayable orderId={data.id} title={`Order #${data.id} is not paid online`} text="There is nothing to pay online for this order." />;
  if (data.paymentStatus === 'confirmed') return <Unpayable orderId={data.id} title={`Order #${data.id} is already paid`} text="Thank you: its payment has been confirmed." />;
  const ordersOwn = data.paymentMethod;
  return (
    <CryptoPaymentFlow
      order={data}
      method={method ?? ordersOwn}
      // The coin being paid goes into the address, so a reload asks for that coin's open quote again, not the order's first coin.
      onQuoted={(coin) => setParams(coin === ordersOwn ? { orderId: String(data.id) } : { orderId: String(data.id), method: coin }, { replace: true })}
    />
  );
}

function Unpayable({ orderId, title, text }: { orderId?: number; title: string; text: string }) {
  const { isAuthenticated } = useAuth();
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      <div className="row gap wrap center">
        {orderId !== undefined && (
          <ButtonLink to={`/orders/${orderId}`} variant="primary">
            View Order #{orderId}
          </ButtonLink>
        )}
        {isAuthenticated ? (
          <ButtonLink to="/dashboard" variant={orderId === undefined ? 'primary' : 'outline'}>
            Back to My Orders
          </ButtonLink>
        ) : (
          <ButtonLink to="/products" variant={orderId === undefined ? 'primary' : 'outline'}>
            Continue Shopping
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
