import { z } from 'zod';
import {
  AUSTRALIAN_STATES,
  CASH_ON_DELIVERY,
  COUNTRY,
  isAustralianPhone,
  isSydneyMetro,
  MESSAGES,
  PAYMENT_METHOD_IDS,
  POSTCODE,
  SHIPPING_METHOD_IDS,
} from './checkout-rules';

const required = (max: number) =>
  z.string({ message: MESSAGES.missingInformation }).trim().min(1, MESSAGES.missingInformation).max(max, `Must be at most ${max} characters`);

export const shippingAddressSchema = z.object(
  {
    firstName: required(100),
    lastName: required(100),
    phone: required(30).refine(isAustralianPhone, MESSAGES.invalidPhone),
    address: required(200),
    city: required(100),
    state: z.enum(AUSTRALIAN_STATES, { message: MESSAGES.invalidState }),
    postalCode: required(10).refine((value) => POSTCODE.test(value), MESSAGES.invalidPostcode),
    /** Shipping is to Australia only; whatever the client sends, the order says Australia. */
    country: z.unknown().optional().transform(() => COUNTRY),
  },
  { message: MESSAGES.missingInformation },
);

const lineSchema = z.object({
  productId: z.number({ message: 'productId must be a number' }).int().positive(),
  quantity: z.number({ message: 'quantity must be a number' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(100, 'quantity must be at most 100'),
  /** Sent by the storefront, never trusted: the server prices every line itself. */
  price: z.unknown().optional(),
});

export const cartSchema = z.array(lineSchema, { message: MESSAGES.emptyCart }).min(1, MESSAGES.emptyCart).max(50, 'An order can have at most 50 lines');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const referralCode = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .transform((value) => value || null);

/** The storefront's order payload (checkout spec §7). Client totals and statuses are accepted and ignored. */
export const placeOrderSchema = z
  .object({
    customerEmail: z
      .string({ message: MESSAGES.missingInformation })
      .trim()
      .toLowerCase()
      .min(1, MESSAGES.missingInformation)
      .max(254)
      .pipe(z.email({ message: 'Please enter a valid email address' })),
    paymentMethod: z.enum(PAYMENT_METHOD_IDS, { message: `paymentMethod must be one of ${PAYMENT_METHOD_IDS.join(', ')}` }),
    shippingMethod: z.enum(SHIPPING_METHOD_IDS, { message: `shippingMethod must be one of ${SHIPPING_METHOD_IDS.join(', ')}` }),
    deliveryInstructions: optionalText(1000),
    referralCode,
    shippingAddress: shippingAddressSchema,
    items: cartSchema,
    totalAmount: z.unknown().optional(),
    status: z.unknown().optional(),
    paymentStatus: z.unknown().optional(),
    shippingCost: z.unknown().optional(),
    discountAmount: z.unknown().optional(),
  })
  .superRefine((order, context) => {
    const cashOnDelivery = order.paymentMethod === CASH_ON_DELIVERY;
    if (cashOnDelivery !== (order.shippingMethod === CASH_ON_DELIVERY)) {
      context.addIssue({ code: 'custom', message: MESSAGES.codNeedsCodShipping, path: ['shippingMethod'] });
    } else if (cashOnDelivery && !isSydneyMetro(order.shippingAddress)) {
      context.addIssue({ code: 'custom', message: MESSAGES.serviceArea, path: ['shippingAddress'] });
    }
  });

export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const quoteSchema = z.object({
  items: cartSchema,
  shippingMethod: z.enum(SHIPPING_METHOD_IDS).default('regular'),
  referralCode,
});

export type QuoteInput = z.infer<typeof quoteSchema>;
