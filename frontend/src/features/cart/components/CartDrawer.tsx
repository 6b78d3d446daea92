import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { effectivePriceCents } from '../../../lib/money';
import { useCart } from '../state/cart';
import { useCurrency } from '../../../state/currency';
import { ProductImage } from '../../catalogue';
import { Button } from '../../../components/ui/Button';
import { IconButton } from '../../../components/ui/IconButton';
import { Sheet } from '../../../components/ui/Sheet';

/** Spec §2: slide-over from the right (a Sheet), full width on small screens. */
export function CartDrawer() {
  const cart = useCart();
  const { format } = useCurrency();
  const navigate = useNavigate();

  // The page behind does not scroll while the cart is open.
  useEffect(() => {
    if (!cart.isOpen) return;
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, [cart.isOpen]);

  if (!cart.isOpen) return null;
  return (
    <Sheet side="right" title="Shopping Cart" closeLabel="Close cart" className="cart-sheet" onClose={cart.close}>
        {/* "Added to cart" opens this panel (spec §4): its toast shows here, above the lines, never over Total and Checkout. */}
        <div className="drawer-toasts" data-toast-host />
        {cart.lines.length === 0 ? (
          <div className="drawer-empty">
            <ShoppingBag size={48} aria-hidden className="muted" />
            <p>Your cart is empty</p>
            <Button variant="primary" onClick={cart.close}>
              Continue Shopping
            </Button>
          </div>
        ) : (
          <>
            <ul className="cart-lines" aria-label="Items in your cart">
              {cart.lines.map(({ product, quantity }) => (
                <li key={product.id} className="cart-line">
                  <ProductImage product={product} className="cart-line-image" />
                  <div className="cart-line-body">
                    <Link to={`/product/${product.id}`} onClick={cart.close} className="cart-line-name">
                      {product.name}
                    </Link>
                    <span className="muted small">{format(effectivePriceCents(product))} each</span>
                    <div className="stepper" role="group" aria-label={`Quantity of ${product.name}`}>
                      <IconButton label={`Decrease quantity of ${product.name}`} disabled={quantity <= 1} onClick={() => cart.setQuantity(product.id, quantity - 1)}>
                        <Minus size={14} aria-hidden />
                      </IconButton>
                      <output aria-live="polite" aria-label={`Quantity of ${product.name}`}>{quantity}</output>
                      <IconButton label={`Increase quantity of ${product.name}`} disabled={quantity >= product.stock} onClick={() => cart.setQuantity(product.id, quantity + 1)}>
                        <Plus size={14} aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                  <div className="cart-line-aside">
                    <span className="cart-line-total">{format(effectivePriceCents(product) * quantity)}</span>
                    <IconButton className="danger" label={`Remove ${product.name}`} onClick={() => cart.remove(product.id)}>
                      <Trash2 size={16} aria-hidden />
                    </IconButton>
                  </div>
                </li>
              ))}
            </ul>
            <footer className="drawer-footer">
              {cart.totalSavingsCents > 0 && (
                <p className="row between savings">
                  <span>You save</span>
                  <span data-testid="cart-savings">{format(cart.totalSavingsCents)}</span>
                </p>
              )}
              <p className="row between total-line">
                <span>Total</span>
                <strong data-testid="cart-total">{format(cart.totalPriceCents)}</strong>
              </p>
              <Button
                variant="primary"
                block
                onClick={() => {
                  cart.close();
                  navigate('/checkout');
                }}
              >
                Checkout
              </Button>
              <Button variant="outline" block onClick={cart.close}>
                Continue Shopping
              </Button>
            </footer>
          </>
        )}
    </Sheet>
  );
}
