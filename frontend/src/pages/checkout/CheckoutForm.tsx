import { Lock, ShieldCheck } from 'lucide-react';
import { FormEvent, useMemo, useState } from 'react';
import { messageOf } from '../../api/client';
import type { PlacedOrder } from '../../api/types';
import { CheckoutLine, useCheckoutQuote, usePlaceOrder, useReferralCode } from '../../hooks/useCheckout';
import { formatAud } from '../../lib/currencies';
import { toCents } from '../../lib/money';
import { BUYER_REQUIREMENTS, MINIMUM_AGE } from '../../lib/shop';
import { useCart } from '../../state/cart';
import { useToast } from '../../state/toast';
import {
  AUSTRALIAN_STATES,
  CASH_ON_DELIVERY,
  COUNTRY,
  CRYPTO_PAYMENT_METHOD_IDS,
  CRYPTO_PAYMENT_METHODS,
  formatAustralianPhone,
  PaymentMethod,
  SHIPPING_METHOD_IDS,
  FREE_REGULAR_SHIPPING_FROM_CENTS,
  SHIPPING_METHODS,
  shippingCostCents,
} from '../../../../backend/src/ordering/contract/checkout-rules';
import {
  CheckoutErrors,
  CheckoutFormValues,
  chooseShippingMethod,
  choosePaymentMethod,
  EMPTY_CHECKOUT_FORM,
  FIELD_ORDER,
  orderPayload,
  splitMessage,
  validateCheckout,
} from './checkout-form';
import { TextField } from './fields';
import { OrderSummary } from './OrderSummary';

const ORDER_FAILED = 'Failed to create order. Please try again.';

/** Step info of checkout spec §2: who, where, how it ships, how it is paid, and the server's price for it. */
export function CheckoutForm({ email, onOrderPlaced }: { email: string | null; onOrderPlaced(order: PlacedOrder): void }) {
  const cart = useCart();
  const toast = useToast();
  const [values, setValues] = useState<CheckoutFormValues>(() => ({ ...EMPTY_CHECKOUT_FORM, email: email ?? '' }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [validated, setValidated] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [referralInput, setReferralInput] = useState('');
  const referral = useReferralCode(referralInput);
  const appliedReferral = referral.status === 'applied' ? referral.code : null;
  const items = useMemo<CheckoutLine[]>(() => cart.lines.map(({ product, quantity }) => ({ productId: product.id, quantity })), [cart.lines]);
  const quote = useCheckoutQuote(items, values.shippingMethod, appliedReferral);
  const discountedSubtotalCents = quote.data ? toCents(quote.data.subtotal) - toCents(quote.data.discountAmount) : 0;
  const placeOrder = usePlaceOrder();
  const cashOnDelivery = values.paymentMethod === CASH_ON_DELIVERY;

  const update = (next: CheckoutFormValues) => {
    setValues(next);
    setServerError(null);
    if (validated) setErrors(validateCheckout(next).errors);
  };
  const set = <K extends keyof CheckoutFormValues>(field: K) => (value: CheckoutFormValues[K]) => update({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cart.lines.length === 0) {
      toast({ title: 'Empty Cart', variant: 'destructive' });
      return;
    }
    const result = validateCheckout(values);
    setErrors(result.errors);
    setValidated(true);
    if (result.message || values.paymentMethod === null) {
      if (result.message) toast({ ...splitMessage(result.message), variant: 'destructive' });
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      if (first) document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
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

  return (
    <form className="checkout-layout" onSubmit={submit} noValidate aria-label="Checkout">
      <div className="checkout-main stack">
        <section className="card stack" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Customer information</h2>
          <TextField
            id="checkout-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onValueChange={set('email')}
            error={errors.email}
            hint="Your order confirmation and tracking details go here."
          />
        </section>

        <section className="card stack" aria-labelledby="address-heading">
          <h2 id="address-heading">Shipping address</h2>
          <p className="muted small">We ship within Australia only.</p>
          <div className="field-grid">
            <TextField id="checkout-firstName" label="First name" autoComplete="given-name" required value={values.firstName} onValueChange={set('firstName')} error={errors.firstName} />
            <TextField id="checkout-lastName" label="Last name" autoComplete="family-name" required value={values.lastName} onValueChange={set('lastName')} error={errors.lastName} />
            <TextField
              id="checkout-phone"
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              className="span-2"
              placeholder="0412 345 678"
              value={values.phone}
              onValueChange={(phone) => set('phone')(formatAustralianPhone(phone))}
              error={errors.phone}
              hint="Australian mobile or landline, e.g. 0412 345 678 or 02 9876 5432."
            />
            <TextField id="checkout-address" label="Address" autoComplete="street-address" required className="span-2" value={values.address} onValueChange={set('address')} error={errors.address} />
            <TextField id="checkout-city" label="City / suburb" autoComplete="address-level2" required value={values.city} onValueChange={set('city')} error={errors.city} />
            <div className="field">
              <label htmlFor="checkout-state">
                State<span aria-hidden className="required-mark"> *</span>
              </label>
              <select
                id="checkout-state"
                className="select"
                autoComplete="address-level1"
                required
                value={values.state}
                onChange={(event) => set('state')(event.target.value)}
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={errors.state ? 'checkout-state-error' : undefined}
              >
                <option value="" disabled>
                  Choose a state
                </option>
                {AUSTRALIAN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
              {errors.state && (
                <span id="checkout-state-error" className="field-error">
                  {errors.state}
                </span>
              )}
            </div>
            <TextField
              id="checkout-postalCode"
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              required
              value={values.postalCode}
              onValueChange={(postcode) => set('postalCode')(postcode.replace(/\D/g, ''))}
              error={errors.postalCode}
            />
            <TextField id="checkout-country" label="Country" value={COUNTRY} readOnly aria-readonly="true" />
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
                  <input type="radio" name="shippingMethod" value={method} checked={values.shippingMethod === method} onChange={() => update(chooseShippingMethod(values, method))} />
                  <span className="option-body">
                    <span className="option-title">{label}</span>
                    <span className="muted small">{delivery}</span>
                  </span>
                  <span className="option-price">{costCents === 0 ? 'Free' : formatAud(costCents)}</span>
                </label>
              );
            })}
          </div>
          <p className="muted small">
            Regular shipping is free on orders of {formatAud(FREE_REGULAR_SHIPPING_FROM_CENTS)} or more. Cash on Delivery is delivered by our own courier within Sydney metro and is paid in cash on arrival.
          </p>
        </section>

        <section className="card stack" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment method</h2>
          <div role="radiogroup" aria-labelledby="payment-heading" aria-describedby={errors.paymentMethod ? 'checkout-paymentMethod-error' : undefined} className="option-list">
            {[...CRYPTO_PAYMENT_METHOD_IDS, CASH_ON_DELIVERY].map((method, index) => (
              <label key={method} className="option-card">
                <input
                  id={index === 0 ? 'checkout-paymentMethod' : undefined}
                  type="radio"
                  name="paymentMethod"
                  value={method}
                  checked={values.paymentMethod === method}
                  onChange={() => update(choosePaymentMethod(values, method as PaymentMethod))}
                />
                <span className="option-body">
                  <span className="option-title">{method === CASH_ON_DELIVERY ? 'Cash on Delivery' : CRYPTO_PAYMENT_METHODS[method as keyof typeof CRYPTO_PAYMENT_METHODS].label}</span>
                  <span className="muted small">{method === CASH_ON_DELIVERY ? 'Sydney metro only, pay the courier in cash' : 'Pay from your wallet with a QR code'}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.paymentMethod && (
            <p id="checkout-paymentMethod-error" className="notice notice-danger">
              {errors.paymentMethod}
            </p>
          )}
          {cashOnDelivery && (
            <div className="field">
              <label htmlFor="checkout-deliveryInstructions">Delivery instructions</label>
              <textarea
                id="checkout-deliveryInstructions"
                className="textarea"
                maxLength={1000}
                placeholder="Gate code, a safe place to leave it, the best time to call…"
                value={values.deliveryInstructions}
                onChange={(event) => set('deliveryInstructions')(event.target.value)}
              />
            </div>
          )}
        </section>

        <section className="card stack" aria-labelledby="referral-heading">
          <h2 id="referral-heading">Referral code</h2>
          <TextField
            id="checkout-referral"
            label="Referral code (optional)"
            autoComplete="off"
            value={referralInput}
            onValueChange={setReferralInput}
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
          />
        </section>
      </div>

      <aside className="checkout-aside">
        <section className="card stack" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Order summary</h2>
          <OrderSummary quote={quote} />
          <label className="checkbox acknowledgement" htmlFor="checkout-acknowledged">
            <input
              id="checkout-acknowledged"
              type="checkbox"
              checked={values.acknowledged}
              onChange={(event) => set('acknowledged')(event.target.checked)}
              aria-invalid={errors.acknowledged ? true : undefined}
              aria-describedby="checkout-acknowledged-detail"
            />
            <span>
              I confirm I am {MINIMUM_AGE}+ and am buying these products for laboratory research only, not for human consumption.
            </span>
          </label>
          <p id="checkout-acknowledged-detail" className="muted small">
            {BUYER_REQUIREMENTS}
          </p>
          {errors.acknowledged && <span className="field-error">{errors.acknowledged}</span>}
          {serverError && (
            <p className="notice notice-danger" role="alert">
              {serverError}
            </p>
          )}
          <button type="submit" className="button button-primary button-lg button-block" disabled={values.paymentMethod === null || placeOrder.isPending}>
            <Lock size={18} aria-hidden />
            {placeOrder.isPending ? 'Placing order…' : values.paymentMethod === null ? 'Choose a payment method' : cashOnDelivery ? 'Place Order' : 'Place Order & Pay'}
          </button>
          <p className="row gap muted small">
            <ShieldCheck size={16} aria-hidden /> Prices and totals are confirmed by our server when you order.
          </p>
        </section>
      </aside>
    </form>
  );
}
