import { MESSAGES } from '../../../../../backend/src/ordering/contract/checkout-rules';
import {
  ACKNOWLEDGEMENT_REQUIRED,
  CheckoutFormValues,
  checkoutProblems,
  chooseShippingMethod,
  EMPTY_CHECKOUT_FORM,
  orderPayload,
  PAYMENT_METHOD_REQUIRED,
  prefillFromLastOrder,
  splitMessage,
  validateCheckout,
} from './checkout-form';

const sydneyBitcoin: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '0412 345 678',
  address: '1 George Street',
  city: 'Sydney',
  state: 'NSW',
  postalCode: '2000',
  paymentMethod: 'bitcoin',
  acknowledged: true,
};

describe('checkout form rules', () => {
  it('accepts a complete Australian address paid in crypto', () => {
    expect(validateCheckout(sydneyBitcoin)).toEqual({ errors: {}, message: null });
  });

  it('asks for every missing field with the spec message', () => {
    const { errors, message } = validateCheckout({ ...sydneyBitcoin, firstName: ' ', city: '', state: '' });
    expect(message).toBe(MESSAGES.missingInformation);
    expect(Object.keys(errors).sort()).toEqual(['city', 'firstName', 'state']);
  });

  it('says beside each field what is wrong in its own words, and toasts missing information before anything else', () => {
    const { errors, message } = validateCheckout({ ...sydneyBitcoin, email: 'ada@', firstName: '', postalCode: '' });
    expect(message).toBe(MESSAGES.missingInformation);
    expect(errors).toEqual({ email: 'Please enter a valid email address.', firstName: 'First name is required', postalCode: 'Postcode is required' });
    expect(validateCheckout({ ...sydneyBitcoin, email: 'ada@', phone: '12345' }).message).toBe('Invalid Email: Please enter a valid email address.');
  });

  it('asks for a payment method', () => {
    const { errors, message } = validateCheckout({ ...sydneyBitcoin, paymentMethod: null });
    expect(message).toBe(PAYMENT_METHOD_REQUIRED);
    expect(errors).toEqual({ paymentMethod: 'Choose how you would like to pay.' });
  });

  it('turns the schema problems of react-hook-form into the same errors and toast', () => {
    expect(checkoutProblems({ phone: MESSAGES.invalidPhone, paymentMethod: MESSAGES.serviceArea })).toEqual({
      errors: { phone: splitMessage(MESSAGES.invalidPhone).description, paymentMethod: MESSAGES.serviceArea },
      message: MESSAGES.invalidPhone,
    });
    expect(checkoutProblems({})).toEqual({ errors: {}, message: null });
  });

  it('refuses a phone number that is neither an Australian mobile nor a landline', () => {
    const { errors, message } = validateCheckout({ ...sydneyBitcoin, phone: '12345' });
    expect(message).toBe(MESSAGES.invalidPhone);
    expect(errors.phone).toContain('0412 345 678');
    expect(validateCheckout({ ...sydneyBitcoin, phone: '+61 2 9876 5432' }).message).toBeNull();
  });

  it('refuses a postcode without exactly four digits and an e-mail without a domain', () => {
    expect(validateCheckout({ ...sydneyBitcoin, postalCode: '200' }).message).toBe(MESSAGES.invalidPostcode);
    expect(validateCheckout({ ...sydneyBitcoin, email: 'ada@' }).errors.email).toBeDefined();
  });

  it('offers cash on delivery only in Sydney metro', () => {
    const melbourne = chooseShippingMethod({ ...sydneyBitcoin, city: 'Melbourne', state: 'VIC', postalCode: '3000' }, 'cash_on_delivery');
    expect(validateCheckout(melbourne).message).toBe(MESSAGES.serviceArea);
    expect(validateCheckout(chooseShippingMethod(sydneyBitcoin, 'cash_on_delivery')).message).toBeNull();
    expect(validateCheckout(melbourne).errors).toEqual({ paymentMethod: MESSAGES.serviceArea });
    expect(validateCheckout({ ...melbourne, postalCode: '30' }).errors).toEqual({ postalCode: 'An Australian postcode has 4 digits.' });
  });

  it('requires the research-use acknowledgement', () => {
    expect(validateCheckout({ ...sydneyBitcoin, acknowledged: false }).message).toBe(ACKNOWLEDGEMENT_REQUIRED);
  });

  it('makes the cash-on-delivery shipping option the payment too, and asks for a coin again when another option is chosen', () => {
    const cod = chooseShippingMethod(sydneyBitcoin, 'cash_on_delivery');
    expect(cod).toMatchObject({ paymentMethod: 'cash_on_delivery', shippingMethod: 'cash_on_delivery' });
    expect(chooseShippingMethod(cod, 'express')).toMatchObject({ paymentMethod: null, shippingMethod: 'express' });
    expect(chooseShippingMethod(sydneyBitcoin, 'express')).toMatchObject({ paymentMethod: 'bitcoin', shippingMethod: 'express' });
  });

  describe('filling in a signed-in customer\'s last shipping details', () => {
    const lastAddress = { firstName: 'Marie', lastName: 'Curie', phone: '0412345678', address: '1 George Street', city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'Australia' } as const;

    it('fills every empty field, the phone formatted as the form formats it', () => {
      expect(prefillFromLastOrder({ ...EMPTY_CHECKOUT_FORM, email: 'marie@example.com' }, lastAddress, new Set())).toEqual({
        firstName: 'Marie',
        lastName: 'Curie',
        phone: '0412 345 678',
        address: '1 George Street',
        city: 'Sydney',
        state: 'NSW',
        postalCode: '2000',
      });
    });

    it('never overwrites what the shopper typed, nor a field they emptied themselves', () => {
      const typed = { ...EMPTY_CHECKOUT_FORM, firstName: 'Pierre', city: 'Parramatta' };
      expect(prefillFromLastOrder(typed, lastAddress, new Set(['firstName', 'city', 'lastName']))).toEqual({
        phone: '0412 345 678',
        address: '1 George Street',
        state: 'NSW',
        postalCode: '2000',
      });
      expect(prefillFromLastOrder(sydneyBitcoin, lastAddress, new Set())).toEqual({});
    });
  });

  it('sends the spec payload with the unit prices the shopper saw and delivery instructions only for cash on delivery', () => {
    const product = { id: 7, price: '100.00', salePrice: '70.00', isOnSale: true };
    const payload = orderPayload({ ...sydneyBitcoin, paymentMethod: 'bitcoin', deliveryInstructions: 'Ring twice' }, [{ product, quantity: 2 }], undefined, 'SAVE5');
    expect(payload).toMatchObject({
      customerEmail: 'ada@example.com',
      paymentStatus: 'pending',
      deliveryInstructions: null,
      referralCode: 'SAVE5',
      items: [{ productId: 7, quantity: 2, price: '70.00' }],
      shippingAddress: { country: 'Australia', postalCode: '2000' },
    });
    const cod = chooseShippingMethod({ ...sydneyBitcoin, deliveryInstructions: 'Ring twice' }, 'cash_on_delivery');
    expect(orderPayload({ ...cod, paymentMethod: 'cash_on_delivery' }, [{ product, quantity: 1 }], undefined, null)).toMatchObject({
      paymentStatus: 'confirmed',
      deliveryInstructions: 'Ring twice',
    });
  });

  it('splits a spec message into toast title and description', () => {
    expect(splitMessage(MESSAGES.serviceArea)).toEqual({ title: 'Service Area Restriction', description: 'Cash on Delivery is only available in Sydney metropolitan area.' });
    expect(splitMessage('Empty Cart')).toEqual({ title: 'Empty Cart' });
  });
});
