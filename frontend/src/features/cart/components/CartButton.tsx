import { ShoppingCart } from 'lucide-react';
import { useCart } from '../state/cart';
import { IconButton } from '../../../components/ui/IconButton';

export function CartButton() {
  const cart = useCart();
  return (
    <IconButton className="cart-button" onClick={cart.open} label={`Open cart, ${cart.totalItems} item${cart.totalItems === 1 ? '' : 's'}`}>
      <ShoppingCart size={20} aria-hidden />
      {cart.totalItems > 0 && (
        <span className="count-badge" data-testid="cart-count" aria-hidden>
          {cart.totalItems}
        </span>
      )}
    </IconButton>
  );
}
