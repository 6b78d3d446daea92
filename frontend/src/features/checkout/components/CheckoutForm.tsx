import { Banknote, Lock, ShieldCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FieldErrors, UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { messageOf } from '../../../api/client';
import type { PlacedOrder } from '../../../api/types';
import { CheckoutLine, useCheckoutQuote, useOfferedPaymentMethods, usePlaceOrder, useReferralCode } from '../api/useCheckout';
import { customerOrderQueries } from '../../ordering';
import { Field, useZodForm } from '../../../components/ui/form';
import { formatAud } from '../../../lib/currencies';
import { toCents } from '../../../lib/money';
import { BUYER_REQUIREMENTS, MINIMUM_AGE } from '../../../lib/shop';
import { useCart } from '../../cart';
import { useToast } from '../../../state/toast';
import {
  CASH_ON_DELIVERY,
  COUNTRY,
  CRYPTO_PAYMENT_METHODS,
  formatAustralianPhone,
  PROMPTPAY,
  SHIPPING_METHOD_IDS,
  FREE_REGULAR_SHIPPING_FROM_CENTS,
  SHIPPING_METHODS,
  shippingCostCents,
} from '../../../../../backend/src/ordering/contract/checkout-rules';
import { checkoutFormSchema } from '../../../../../backend/src/ordering/contract/checkout-form-input';
import {
  CheckoutField,
  CheckoutFormValues,
  checkoutProblems,
  chooseShippingMethod,
  EMPTY_CHECKOUT_FORM,
  FIELD_ORDER,
  orderPayload,
  PREFILLED_FIELDS,
  addressFormFields,
  prefillFromLastOrder,
  splitMessage,
} from './checkout-form';
import { OrderSummary } from './OrderSummary';
import { Link } from 'react-router-dom';
import { addressBookQuery, addressLine } from '../../customers';
import { Button } from '../../../components/ui/Button';
import { AustralianStateOptions } from '../../../components/AustralianStateOptions';

const ORDER_FAILED = 'Failed to create order. Please try again.';

/**
 * Step info of checkout spec §2: who, where, how it ships, how it is paid, and the server's price for it.
 * `email` is the signed-in customer's (null for a guest); their last order's shipping details fill in the rest.
 */
export function CheckoutForm({ email, onOrderPlaced }: { email: string | null; onOrderPlaced(order: PlacedOrder): void }) {
  const cart = useCart();
  const toast = useToast();
  const form = useZodForm(checkoutFormSchema, {
    defaultValues: { ...EMPTY_CHECKOUT_FORM, email: email ?? '' },
    // Re-checked as a whole below, not field by field: a cross-field rule comes and goes with its cause.
    reValidateMode: 'onSubmit',
  });
  const errors = checkoutProblems(specMessages(form.formState.errors)).errors;
  const offeredMethods = useOfferedPaymentMethods();
  const [shippingMethod, paymentMethod] = useWatch({ control: form.control, name: ['shippingMethod', 'paymentMethod'] });
  const [serverError, setServerError] = useState<string | null>(null);
  const [referralInput, setReferralInput] = useState('');
  const referral = useReferralCode(referralInput);
  const appliedReferral = referral.status === 'applied' ? referral.code : null;
  const items = useMemo<CheckoutLine[]>(() => cart.lines.map(({ product, quantity }) => ({ productId: product.id, quantity })), [cart.lines]);
  const quote = useCheckoutQuote(items, shippingMethod, appliedReferral);
  const discountedSubtotalCents = quote.data ? toCents(quote.data.subtotal) - toCents(quote.data.discountAmount) : 0;
  const placeOrder = usePlaceOrder();
  const cashOnDelivery = paymentMethod === CASH_ON_DELIVERY;
  /** The fields the shopper has typed in or chosen themselves: the last order never fills those. */
  const edited = useRef(new Set<string>());
  const lastOrder = useQuery({ ...customerOrderQueries.latest(), enabled: email !== null });
  const savedAddresses = useQuery(addressBookQuery(email !== null));
  /** Where the address came from: the customer's default saved address, or their last order. */
  const [prefilledFrom, setPrefilledFrom] = useState<{ savedAddress: true } | { orderId: number } | null>(null);

  // Any change to the form clears the server's refusal; once the shopper has tried to order, it re-checks every field.
  useEffect(() => {
    let checking = false;
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) edited.current.add(name);
      setServerError(null);
      if (!form.formState.isSubmitted || checking) return;
      checking = true; // one check for the two choices a cash-on-delivery pick changes together
      queueMicrotask(() => {
        checking = false;
        void form.trigger();
      });
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // Once, when the saved addresses (issue 22) and the last order have arrived: they may come after the shopper has
  // started typing. The default saved address comes first; without one, the last order's.
  const prefilled = useRef(false);
  const savedSettled = email === null || !savedAddresses.isPending;
  useEffect(() => {
    if (prefilled.current || !savedSettled) return;
    const saved = savedAddresses.data?.find((address) => address.isDefault);
    const order = lastOrder.data;
    if (!saved && !order) return;
    prefilled.current = true;
    const fill = prefillFromLastOrder(form.getValues(), saved ?? order!.shippingAddress, edited.current);
    for (const field of PREFILLED_FIELDS) {
      const value = fill[field];
      if (value !== undefined) form.setValue(field, value);
    }
    if (Object.keys(fill).length > 0) setPrefilledFrom(saved ? { savedAddress: true } : { orderId: order!.id });
  }, [form, lastOrder.data, savedAddresses.data, savedSettled]);

  /** A saved address picked by the shopper: their choice, so it fills every address field. */
  const fillFromSavedAddress = (addressId: number) => {
    const saved = savedAddresses.data?.find((address) => address.id === addressId);
    if (!saved) return;
    const fill = addressFormFields(saved);
    for (const field of PREFILLED_FIELDS) form.setValue(field, fill[field], { shouldDirty: true });
    setPrefilledFrom({ savedAddress: true });
  };

  /** The payment and shipping choices, which cash on delivery ties together. */
  const choose = (next: CheckoutFormValues) => {
    form.setValue('shippingMethod', next.shippingMethod);
    form.setValue('paymentMethod', next.paymentMethod);
  };

  const placeValidOrder = (values: CheckoutFormValues) => {
    if (values.paymentMethod === null) return; // refused by the schema; narrows the type
    const payload = orderPayload({ ...values, paymentMethod: values.paymentMethod }, cart.lines, quote.data, appliedReferral);
    placeOrder.mutate(payload, {
      onSuccess: (order) => {
        toast({ title: 'Order Created', description: `Order #${order.id} has been placed.`, variant: 'success' });
        cart.clear();
        onOrderPlaced(order);
      },
      onError: (error) => {
        const reason = messageOf(error, '');
        setServerError(reason || ORDER_FAILED);
        toast({ title: 'Error', description: reason ? `${ORDER_FAILED} ${reason}` : ORDER_FAILED, variant: 'destructive' });
      },
    });
  };

  /** The first problem as a toast; the form shows each beside its field and focuses the first (page order). */
  const showProblems = (invalid: FieldErrors<CheckoutFormValues>) => {
    const { message } = checkoutProblems(specMessages(invalid));
    if (message) toast({ ...splitMessage(message), variant: 'destructive' });
  };

  const submit = (event: FormEvent) => {
    if (cart.lines.length === 0) {
      event.preventDefault();
      toast({ title: 'Empty Cart', variant: 'destructive' });
      return;
    }
    void form.handleSubmit(placeValidOrder, showProblems)(event);
  };

  // Fields register in page order, so the first invalid one in page order takes the focus on submit.
  return (
    <form className="checkout-layout" onSubmit={submit} noValidate aria-label="Checkout">
      <div className="checkout-main stack">
        <section className="card stack" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Customer information</h2>
          <Field label="Email" required error={errors.email} hint="Your order confirmation and tracking details go here.">
            <input id="checkout-email" className="input" type="email" autoComplete="email" required {...form.register('email')} />
          </Field>
        </section>

        <section className="card stack" aria-labelledby="address-heading">
          <h2 id="address-heading">Shipping address</h2>
          <p className="muted small">We ship within Australia only.</p>
          {savedAddresses.data && savedAddresses.data.length > 0 && (
            <div className="field">
              <label htmlFor="checkout-saved-address">Saved addresses</label>
              <select id="checkout-saved-address" className="select" defaultValue="" onChange={(event) => event.target.value && fillFromSavedAddress(Number(event.target.value))}>
                <option value="" disabled>
                  Choose one of your addresses
                </option>
                {savedAddresses.data.map((address) => (
                  <option key={address.id} value={address.id}>
                    {addressLine(address)}
                    {address.isDefault ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </div>
          )}
          {prefilledFrom !== null && (
            <p className="notice small" role="status" data-testid="prefilled-from">
              {'orderId' in prefilledFrom ? `Filled in from your last order (#${prefilledFrom.orderId}).` : 'Filled in from your saved address.'} Please check the details before you order.
            </p>
          )}
          <div className="field-grid">
            <Field label="First name" required error={errors.firstName}>
              <input id="checkout-firstName" className="input" autoComplete="given-name" required {...form.register('firstName')} />
            </Field>
            <Field label="Last name" required error={errors.lastName}>
              <input id="checkout-lastName" className="input" autoComplete="family-name" required {...form.register('lastName')} />
            </Field>
            <Field label="Phone" required className="span-2" error={errors.phone} hint="Australian mobile or landline, e.g. 0412 345 678 or 02 9876 5432.">
              <input
                id="checkout-phone"
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                placeholder="0412 345 678"
                {...reformatting(form.register('phone'), formatAustralianPhone)}
              />
            </Field>
            <Field label="Address" required className="span-2" error={errors.address}>
              <input id="checkout-address" className="input" autoComplete="street-address" required {...form.register('address')} />
            </Field>
            <Field label="City / suburb" required error={errors.city}>
              <input id="checkout-city" className="input" autoComplete="address-level2" required {...form.register('city')} />
            </Field>
            <Field label="State" required error={errors.state}>
              <select id="checkout-state" className="select" autoComplete="address-level1" required {...form.register('state')}>
                <option value="" disabled>
                  Choose a state
                </option>
                <AustralianStateOptions />
              </select>
            </Field>
            <Field label="Postcode" required error={errors.postalCode}>
              <input
                id="checkout-postalCode"
                className="input"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={4}
                required
                {...reformatting(form.register('postalCode'), (postcode) => postcode.replace(/\D/g, ''))}
              />
            </Field>
            <Field label="Country">
              <input id="checkout-country" className="input" value={COUNTRY} readOnly aria-readonly="true" />
            </Field>
          </div>
        </section>

        <section className="card stack" aria-labelledby="shipping-heading">
          <h2 id="shipping-heading">Shipping options</h2>
          <div role="radiogroup" aria-labelledby="shipping-heading" className="option-list">
            {SHIPPING_METHOD_IDS.map((method) => {
              const { label, delivery } = SHIPPING_METHODS[method];
              const costCents = shippingCostCents(method, discountedSubtotalCents);
              return (
                <label key={method} className="option-card">
                  <input
                    type="radio"
                    {...form.register('shippingMethod')}
                    value={method}
                    checked={shippingMethod === method}
                    onChange={() => choose(chooseShippingMethod(form.getValues(), method))}
                  />
                  <span className="option-body">
                    <span className="option-title">{label}</span>
                    <span className="muted small">
                      {delivery}
                      {method === CASH_ON_DELIVERY && ', paid to the courier in cash'}
                    </span>
                  </span>
                  <span className="option-price">{costCents === 0 ? 'Free' : formatAud(costCents)}</span>
                </label>
              );
            })}
          </div>
          <p className="muted small">
            Regular shipping is free on orders of {formatAud(FREE_REGULAR_SHIPPING_FROM_CENTS)} or more. Cash on Delivery is delivered by our own courier within Sydney metro and is paid in cash on arrival, so it is also your payment method.
          </p>
        </section>

        <section className="card stack" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment method</h2>
          {cashOnDelivery ? (
            <div className="option-card option-card-fixed" data-testid="payment-cash-on-delivery">
              <Banknote size={20} aria-hidden />
              <span className="option-body">
                <span className="option-title">Cash on Delivery</span>
                <span className="muted small">Comes with the Cash on Delivery shipping option: pay our courier in cash when it arrives. To pay in crypto, choose another shipping option.</span>
              </span>
            </div>
          ) : (
            <>
              <div role="radiogroup" aria-labelledby="payment-heading" aria-describedby={errors.paymentMethod ? 'checkout-paymentMethod-error' : undefined} className="option-list">
                {offeredMethods.map((method, index) => (
                  <label key={method} className="option-card">
                    <input id={index === 0 ? 'checkout-paymentMethod' : undefined} type="radio" {...form.register('paymentMethod')} value={method} checked={paymentMethod === method} />
                    <span className="option-body">
                      <span className="option-title">{CRYPTO_PAYMENT_METHODS[method].label}</span>
                      <span className="muted small">{method === PROMPTPAY ? 'Thai bank transfer in baht: scan a PromptPay QR code with your banking app' : 'Pay from your wallet with a QR code'}</span>
                    </span>
                  </label>
                ))}
              </div>
              <p className="muted small">Paying in cash? Choose Cash on Delivery under Shipping options (Sydney metro only).</p>
            </>
          )}
          {errors.paymentMethod && (
            <p id="checkout-paymentMethod-error" className="notice notice-danger">
              {errors.paymentMethod}
            </p>
          )}
          {cashOnDelivery && (
            <Field label="Delivery instructions">
              <textarea
                id="checkout-deliveryInstructions"
                className="textarea"
                maxLength={1000}
                placeholder="Gate code, a safe place to leave it, the best time to call…"
                {...form.register('deliveryInstructions')}
              />
            </Field>
          )}
        </section>

        <section className="card stack" aria-labelledby="referral-heading">
          <h2 id="referral-heading">Referral code</h2>
          {/* Checked by the server as it is typed (spec §5), not by the form's schema. */}
          <Field
            label="Referral code (optional)"
            error={referral.status === 'invalid' ? referral.message : undefined}
            hint={
              referral.status === 'checking' ? (
                'Checking code…'
              ) : referral.status === 'applied' ? (
                <span className="referral-applied">
                  {referral.code} applied: {referral.discountPercentage}% off your subtotal
                </span>
              ) : undefined
            }
          >
            <input id="checkout-referral" className="input" autoComplete="off" value={referralInput} onChange={(event) => setReferralInput(event.target.value)} />
          </Field>
        </section>
      </div>

      <aside className="checkout-aside">
        <section className="card stack" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Order summary</h2>
          <OrderSummary quote={quote} />
          <Field
            inline
            className="acknowledgement"
            label={<>I confirm I am {MINIMUM_AGE}+ and am buying these products for laboratory research only, not for human consumption.</>}
            hint={BUYER_REQUIREMENTS}
            error={errors.acknowledged}
          >
            <input id="checkout-acknowledged" type="checkbox" {...form.register('acknowledged')} />
          </Field>
          <p className="muted small">
            Ordering accepts our <Link to="/terms">terms of sale</Link>; what we keep about you is on the <Link to="/privacy">privacy page</Link>.
          </p>
          {serverError && (
            <p className="notice notice-danger" role="alert">
              {serverError}
            </p>
          )}
          <Button type="submit" variant="primary" size="lg" block disabled={paymentMethod === null || placeOrder.isPending}>
            <Lock size={18} aria-hidden />
            {placeOrder.isPending ? 'Placing order…' : paymentMethod === null ? 'Choose a payment method' : cashOnDelivery ? 'Place Order' : 'Place Order & Pay'}
          </Button>
          <p className="row gap muted small">
            <ShieldCheck size={16} aria-hidden /> Prices and totals are confirmed by our server when you order.
          </p>
        </section>
      </aside>
    </form>
  );
}

/** `register`'s props, with what was typed reformatted before the form takes it (phone spacing, postcode digits). */
function reformatting(registration: UseFormRegisterReturn, format: (value: string) => string): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement }) => {
      event.target.value = format(event.target.value);
      return registration.onChange(event);
    },
  };
}

/** react-hook-form's errors, each the spec message of its field's first problem. */
function specMessages(errors: FieldErrors<CheckoutFormValues>): Partial<Record<CheckoutField, string>> {
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, errors[field]?.message]).filter(([, message]) => message));
}
