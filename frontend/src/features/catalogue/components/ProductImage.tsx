import { FlaskConical } from 'lucide-react';
import type { Product } from '../../../api/types';
import { parseImagePath, variantSizes } from '../../../../../backend/src/media/contract/image-paths';

/** How wide the image is drawn, by where it is used (the card grid's columns are in global.css), so the browser fetches the variant it needs. */
function sizesFor(className: string): string {
  if (className.includes('cart-line-image')) return '64px';
  if (className.includes('product-detail-image')) return '(max-width: 760px) 100vw, 600px';
  return '(max-width: 380px) 100vw, (max-width: 760px) 50vw, (max-width: 1024px) 34vw, 400px';
}

/**
 * The product's photo, or a labelled vial placeholder when it has none. An image of the shop's own
 * (`/objects/images/<id>/<width>.webp`) is offered at each stored width, described by its real width.
 * No width/height attributes: every place that shows a product image sizes its box in CSS (width and
 * aspect-ratio), and a height attribute would override that aspect-ratio and stretch the card.
 */
export function ProductImage({ product, className = '' }: { product: Product; className?: string }) {
  if (product.imageUrl) {
    const stored = parseImagePath(product.imageUrl);
    const variants = stored ? variantSizes(stored.imageId) : null;
    if (stored && variants) {
      // A small image is stored as the same file under several widths: each width is offered once.
      const distinct = variants.filter((variant, index) => index === 0 || variant.width !== variants[index - 1].width);
      const shown = variants.find((variant) => variant.path === product.imageUrl) ?? variants[0];
      return (
        <img
          className={`product-image ${className}`}
          src={shown.path}
          srcSet={distinct.map((variant) => `${variant.path} ${variant.width}w`).join(', ')}
          sizes={sizesFor(className)}
          alt={product.name}
          loading="lazy"
          decoding="async"
        />
      );
    }
    return <img className={`product-image ${className}`} src={product.imageUrl} alt={product.name} loading="lazy" decoding="async" />;
  }
  return (
    <div className={`product-image product-image-placeholder ${className}`} role="img" aria-label={product.name}>
      <FlaskConical size={40} aria-hidden />
      {product.dosage && <span className="placeholder-dosage">{product.dosage}</span>}
    </div>
  );
}
