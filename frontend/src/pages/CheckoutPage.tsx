import { ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PlacedOrder } from '../api/types';
import { PageLoading } from '../components/PageLoading';
import { useAuth } from '../hooks/useAuth';
import { useCheckoutStarted } from '../lib/analytics';
import { usePageTitle } from '../hooks/usePageTitle';
import { useCart } from '../state/cart';
import { isCryptoPaymentMethod } from '../../../backend/src/ordering/contract/checkout-rules';
import { CashOnDeliveryConfirmation } from './checkout/CashOnDeliveryConfirmation';
import { CheckoutForm } from './checkout/CheckoutForm';
import { CheckoutModeChoice } from './checkout/CheckoutModeChoice';
import { CheckoutSteps } from './checkout/CheckoutSteps';
import { CryptoPaymentFlow } from './checkout/CryptoPaymentFlow';
import { ResumeOrderPayment } from './checkout/ResumeOrderPayment';
import './checkout/checkout.css';

/** Checkout spec §2: /checkout places a new order; /checkout?orderId=N pays an existing one. */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  return (
    <div className="section checkout-page">
      <div className="container">{Number.isSafeInteger(orderId) && orderId > 0 ? <ResumeOrderPayment orderId={orderId} /> : <NewCheckout />}</div>
    </div>
  );
}

function NewCheckout() {
  const { user, isLoading } = useAuth();
  const cart = useCart();
  const [guest, setGuest] = useState(false);
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  useCheckoutStarted(cart.lines.length > 0);

  // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [order, guest]);

  if (order) {
    return isCryptoPaymentMethod(order.paymentMethod) ? <CryptoPaymentFlow order={order} method={order.paymentMethod} /> : <CashOnDeliveryConfirmation order={order} />;
  }
  if (cart.lines.length === 0) {
    return (
      <>
        <h1>Checkout</h1>
        <div className="empty-state card">
          <ShoppingBag size={48} className="muted" aria-hidden />
          <h2>Your cart is empty</h2>
          <p className="muted">Add a product to your cart to check out.</p>
          <Link to="/products" className="button button-primary">
            Continue Shopping
          </Link>
        </div>
      </>
    );
  }
  if (isLoading) return <PageLoading />;
  if (!user && !guest) return <CheckoutModeChoice onGuest={() => setGuest(true)} />;
  return (
    <div className="stack">
      <CheckoutSteps current="info" />
      <div className="row between wrap gap">
        <h1>Checkout</h1>
        <p className="muted small">
          {user ? (
            <>Signed in as {user.email}</>
          ) : (
            <>
              Checking out as a guest · <a href="/api/login?returnTo=%2Fcheckout">Login to Your Account</a>
            </>
          )}
        </p>
      </div>
      <CheckoutForm email={user?.email ?? null} onOrderPlaced={setOrder} />
    </div>
  );
}
