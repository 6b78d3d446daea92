import { Award, Clock, Crown, Flame, PackageX, TriangleAlert } from 'lucide-react';
import type { Product } from '../../../api/types';
import { cardBadges, isLowStock } from '../../../lib/shop';
import { Badge, BadgeTone } from '../../../components/ui/Badge';

/** Spec §2: four badge texts have their own style; any other badge gets a clock icon. */
const SPECIAL_BADGES: Record<string, { tone: BadgeTone; Icon: typeof Clock }> = {
  'Hot Product': { tone: 'hot', Icon: Flame },
  'Limited Stock': { tone: 'limited', Icon: TriangleAlert },
  Bestseller: { tone: 'bestseller', Icon: Award },
  'Premium Blend': { tone: 'premium', Icon: Crown },
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
          <Badge key={badge} tone={special?.tone}>
            <Icon size={12} aria-hidden /> {badge}
          </Badge>
        );
      })}
      {isLowStock(product.stock) && <Badge tone="low-stock">Low Stock</Badge>}
      {product.stock === 0 && (
        <Badge tone="out">
          <PackageX size={12} aria-hidden /> Out of Stock
        </Badge>
      )}
    </span>
  );
}
