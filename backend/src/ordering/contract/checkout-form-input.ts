import { z } from 'zod';
import { AUSTRALIAN_STATES, CASH_ON_DELIVERY, isAustralianPhone, isSydneyMetro, MESSAGES, PAYMENT_METHOD_IDS, POSTCODE, SHIPPING_METHOD_IDS } from './checkout-rules';

/**
 * The storefront's checkout form (checkout spec §2 step info, §5 rules) as the shopper fills it in,
 * before it becomes the order payload that `placeOrderSchema` parses. The rules are the server's
 * (checkout-rules.ts); every problem is reported at once, each on its field, with the spec's message
 * ("Title: description"). The form shows the description beside the field and the first problem as a toast.
 */
export const INVALID_EMAIL = 'Invalid Email: Please enter a valid email address.';
export const PAYMENT_METHOD_REQUIRED = 'Payment Method Required: Choose how you would like to pay.';
export const ACKNOWLEDGEMENT_REQUIRED = 'Acknowledgement Required: Please confirm you are 18+ and buying for laboratory research only.';

/** What the storefront checks of an e-mail address; the server then applies its own, stricter check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const filledIn = (value: string) => value.trim() !== '';
const isState = (value: string) => (AUSTRALIAN_STATES as readonly string[]).includes(value);
const isPostcode = (value: string) => POSTCODE.test(value.trim());

/** Required (MESSAGES.missingInformation), then, once filled in, `valid` or `message`. */
const requiredText = (valid?: (value: string) => boolean, message?: string) => {
  const text = z.string().refine(filledIn, MESSAGES.missingInformation);
  return valid ? text.refine((value) => !filledIn(value) || valid(value), message) : text;
};

export const checkoutFormSchema = z
  .object({
    email: requiredText((email) => EMAIL.test(email.trim()), INVALID_EMAIL),
    firstName: requiredText(),
    lastName: requiredText(),
    phone: requiredText(isAustralianPhone, MESSAGES.invalidPhone),
    address: requiredText(),
    city: requiredText(),
    state: requiredText(isState, MESSAGES.invalidState),
    postalCode: requiredText(isPostcode, MESSAGES.invalidPostcode),
    shippingMethod: z.enum(SHIPPING_METHOD_IDS),
    paymentMethod: z
      .enum(PAYMENT_METHOD_IDS)
      .nullable()
      .refine((method) => method !== null, PAYMENT_METHOD_REQUIRED),
    deliveryInstructions: z.string(),
    acknowledged: z.boolean().refine((acknowledged) => acknowledged, ACKNOWLEDGEMENT_REQUIRED),
  })
  .superRefine((form, context) => {
    // Judged only on an address whose city, state and postcode are themselves valid.
    const address = { city: form.city.trim(), state: form.state, postalCode: form.postalCode.trim() };
    const addressValid = filledIn(address.city) && isState(address.state) && isPostcode(address.postalCode);
    if (form.paymentMethod === CASH_ON_DELIVERY && addressValid && !isSydneyMetro(address)) {
      context.addIssue({ code: 'custom', message: MESSAGES.serviceArea, path: ['paymentMethod'] });
    }
  });

export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
