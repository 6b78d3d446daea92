/**
 * The checkout's business constants and address rules (checkout spec §5 and §9), in one
 * module that the server and the storefront both import, so they can never disagree.
 * Pure TypeScript without Node APIs.
 */

export const SHIPPING_METHODS = {
  regular: { label: 'Regular Shipping', costCents: 1000, delivery: '5-7 business days' },
  express: { label: 'Express Shipping', costCents: 1500, delivery: '2-3 business days' },
  cash_on_delivery: { label: 'Cash on Delivery', costCents: 5000, delivery: 'Same day or next day (Sydney metro)' },
} as const;
export type ShippingMethod = keyof typeof SHIPPING_METHODS;
export const SHIPPING_METHOD_IDS = Object.keys(SHIPPING_METHODS) as ShippingMethod[];

/**
 * The storefront advertises free shipping over $100 (storefront spec §1), so regular shipping costs
 * nothing once the subtotal after discount reaches A$100. Express and cash-on-delivery delivery are
 * paid services on top and keep their price.
 */
export const FREE_REGULAR_SHIPPING_FROM_CENTS = 10000;

export function shippingCostCents(method: ShippingMethod, discountedSubtotalCents: number): number {
  if (method === 'regular' && discountedSubtotalCents >= FREE_REGULAR_SHIPPING_FROM_CENTS) return 0;
  return SHIPPING_METHODS[method].costCents;
}

/**
 * The payment methods whose amount is quoted from the order's AUD total in another currency (spec §9), with the
 * quote's currency (`coin`) and its displayed decimals: the crypto coins, and PromptPay, a Thai bank transfer in
 * baht to the shop's PromptPay id. They share one path: a quote locked for a window, the payment window's expiry
 * and stock release. PromptPay is on no chain (CHAIN_PAYMENT_METHODS): staff confirm it when the transfer arrives.
 */
export const CRYPTO_PAYMENT_METHODS = {
  bitcoin: { label: 'Bitcoin (BTC)', coin: 'BTC', decimals: 6 },
  ethereum: { label: 'Ethereum (ETH)', coin: 'ETH', decimals: 4 },
  'usdt-trc20': { label: 'USDT (TRC20)', coin: 'USDT', decimals: 2 },
  'usdt-erc20': { label: 'USDT (ERC20)', coin: 'USDT', decimals: 2 },
  usdc: { label: 'USDC (ERC20)', coin: 'USDC', decimals: 2 },
  promptpay: { label: 'PromptPay (THB)', coin: 'THB', decimals: 2 },
} as const;
export type CryptoPaymentMethod = keyof typeof CRYPTO_PAYMENT_METHODS;
export const CRYPTO_PAYMENT_METHOD_IDS = Object.keys(CRYPTO_PAYMENT_METHODS) as CryptoPaymentMethod[];

export const PROMPTPAY = 'promptpay';
/** The quoted methods paid on a blockchain: all but PromptPay, a bank transfer no watcher can see. */
export type ChainPaymentMethod = Exclude<CryptoPaymentMethod, typeof PROMPTPAY>;
export const CHAIN_PAYMENT_METHOD_IDS = CRYPTO_PAYMENT_METHOD_IDS.filter((method): method is ChainPaymentMethod => method !== PROMPTPAY);
export function isChainPaymentMethod(method: string): method is ChainPaymentMethod {
  return isCryptoPaymentMethod(method) && method !== PROMPTPAY;
}

export const CASH_ON_DELIVERY = 'cash_on_delivery';

/** Without PROMPTPAY_ID in production (or with it `off`) the shop takes no PromptPay: orders and quotes say so. */
export const PROMPTPAY_NOT_OFFERED = 'PromptPay is not offered by this shop: choose another payment method';

/** A payment method as people read it (lists, exports): "Bitcoin (BTC)", "Cash on Delivery". */
export function paymentMethodLabel(method: string): string {
  if (method === CASH_ON_DELIVERY) return 'Cash on Delivery';
  return method in CRYPTO_PAYMENT_METHODS ? CRYPTO_PAYMENT_METHODS[method as keyof typeof CRYPTO_PAYMENT_METHODS].label : method;
}
export type PaymentMethod = CryptoPaymentMethod | typeof CASH_ON_DELIVERY;
export const PAYMENT_METHOD_IDS: PaymentMethod[] = [...CRYPTO_PAYMENT_METHOD_IDS, CASH_ON_DELIVERY];

export function isCryptoPaymentMethod(method: string): method is CryptoPaymentMethod {
  return method in CRYPTO_PAYMENT_METHODS;
}

/** Quoted amount = order total (AUD) x USD per AUD / price in USD of the coin, or of the baht for PromptPay (spec §9). */
export const USD_PER_AUD = '0.65';
export const COIN_PRICES_USD = { BTC: '112611', ETH: '4296', USDT: '1', USDC: '0.9999', THB: '0.0286' } as const;
export type Coin = keyof typeof COIN_PRICES_USD;

export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];
export const COUNTRY = 'Australia' as const;

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The way an order goes: forward only. */
const STATUS_ORDER: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];

/**
 * The statuses an order in `from` may be moved to (the back office's status menu offers these): forward along
 * pending → processing → shipped → delivered, and cancelled from pending or processing only: a parcel on its
 * way comes back as a return, not a cancellation. Delivered and cancelled are final.
 */
export function statusMoves(from: OrderStatus): OrderStatus[] {
  if (from === 'delivered' || from === 'cancelled') return [];
  const later = STATUS_ORDER.slice(STATUS_ORDER.indexOf(from) + 1);
  return from === 'shipped' ? later : [...later, 'cancelled'];
}

/** Why an order in `from` cannot be moved to `to` (null when it can, or is there already). */
export function statusMoveRefusal(orderId: number, from: OrderStatus, to: OrderStatus): string | null {
  if (from === to || statusMoves(from).includes(to)) return null;
  if (from === 'delivered' || from === 'cancelled') return `Order ${orderId} is ${from}; its status can no longer change`;
  if (to === 'cancelled') return `Order ${orderId} has shipped; it can no longer be cancelled`;
  return `Order ${orderId} is ${from}; it cannot go back to ${to}`;
}
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What one order may hold. An order holds its stock until it is paid or its payment window ends,
 * so one order can never take a whole shelf (a 31-line guest order once took every unit of the shop).
 */
export const ORDER_LIMITS = { lines: 20, unitsPerLine: 50, units: 100 } as const;

/**
 * An unpaid crypto order is cancelled, and its stock released, once this window ends (PAYMENT_WINDOW_MINUTES):
 * a quote's 15 minutes and 5 to ask for a new one, which then extends the window to its own end once (issue 20:
 * a buyer who never pays holds stock for 20 minutes, 35 at most, no longer a whole hour).
 */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 20;

/** The spec's six, then the two the shop ships with inside Australia (issue 21). */
export const CARRIERS = ['DHL', 'FedEx', 'UPS', 'Thailand Post', 'Kerry Express', 'J&T Express', 'Australia Post', 'StarTrack'] as const;

export const MESSAGES = {
  missingInformation: 'Missing Information: Please fill in all required fields including address details.',
  invalidPhone: 'Invalid Phone Number: Please enter an Australian mobile (0412 345 678 or +61 412 345 678) or landline (02 9876 5432 or +61 2 9876 5432).',
  invalidPostcode: 'Invalid Postcode: An Australian postcode has 4 digits.',
  invalidState: `Invalid State: Choose one of ${AUSTRALIAN_STATES.join(', ')}.`,
  serviceArea: 'Service Area Restriction: Cash on Delivery is only available in Sydney metropolitan area.',
  emptyCart: 'Empty Cart',
  invalidReferral: 'Invalid referral code',
  codNeedsCodShipping: 'Cash on Delivery must be paid with the Cash on Delivery shipping option, and that option needs Cash on Delivery payment.',
} as const;

/**
 * Sydney metro for cash on delivery (spec §5 leaves the exact lists to us):
 * - postcodes 2000-2234 (City, Eastern Suburbs, Inner West, North Shore, Northern Beaches, St George, Sutherland Shire),
 *   2555-2574 (Macarthur: Campbelltown, Camden) and 2740-2770 (Penrith, Blacktown, Hawkesbury, Hills), all in NSW;
 * - or a city naming one of the Greater Sydney councils or major suburbs below, as whole words (not a part of another name).
 * The Blue Mountains (2773-2786) and the Central Coast (2250+) are outside: a courier cannot reach them same or next day.
 */
export const SYDNEY_METRO_POSTCODE_RANGES: readonly [number, number][] = [
  [2000, 2234],
  [2555, 2574],
  [2740, 2770],
];

export const SYDNEY_METRO_PLACES = [
  'sydney', 'parramatta', 'blacktown', 'penrith', 'liverpool', 'campbelltown', 'camden', 'bankstown', 'canterbury', 'fairfield',
  'cabramatta', 'hornsby', 'ryde', 'chatswood', 'willoughby', 'manly', 'northern beaches', 'mosman', 'lane cove', 'hunters hill',
  'ku-ring-gai', 'bondi', 'randwick', 'waverley', 'woollahra', 'marrickville', 'newtown', 'inner west', 'burwood', 'strathfield',
  'auburn', 'cumberland', 'bayside', 'hurstville', 'georges river', 'kogarah', 'sutherland', 'cronulla', 'castle hill', 'baulkham hills',
  'the hills', 'hawkesbury', 'rouse hill', 'kellyville', 'epping', 'macquarie park', 'rockdale', 'mascot', 'surry hills', 'pyrmont',
] as const;

export function isSydneyMetro(address: { city: string; state: string; postalCode: string }): boolean {
  if (address.state !== 'NSW') return false;
  const postcode = Number.parseInt(address.postalCode, 10);
  if (SYDNEY_METRO_POSTCODE_RANGES.some(([from, to]) => postcode >= from && postcode <= to)) return true;
  // Whole names only: "West Ryde" and "North Parramatta" name Sydney places, "Dryden" does not name Ryde.
  const words = ` ${address.city.toLowerCase().replace(/[^a-z-]+/g, ' ').trim()} `;
  return SYDNEY_METRO_PLACES.some((place) => words.includes(` ${place} `));
}

const MOBILE = /^(?:04\d{8}|(?:\+?61)4\d{8})$/;
const LANDLINE = /^(?:0[2-8]\d{8}|(?:\+?61)[2-8]\d{8})$/;

export function phoneDigits(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

export function isAustralianPhone(phone: string): boolean {
  const digits = phoneDigits(phone);
  return MOBILE.test(digits) || LANDLINE.test(digits);
}

/** As the shopper types: 04xx xxx xxx for mobiles, 0x xxxx xxxx for landlines; anything else is left alone. */
export function formatAustralianPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (/^04\d{0,8}$/.test(digits)) return [digits.slice(0, 4), digits.slice(4, 7), digits.slice(7, 10)].filter(Boolean).join(' ');
  if (/^0[2-8]\d{0,8}$/.test(digits)) return [digits.slice(0, 2), digits.slice(2, 6), digits.slice(6, 10)].filter(Boolean).join(' ');
  return phone;
}

export const POSTCODE = /^\d{4}$/;

export const WHATSAPP_NUMBER = '61400000000';

export function whatsappLink(text: string): string {
  return `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(text)}`;
}

/**
 * The order's `whatsappContactLink` (checkout spec §3, returned on creation). The storefront builds the
 * same link when it shows a placed order again (a reload of its confirmation), so both read it from here.
 */
export function orderContactLink(order: { id: number; totalAmount: string }): string {
  return whatsappLink(`Hello! I just placed order #${order.id} (total A$${order.totalAmount}). Could you help me with it?`);
}
