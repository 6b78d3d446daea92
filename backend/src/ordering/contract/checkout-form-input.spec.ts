import { ACKNOWLEDGEMENT_REQUIRED, checkoutFormSchema, CheckoutFormInput, INVALID_EMAIL, PAYMENT_METHOD_REQUIRED } from './checkout-form-input';
import { MESSAGES } from './checkout-rules';
import { placeOrderSchema } from './order-input';

const sydneyCash: CheckoutFormInput = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412 345 678',
  address: '1 George Street',
  city: 'Sydney',
  state: 'NSW',
  postalCode: '2000',
  shippingMethod: 'cash_on_delivery',
  paymentMethod: 'cash_on_delivery',
  deliveryInstructions: '',
  acknowledged: true,
};

/** Each field's first problem, as the storefront's form shows it. */
function problems(form: CheckoutFormInput): Record<string, string> {
  const parsed = checkoutFormSchema.safeParse(form);
  const found: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('checkout form schema (checkout spec §5)', () => {
  it('accepts what the order schema accepts', () => {
    expect(problems(sydneyCash)).toEqual({});
    const { email, deliveryInstructions, acknowledged, shippingMethod, paymentMethod, ...address } = sydneyCash;
    expect(acknowledged).toBe(true);
    const order = placeOrderSchema.safeParse({ customerEmail: email, paymentMethod, shippingMethod, deliveryInstructions, shippingAddress: address, items: [{ productId: 1, quantity: 1 }] });
    expect(order.success).toBe(true);
  });

  it('reports every problem at once, each on its field with the spec message', () => {
    expect(
      problems({ ...sydneyCash, email: 'ada@', firstName: ' ', phone: '12345', state: 'XX', postalCode: '200', paymentMethod: null, shippingMethod: 'regular', acknowledged: false }),
    ).toEqual({
      email: INVALID_EMAIL,
      firstName: MESSAGES.missingInformation,
      phone: MESSAGES.invalidPhone,
      state: MESSAGES.invalidState,
      postalCode: MESSAGES.invalidPostcode,
      paymentMethod: PAYMENT_METHOD_REQUIRED,
      acknowledged: ACKNOWLEDGEMENT_REQUIRED,
    });
  });

  it('asks for a missing field before judging its format', () => {
    expect(problems({ ...sydneyCash, email: '', phone: '', state: '', postalCode: '' })).toEqual({
      email: MESSAGES.missingInformation,
      phone: MESSAGES.missingInformation,
      state: MESSAGES.missingInformation,
      postalCode: MESSAGES.missingInformation,
    });
  });

  it('offers cash on delivery only in Sydney metro, judged on a valid address only', () => {
    expect(problems({ ...sydneyCash, city: 'Melbourne', state: 'VIC', postalCode: '3000' })).toEqual({ paymentMethod: MESSAGES.serviceArea });
    expect(problems({ ...sydneyCash, city: 'Melbourne', state: 'VIC', postalCode: '30' })).toEqual({ postalCode: MESSAGES.invalidPostcode });
    expect(problems({ ...sydneyCash, firstName: '', city: 'Melbourne', state: 'VIC', postalCode: '3000' })).toEqual({
      firstName: MESSAGES.missingInformation,
      paymentMethod: MESSAGES.serviceArea,
    });
  });
});
