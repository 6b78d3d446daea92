import '../../../lib/zod-without-eval';
import type { CheckoutQuote, ShippingAddress } from '../../../api/types';
import type { PlaceOrderPayload } from '../api/useCheckout';
import { centsToDecimal, effectivePriceCents, PricedProduct } from '../../../lib/money';
import { CASH_ON_DELIVERY, COUNTRY, formatAustralianPhone, MESSAGES, PaymentMethod, ShippingMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CheckoutFormInput, checkoutFormSchema } from '../../../../../backend/src/ordering/contract/checkout-form-input';

export { ACKNOWLEDGEMENT_REQUIRED, INVALID_EMAIL, PAYMENT_METHOD_REQUIRED } from '../../../../../backend/src/ordering/contract/checkout-form-input';

/** The checkout form as the shopper fills it in; `checkoutFormSchema` (shared with the server's rules) checks it. */
export type CheckoutFormValues = CheckoutFormInput;

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
/** What the form shows beside each field. */
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The order of the fields on the page: the first problem in it is the toast's, after missing information. */
export const FIELD_ORDER: CheckoutField[] = ['email', 'firstName', 'lastName', 'phone', 'address', 'city', 'state', 'postalCode', 'paymentMethod', 'acknowledged'];

/** A required field left empty says so in its own words beside it; the toast says MESSAGES.missingInformation. */
const REQUIRED_LABELS: Partial<Record<CheckoutField, string>> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'Postcode',
};

/** Spec messages read "Title: description"; a toast shows them as title and description. */
export function splitMessage(message: string): { title: string; description?: string } {
  const colon = message.indexOf(': ');
  return colon === -1 ? { title: message } : { title: message.slice(0, colon), description: message.slice(colon + 2) };
}

/**
 * From the schema's problems (one spec message per field) to what the shopper sees: each field's problem
 * beside it, and in the toast missing information first, otherwise the first problem in page order.
 */
export function checkoutProblems(messages: Partial<Record<CheckoutField, string>>): { errors: CheckoutErrors; message: string | null } {
  const errors: CheckoutErrors = {};
  const problems: string[] = [];
  for (const field of FIELD_ORDER) {
    const problem = messages[field];
    if (!problem) continue;
    problems.push(problem);
    if (problem === MESSAGES.missingInformation) errors[field] = `${REQUIRED_LABELS[field] ?? field} is required`;
    else if (problem === MESSAGES.serviceArea) errors[field] = problem;
    else errors[field] = splitMessage(problem).description ?? problem;
  }
  const message = problems.includes(MESSAGES.missingInformation) ? MESSAGES.missingInformation : (problems[0] ?? null);
  return { errors, message };
}

/**
 * The server's checks (checkout spec §5) run in the browser first, so the shopper sees every problem
 * at once beside its field. `message` is the one the toast shows.
 */
export function validateCheckout(values: CheckoutFormValues): { errors: CheckoutErrors; message: string | null } {
  const parsed = checkoutFormSchema.safeParse(values);
  if (parsed.success) return { errors: {}, message: null };
  const messages: Partial<Record<CheckoutField, string>> = {};
  for (const issue of parsed.error.issues) messages[issue.path[0] as CheckoutField] ??= issue.message;
  return checkoutProblems(messages);
}

/**
 * Cash on delivery is offered once, as a shipping option (checkout spec §9 prices its delivery), and
 * it is also how the order is paid: choosing it sets the payment, and leaving it clears that payment
 * so the shopper picks a coin. The server only accepts the two together.
 */
export function chooseShippingMethod(values: CheckoutFormValues, shippingMethod: ShippingMethod): CheckoutFormValues {
  if (shippingMethod === CASH_ON_DELIVERY) return { ...values, shippingMethod, paymentMethod: CASH_ON_DELIVERY };
  const paymentMethod = values.paymentMethod === CASH_ON_DELIVERY ? null : values.paymentMethod;
  return { ...values, shippingMethod, paymentMethod };
}

/** The fields a signed-in customer's last order fills in. */
export const PREFILLED_FIELDS = ['firstName', 'lastName', 'phone', 'address', 'city', 'state', 'postalCode'] as const;
type PrefilledField = (typeof PREFILLED_FIELDS)[number];

/** A shipping address (a saved one, the last order's) as the checkout form's address fields. */
export function addressFormFields(address: ShippingAddress): Pick<CheckoutFormValues, PrefilledField> {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    phone: formatAustralianPhone(address.phone),
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
}

/**
 * What the last order's shipping address fills in: only fields still empty that the shopper has not
 * edited (typing and then clearing a field is an answer too), so nothing they typed is overwritten.
 */
export function prefillFromLastOrder(values: CheckoutFormValues, address: ShippingAddress, edited: ReadonlySet<string>): Partial<Pick<CheckoutFormValues, PrefilledField>> {
  const fromOrder = addressFormFields(address);
  return Object.fromEntries(PREFILLED_FIELDS.filter((field) => !edited.has(field) && values[field].trim() === '' && fromOrder[field]).map((field) => [field, fromOrder[field]]));
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
