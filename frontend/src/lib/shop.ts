import { LOW_STOCK_THRESHOLD } from '../../../backend/src/catalogue/contract/catalogue.views';
import { FREE_REGULAR_SHIPPING_FROM_CENTS, whatsappLink } from '../../../backend/src/ordering/contract/checkout-rules';

export { LOW_STOCK_THRESHOLD };

/** Storefront constants of spec §1 and §9 that several pages show. */
export const SHOP_NAME = 'Peptide Research Supply';
export const SALE_PERCENT = 30;
export const FREE_SHIPPING_OVER_AUD = FREE_REGULAR_SHIPPING_FROM_CENTS / 100;
export const MINIMUM_AGE = 18;
export const HOME_PRODUCT_LIMIT = 8;
export const CHAT_APP_NAME = 'WhatsApp';
export const CHAT_GREETING = "Hello! I'm interested in your pharmaceutical research products. Could you help me?";
export const CHAT_LINK = whatsappLink(CHAT_GREETING);

/** Spec §1: the accepted coins, in the order of the scrolling strip. */
export const ACCEPTED_COINS = [
  { name: 'Bitcoin', code: 'BTC' },
  { name: 'Ethereum', code: 'ETH' },
  { name: 'USDT', code: 'USDT-TRC20' },
  { name: 'USDT', code: 'USDT-ERC20' },
  { name: 'Tron', code: 'TRX' },
] as const;

export const RESEARCH_USE_DISCLAIMER =
  'All products are sold strictly for laboratory research use only. Not for human or animal consumption, and not intended to diagnose, treat, cure or prevent any disease. No medical claims are made.';
export const BUYER_REQUIREMENTS =
  'Buyers must be 18+ and qualified professionals or affiliated with a research institution. Shipments require institution verification. Orders suspected of improper use may be cancelled without notice.';

export function isLowStock(stock: number): boolean {
  return stock >= 1 && stock <= LOW_STOCK_THRESHOLD;
}

/** The badges a card shows: one stock badge at most ("Limited Stock" says what Low Stock and Out of Stock say), two in all, so the picture stays visible. */
export function cardBadges(badges: readonly string[], stock: number): string[] {
  const stockBadge = stock === 0 || isLowStock(stock);
  const own = stockBadge ? badges.filter((badge) => badge !== 'Limited Stock') : [...badges];
  return own.slice(0, stockBadge ? 1 : 2);
}
