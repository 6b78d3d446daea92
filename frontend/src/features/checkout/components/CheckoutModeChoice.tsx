import { LogIn, UserRound } from 'lucide-react';
import { Button, ButtonAnchor } from '../../../components/ui/Button';

/** Checkout mode: undecided until the shopper picks guest checkout or signs in (a navigation to /api/login). */
export function CheckoutModeChoice({ onGuest }: { onGuest(): void }) {
  return (
    <section className="checkout-choice stack" aria-labelledby="checkout-choice-heading">
      <h1 id="checkout-choice-heading">Checkout</h1>
      <p className="muted">How would you like to check out?</p>
      <div className="checkout-choice-grid">
        <div className="card stack">
          <h2>Guest checkout</h2>
          <p className="muted">No account needed. We e-mail your order confirmation and tracking details.</p>
          <Button variant="primary" block onClick={onGuest}>
            <UserRound size={18} aria-hidden /> Continue as Guest
          </Button>
        </div>
        <div className="card stack">
          <h2>Have an account?</h2>
          <p className="muted">Sign in to follow your orders, reorder quickly and see offers on products you bought.</p>
          <ButtonAnchor variant="outline" block href="/api/login?returnTo=%2Fcheckout">
            <LogIn size={18} aria-hidden /> Login to Your Account
          </ButtonAnchor>
        </div>
      </div>
    </section>
  );
}
