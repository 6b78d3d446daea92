import { Heart, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Product } from '../../../api/types';
import { useFavoriteToggle } from '../../../lib/favorites';
import { useCart } from '../../cart';
import { useToast } from '../../../state/toast';
import { Price } from '../../../components/Price';
import { ProductBadges } from './ProductBadges';
import { ProductImage } from './ProductImage';
import { Stars } from '../../../components/ui/Stars';
import { Button, buttonClassName } from '../../../components/ui/Button';
import './favorite-button.css';

export type ProductLayout = 'grid' | 'list';
const DESCRIPTION_FALLBACK = 'Premium research compound';
/** Spec §2: list cards show a fixed placeholder rating. */
const LIST_PLACEHOLDER_RATING = 4.8;

function AddToCartButton({ product }: { product: Product }) {
  const cart = useCart();
  const toast = useToast();
  const inCart = cart.getLine(product.id)?.quantity ?? 0;
  const outOfStock = product.stock === 0;
  const atStock = !outOfStock && inCart >= product.stock;
  return (
    <Button
      variant="primary"
      size="sm"
      disabled={outOfStock || atStock}
      title={atStock ? 'All available stock is in your cart' : undefined}
      onClick={(event) => {
        event.preventDefault();
        cart.add(product, 1);
        toast({ title: 'Added to Cart', description: `${product.name} has been added to your cart.`, variant: 'success' });
      }}
    >
      {outOfStock ? 'Out of Stock' : (
        <>
          <ShoppingCart size={16} aria-hidden /> Add
        </>
      )}
    </Button>
  );
}

/** Checkout spec §7: saves the product to the customer's favorites, or removes it; `labelled` spells it out beside the heart. */
export function FavoriteButton({ product, className = '', labelled = false }: { product: Product; className?: string; labelled?: boolean }) {
  const { isFavorite, toggle, isPending } = useFavoriteToggle(product.id);
  const label = isFavorite ? `Remove ${product.name} from favorites` : `Add ${product.name} to favorites`;
  return (
    <button
      type="button"
      className={labelled ? buttonClassName({ variant: 'ghost', size: 'sm', className: `favorite-button ${className}` }) : `icon-button favorite-button ${className}`}
      aria-pressed={isFavorite}
      aria-label={labelled ? undefined : label}
      aria-busy={isPending}
      title={labelled ? undefined : label}
      onClick={(event) => {
        event.preventDefault();
        if (!isPending) toggle();
      }}
    >
      <Heart size={18} aria-hidden fill={isFavorite ? 'currentColor' : 'none'} />
      {labelled && (isFavorite ? 'In Favorites' : 'Add to Favorites')}
    </button>
  );
}

export function ProductCard({ product, layout = 'grid' }: { product: Product; layout?: ProductLayout }) {
  const href = `/product/${product.id}`;
  if (layout === 'list') {
    return (
      <article className="product-card product-card-list">
        <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden>
          <ProductImage product={product} />
        </Link>
        <div className="product-card-body">
          <ProductBadges product={product} compact />
          <h3 className="product-card-title">
            <Link to={href}>{product.name}</Link>
          </h3>
          <p className="product-card-sku">SKU: {product.sku}</p>
          <p className="product-card-description">{product.description || DESCRIPTION_FALLBACK}</p>
          <span className="rating-line">
            <Stars rating={4} label={`Rated ${LIST_PLACEHOLDER_RATING} out of 5`} /> <span>{LIST_PLACEHOLDER_RATING}</span>
          </span>
        </div>
        <div className="product-card-aside">
          <Price product={product} />
          <span className="row gap">
            <FavoriteButton product={product} />
            <AddToCartButton product={product} />
          </span>
        </div>
      </article>
    );
  }
  return (
    <article className="product-card product-card-grid">
      <Link to={href} className="product-card-media" tabIndex={-1} aria-hidden>
        <ProductImage product={product} />
        <span className="product-card-badges">
          <ProductBadges product={product} compact />
        </span>
      </Link>
      <FavoriteButton product={product} className="favorite-button-overlay" />
      <div className="product-card-body">
        <p className="product-card-sku">{product.sku}</p>
        <h3 className="product-card-title">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="product-card-description">{product.description || DESCRIPTION_FALLBACK}</p>
        <span className="rating-line">
          <Stars rating={product.averageRating} />
          <span className="muted">({product.totalReviews})</span>
        </span>
        <div className="product-card-footer">
          <Price product={product} />
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton({ layout = 'grid' }: { layout?: ProductLayout }) {
  return (
    <div className={`product-card product-card-${layout} skeleton-card`} aria-hidden>
      <div className="skeleton skeleton-media" />
      <div className="product-card-body">
        <div className="skeleton skeleton-line short" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}

/** A grid (2 to 5 columns) or a list of cards, with skeletons while loading. */
export function ProductGrid({
  products,
  isLoading,
  layout = 'grid',
  columns = 4,
  skeletons = 8,
}: {
  products: Product[] | undefined;
  isLoading: boolean;
  layout?: ProductLayout;
  columns?: 2 | 3 | 4 | 5;
  skeletons?: number;
}) {
  const className = layout === 'grid' ? `product-grid columns-${columns}` : 'product-list';
  if (isLoading) {
    return (
      <div className={className} role="status" aria-busy="true" aria-label="Loading products">
        {Array.from({ length: skeletons }, (_, index) => (
          <ProductCardSkeleton key={index} layout={layout} />
        ))}
      </div>
    );
  }
  return (
    <div className={className}>
      {products?.map((product) => (
        <ProductCard key={product.id} product={product} layout={layout} />
      ))}
    </div>
  );
}
