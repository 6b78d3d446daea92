import { FlaskConical } from 'lucide-react';
import type { Product } from '../api/types';

/** The product's photo, or a labelled vial placeholder when it has none. */
export function ProductImage({ product, className = '' }: { product: Product; className?: string }) {
  if (product.imageUrl) {
    return <img className={`product-image ${className}`} src={product.imageUrl} alt={product.name} loading="lazy" decoding="async" />;
  }
  return (
    <div className={`product-image product-image-placeholder ${className}`} role="img" aria-label={product.name}>
      <FlaskConical size={40} aria-hidden />
      {product.dosage && <span className="placeholder-dosage">{product.dosage}</span>}
    </div>
  );
}
