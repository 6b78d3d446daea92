import type { Product } from '../api/types';
import { isDiscounted, toCents } from '../lib/money';
import { useCurrency } from '../state/currency';

/** A product's price in the display currency; on sale, the sale price with the original struck through. */
export function Price({ product, size = 'md' }: { product: Product; size?: 'sm' | 'md' | 'lg' }) {
  const { format } = useCurrency();
  if (!isDiscounted(product)) return <span className={`price price-${size}`}>{format(toCents(product.price))}</span>;
  return (
    <span className={`price price-${size}`}>
      <span className="price-sale">{format(toCents(product.salePrice!))}</span>{' '}
      <s className="price-original" aria-label={`was ${format(toCents(product.price))}`}>
        {format(toCents(product.price))}
      </s>
    </span>
  );
}
