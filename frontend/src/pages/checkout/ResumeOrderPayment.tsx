import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { PageLoading } from '../../components/PageLoading';
import { useAuth } from '../../hooks/useAuth';
import { useOrder } from '../../hooks/useCheckout';
import { isCryptoPaymentMethod } from '../../../../backend/src/ordering/contract/checkout-rules';
import { CryptoPaymentFlow } from './CryptoPaymentFlow';

/** "Pay now" from the dashboard: the payment panel again for an order that still waits for its crypto payment. */
export function ResumeOrderPayment({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (order.isLoading) return <PageLoading label="Loading your order…" />;
  if (!order.data) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return <Unpayable title={missing ? 'Order not found' : 'We could not load this order'} text={missing ? `There is no order #${orderId} in your account.` : 'Please try again in a moment.'} />;
  }
  const { data } = order;
  if (!isCryptoPaymentMethod(data.paymentMethod)) return <Unpayable title={`Order #${data.id} is paid on delivery`} text="There is nothing to pay online for this order." />;
  if (data.status === 'cancelled') return <Unpayable title={`Order #${data.id} was cancelled`} text="A cancelled order cannot be paid." />;
  if (data.paymentStatus === 'confirmed') return <Unpayable title={`Order #${data.id} is already paid`} text="Thank you: its payment has been confirmed." />;
  return <CryptoPaymentFlow order={data} method={data.paymentMethod} />;
}

function Unpayable({ title, text }: { title: string; text: string }) {
  const { isAuthenticated } = useAuth();
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      {isAuthenticated ? (
        <Link to="/dashboard" className="button button-primary">
          Back to My Orders
        </Link>
      ) : (
        <Link to="/products" className="button button-primary">
          Continue Shopping
        </Link>
      )}
    </section>
  );
}
