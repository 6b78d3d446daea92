import { Eye, FlaskConical, Microscope, Minus, PackageCheck, Plus, ShieldCheck, ShoppingCart, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Category, Product } from '../../../../api/types';
import { CurrencyPicker } from '../../../../components/CurrencyPicker';
import { FavoriteButton } from '../ProductCard';
import { Price } from '../../../../components/Price';
import { ProductBadges } from '../ProductBadges';
import { Stars } from '../../../../components/ui/Stars';
import { isDiscounted, toCents } from '../../../../lib/money';
import { isLowStock } from '../../../../lib/shop';
import { useCart } from '../../../cart';
import { useToast } from '../../../../state/toast';
import { addableQuantity } from './product-id';
import { ShareButton } from './ShareButton';
import { Button } from '../../../../components/ui/Button';
import { Badge } from '../../../../components/ui/Badge';
import { IconButton } from '../../../../components/ui/IconButton';

/** Spec §2: a fixed social-proof claim on every product page. */
const WATCHING_COUNT = 3;

const TRUST_CLAIMS = [
  { Icon: ShieldCheck, label: 'GMP Certified' },
  { Icon: FlaskConical, label: '99%+ Purity' },
  { Icon: PackageCheck, label: 'Discreet Tracked Shipping' },
  { Icon: Microscope, label: 'Lab Tested' },
] as const;

function savingPercent(product: Product): number {
  return Math.round(100 - (toCents(product.salePrice!) * 100) / toCents(product.price));
}

export function ProductPurchase({ product, category }: { product: Product; category: Category | undefined }) {
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const inCart = cart.getLine(product.id)?.quantity ?? 0;
  const addable = addableQuantity(product.stock, inCart);
  const [wanted, setWanted] = useState(1);
  const quantity = Math.min(wanted, Math.max(1, addable));
  const outOfStock = product.stock === 0;

  const addToCart = () => {
    cart.add(product, quantity);
    setWanted(1);
  };

  return (
    <div className="product-purchase">
      <ProductBadges product={product} />
      <p className="product-meta muted small">
        {product.grade && <span>{product.grade}</span>}
        <span>SKU: {product.sku}</span>
      </p>
      <h1 className="product-name">{product.name}</h1>
      <a href="#reviews" className="product-rating-link">
        <Stars rating={product.averageRating} />
        <span>
          {product.totalReviews > 0 ? `${product.averageRating.toFixed(1)} (${product.totalReviews} ${product.totalReviews === 1 ? 'review' : 'reviews'})` : 'No reviews yet'}
        </span>
      </a>

      <div className="product-price-row">
        <Price product={product} size="lg" />
        {isDiscounted(product) && (
          <>
            <Badge tone="sale">SALE</Badge>
            <span className="product-saving">Save {savingPercent(product)}%</span>
          </>
        )}
        <CurrencyPicker compact />
      </div>

      <p className="product-stock">
        {outOfStock ? (
          <span className="muted">Currently out of stock. Please check back soon.</span>
        ) : (
          <>
            <Badge tone="success">In Stock</Badge>
            <span className="muted small">{isLowStock(product.stock) ? `Only ${product.stock} left` : `${product.stock} available`}</span>
          </>
        )}
      </p>

      {!outOfStock && (
        <div className="product-quantity">
          <span className="field-label" id="quantity-label">Quantity</span>
          <div className="stepper" role="group" aria-labelledby="quantity-label">
            <IconButton label="Decrease quantity" disabled={quantity <= 1} onClick={() => setWanted(quantity - 1)}>
              <Minus size={16} aria-hidden />
            </IconButton>
            <output aria-live="polite" aria-label="Quantity" data-testid="quantity">{quantity}</output>
            <IconButton label="Increase quantity" disabled={quantity >= addable} onClick={() => setWanted(quantity + 1)}>
              <Plus size={16} aria-hidden />
            </IconButton>
          </div>
          {inCart > 0 && (
            <span className="muted small">{addable === 0 ? 'All available stock is in your cart' : `${inCart} already in your cart`}</span>
          )}
        </div>
      )}

      <div className="product-actions">
        <Button
          variant="primary"
          size="lg"
          disabled={addable === 0}
          onClick={() => {
            addToCart();
            toast({ title: 'Added to cart', description: `${product.name} has been added to your cart.`, variant: 'success' });
            cart.open();
          }}
        >
          <ShoppingCart size={18} aria-hidden /> {outOfStock ? 'OUT OF STOCK' : 'ADD TO CART'}
        </Button>
        <Button
          variant="dark"
          size="lg"
          disabled={outOfStock || (addable === 0 && inCart === 0)}
          onClick={() => {
            if (addable > 0) addToCart();
            navigate('/checkout');
          }}
        >
          <Zap size={18} aria-hidden /> BUY NOW
        </Button>
      </div>

      <p className="product-watching">
        <Eye size={16} aria-hidden /> {WATCHING_COUNT} people are watching this product
      </p>

      <div className="product-share-row">
        <p className="muted small">
          Category:{' '}
          {category ? <Link to={`/search?categoryId=${category.id}`}>{category.name}</Link> : <span>Uncategorised</span>}
        </p>
        <span className="row">
          <FavoriteButton product={product} labelled />
          <ShareButton title={product.name} />
        </span>
      </div>

      <ul className="trust-logos" aria-label="Quality and shipping">
        {TRUST_CLAIMS.map(({ Icon, label }) => (
          <li key={label}>
            <Icon size={22} aria-hidden />
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
