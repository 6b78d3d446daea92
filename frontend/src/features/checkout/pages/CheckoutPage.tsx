import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PlacedOrder } from '../../../api/types';
import { PageLoading } from '../../../components/ui/PageLoading';
import { orderQueries } from '../../ordering';
import { useAuth } from '../../identity';
import { useCheckoutStarted } from '../../../lib/analytics';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useCart } from '../../cart';
import { isCryptoPaymentMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CheckoutForm } from '../components/CheckoutForm';
import { CheckoutModeChoice } from '../components/CheckoutModeChoice';
import { CheckoutSteps } from '../components/CheckoutSteps';
import { ResumeOrderPayment } from '../components/ResumeOrderPayment';
import { ButtonLink } from '../../../components/ui/Button';
import '../components/checkout.css';
import { EmptyState } from '../../../components/ui/EmptyState';

/**
 * Checkout spec §2: /checkout places a new order; /checkout?orderId=N is step payment of an existing one
 * (the crypto panel or the cash-on-delivery confirmation), read from the server, so a reload shows it again.
 * `method` names the coin the shopper switched to, when it is not the order's own.
 */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId'));
  const method = params.get('method');
  const placed = Number.isSafeInteger(orderId) && orderId > 0;

  // Braces matter: Chromium's scrollTo returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [orderId]);

  return (
    <div className="section checkout-page">
      <div className="container">
        {placed ? <ResumeOrderPayment orderId={orderId} method={method !== null && isCryptoPaymentMethod(method) ? method : null} /> : <NewCheckout />}
      </div>
    </div>
  );
}

function NewCheckout() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const cart = useCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [guest, setGuest] = useState(false);
  const [placing, setPlacing] = useState(false);
  useCheckoutStarted(cart.lines.length > 0);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [guest]);

  /** Step payment lives at the order's own address: the answer is shown at once, and a reload reads it again. */
  const showPaymentStep = (order: PlacedOrder) => {
    queryClient.setQueryData(orderQueries.detail(order.id, isAuthenticated).queryKey, order);
    setPlacing(true);
    navigate(`/checkout?orderId=${order.id}`, { replace: true });
  };

  // The cart is spent once the order is placed: the moment before the address changes is no empty cart.
  if (placing) return <PageLoading label="Preparing your payment…" />;
  if (cart.lines.length === 0) {
    return (
      <>
        <h1>Checkout</h1>
        <EmptyState icon={ShoppingBag} title="Your cart is empty">
          <p className="muted">Add a product to your cart to check out.</p>
          <ButtonLink to="/products" variant="primary">
            Continue Shopping
          </ButtonLink>
        </EmptyState>
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
      <CheckoutForm email={user?.email ?? null} onOrderPlaced={showPaymentStep} />
    </div>
  );
}
