import { Award, Clock, Crown, Flame, PackageX, TriangleAlert } from 'lucide-react';
import type { Product } from '../../../api/types';
import { cardBadges, isLowStock } from '../../../lib/shop';

/** Spec §2: four badge texts have their own style; any other badge gets a clock icon. */
const SPECIAL_BADGES: Record<string, { className: string; Icon: typeof Clock }> = {
  'Hot Product': { className: 'badge-hot', Icon: Flame },
  'Limited Stock': { className: 'badge-limited', Icon: TriangleAlert },
  Bestseller: { className: 'badge-bestseller', Icon: Award },
  'Premium Blend': { className: 'badge-premium', Icon: Crown },
};

/** All of a product's badges (its page), or on a card (`compact`) those cardBadges keeps. */
export function ProductBadges({ product, compact = false }: { product: Product; compact?: boolean }) {
  const badges = compact ? cardBadges(product.badges, product.stock) : product.badges;
  return (
    <span className="badges">
      {badges.map((badge) => {
        const special = SPECIAL_BADGES[badge];
        const Icon = special?.Icon ?? Clock;
        return (
          <span key={badge} className={`badge ${special?.className ?? 'badge-default'}`}>
            <Icon size={12} aria-hidden /> {badge}
          </span>
        );
      })}
      {isLowStock(product.stock) && <span className="badge badge-low-stock">Low Stock</span>}
      {product.stock === 0 && (
        <span className="badge badge-out">
          <PackageX size={12} aria-hidden /> Out of Stock
        </span>
      )}
    </span>
  );
}
