import type { CheckoutQuote } from '../../api/types';
import type { PlaceOrderPayload } from '../../hooks/useCheckout';
import { centsToDecimal, effectivePriceCents, PricedProduct } from '../../lib/money';
import {
  AUSTRALIAN_STATES,
  CASH_ON_DELIVERY,
  COUNTRY,
  isAustralianPhone,
  isSydneyMetro,
  MESSAGES,
  PaymentMethod,
  POSTCODE,
  ShippingMethod,
} from '../../../../backend/src/ordering/contract/checkout-rules';

export interface CheckoutFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethod | null;
  deliveryInstructions: string;
  acknowledged: boolean;
}

export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  shippingMethod: 'regular',
  paymentMethod: null,
  deliveryInstructions: '',
  acknowledged: false,
};

export type CheckoutField = 'email' | 'firstName' | 'lastName' | 'phone' | 'address' | 'city' | 'state' | 'postalCode' | 'paymentMethod' | 'acknowledged';
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The order of the fields on the page, so the first error can take the focus. */
export const FIELD_ORDER: CheckoutField[] = ['email', 'firstName', 'lastName', 'phone', 'address', 'city', 'state', 'postalCode', 'paymentMethod', 'acknowledged'];

const REQUIRED: { field: CheckoutField & keyof CheckoutFormValues; label: string }[] = [
  { field: 'email', label: 'Email' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'phone', label: 'Phone' },
  { field: 'address', label: 'Address' },
  { field: 'city', label: 'City' },
  { field: 'state', label: 'State' },
  { field: 'postalCode', label: 'Postcode' },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Invalid Email: Please enter a valid email address.';
export const PAYMENT_METHOD_REQUIRED = 'Payment Method Required: Choose how you would like to pay.';
export const ACKNOWLEDGEMENT_REQUIRED = 'Acknowledgement Required: Please confirm you are 18+ and buying for laboratory research only.';

/** Spec messages read "Title: description"; a toast shows them as title and description. */
export function splitMessage(message: string): { title: string; description?: string } {
  const colon = message.indexOf(': ');
  return colon === -1 ? { title: message } : { title: message.slice(0, colon), description: message.slice(colon + 2) };
}

/**
 * The server's checks (checkout spec §5) run in the browser first, so the shopper sees every problem
 * at once beside its field. `message` is the one the toast shows: the first problem in page order.
 */
export function validateCheckout(values: CheckoutFormValues): { errors: CheckoutErrors; message: string | null } {
  const errors: CheckoutErrors = {};
  const messages: string[] = [];
  const missing = REQUIRED.filter(({ field }) => !String(values[field]).trim());
  for (const { field, label } of missing) errors[field] = `${label} is required`;
  if (missing.length > 0) messages.push(MESSAGES.missingInformation);

  if (!errors.email && !EMAIL.test(values.email.trim())) {
    errors.email = splitMessage(INVALID_EMAIL).description;
    messages.push(INVALID_EMAIL);
  }
  if (!errors.phone && !isAustralianPhone(values.phone)) {
    errors.phone = splitMessage(MESSAGES.invalidPhone).description;
    messages.push(MESSAGES.invalidPhone);
  }
  if (!errors.state && !(AUSTRALIAN_STATES as readonly string[]).includes(values.state)) {
    errors.state = splitMessage(MESSAGES.invalidState).description;
    messages.push(MESSAGES.invalidState);
  }
  if (!errors.postalCode && !POSTCODE.test(values.postalCode.trim())) {
    errors.postalCode = splitMessage(MESSAGES.invalidPostcode).description;
    messages.push(MESSAGES.invalidPostcode);
  }
  if (values.paymentMethod === null) {
    errors.paymentMethod = splitMessage(PAYMENT_METHOD_REQUIRED).description;
    messages.push(PAYMENT_METHOD_REQUIRED);
  } else if (values.paymentMethod === CASH_ON_DELIVERY && !errors.city && !errors.state && !errors.postalCode && !isSydneyMetro(trimmedAddress(values))) {
    errors.paymentMethod = MESSAGES.serviceArea;
    messages.push(MESSAGES.serviceArea);
  }
  if (!values.acknowledged) {
    errors.acknowledged = splitMessage(ACKNOWLEDGEMENT_REQUIRED).description;
    messages.push(ACKNOWLEDGEMENT_REQUIRED);
  }
  return { errors, message: messages[0] ?? null };
}

function trimmedAddress(values: CheckoutFormValues) {
  return { city: values.city.trim(), state: values.state, postalCode: values.postalCode.trim() };
}

/**
 * Choosing cash on delivery as the payment picks its shipping option and the other way round,
 * because the server only accepts the two together.
 */
export function choosePaymentMethod(values: CheckoutFormValues, paymentMethod: PaymentMethod): CheckoutFormValues {
  if (paymentMethod === CASH_ON_DELIVERY) return { ...values, paymentMethod, shippingMethod: CASH_ON_DELIVERY };
  const shippingMethod = values.shippingMethod === CASH_ON_DELIVERY ? 'regular' : values.shippingMethod;
  return { ...values, paymentMethod, shippingMethod };
}

export function chooseShippingMethod(values: CheckoutFormValues, shippingMethod: ShippingMethod): CheckoutFormValues {
  if (shippingMethod === CASH_ON_DELIVERY) return { ...values, shippingMethod, paymentMethod: CASH_ON_DELIVERY };
  const paymentMethod = values.paymentMethod === CASH_ON_DELIVERY ? null : values.paymentMethod;
  return { ...values, shippingMethod, paymentMethod };
}

export function orderPayload(
  values: CheckoutFormValues & { paymentMethod: PaymentMethod },
  lines: { product: PricedProduct & { id: number }; quantity: number }[],
  quote: CheckoutQuote | undefined,
  referralCode: string | null,
): PlaceOrderPayload {
  const cashOnDelivery = values.paymentMethod === CASH_ON_DELIVERY;
  return {
    customerEmail: values.email.trim(),
    totalAmount: quote?.totalAmount ?? null,
    paymentMethod: values.paymentMethod,
    status: 'pending',
    paymentStatus: cashOnDelivery ? 'confirmed' : 'pending',
    shippingMethod: values.shippingMethod,
    shippingCost: quote?.shippingCost ?? null,
    deliveryInstructions: cashOnDelivery ? values.deliveryInstructions.trim() || null : null,
    referralCode,
    discountAmount: quote?.discountAmount ?? null,
    shippingAddress: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim(),
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state,
      postalCode: values.postalCode.trim(),
      country: COUNTRY,
    },
    items: lines.map(({ product, quantity }) => ({ productId: product.id, quantity, price: centsToDecimal(effectivePriceCents(product)) })),
  };
}
