import { ShoppingCart } from 'lucide-react';
import { useCart } from '../state/cart';

export function CartButton() {
  const cart = useCart();
  return (
    <button type="button" className="icon-button cart-button" onClick={cart.open} aria-label={`Open cart, ${cart.totalItems} item${cart.totalItems === 1 ? '' : 's'}`}>
      <ShoppingCart size={20} aria-hidden />
      {cart.totalItems > 0 && (
        <span className="count-badge" data-testid="cart-count" aria-hidden>
          {cart.totalItems}
        </span>
      )}
    </button>
  );
}
