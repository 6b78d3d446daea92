import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiGet, apiRequest, messageOf } from '../../../api/client';
import type { CheckoutQuote, Order, Payment, PlacedOrder, ShippingAddress, WalletAddresses } from '../../../api/types';
import { CRYPTO_PAYMENT_METHOD_IDS, CryptoPaymentMethod, isChainPaymentMethod, MESSAGES, PaymentMethod, ShippingMethod } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { recordOrderPlaced } from '../../../lib/analytics';
import { useToast } from '../../../state/toast';
import { orderQueries, CUSTOMER_ORDERS_KEY } from '../../ordering';
import { useAuth } from '../../identity';

/** Checkout spec §5 and §9. */
export const REFERRAL_CHECK_DELAY_MS = 500;
export const PAYMENT_POLL_INTERVAL_MS = 10_000;
export const PAYMENT_POLL_LIMIT_MS = 10 * 60_000;

export interface CheckoutLine {
  productId: number;
  quantity: number;
}

/** The order summary is the server's arithmetic, never the browser's (it prices the order the same way). */
export function useCheckoutQuote(items: CheckoutLine[], shippingMethod: ShippingMethod, referralCode: string | null) {
  return useQuery({
    queryKey: ['/api/checkout/quote', { items, shippingMethod, referralCode }],
    queryFn: () => apiRequest<CheckoutQuote>('POST', '/api/checkout/quote', { items, shippingMethod, referralCode }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

const WALLET_ADDRESSES_URL = '/api/wallet-addresses';

/**
 * The quoted methods the shop takes: every coin, and PromptPay once the shop's answer shows it has a
 * PromptPay id (PROMPTPAY_ID; its address is null when PromptPay is not offered).
 */
export function useOfferedPaymentMethods(): CryptoPaymentMethod[] {
  const wallets = useQuery({ queryKey: [WALLET_ADDRESSES_URL], queryFn: () => apiGet<WalletAddresses>(WALLET_ADDRESSES_URL), staleTime: 5 * 60_000 });
  return CRYPTO_PAYMENT_METHOD_IDS.filter((method) => isChainPaymentMethod(method) || Boolean(wallets.data?.[method]));
}

export type ReferralState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'applied'; code: string; discountPercentage: number }
  | { status: 'invalid'; message: string };

/** Checks the typed code once typing pauses for 500 ms; an empty field clears it (spec §5). */
export function useReferralCode(input: string): ReferralState {
  const toast = useToast();
  const [state, setState] = useState<ReferralState>({ status: 'none' });
  const code = input.trim();

  useEffect(() => {
    if (!code) {
      setState({ status: 'none' });
      return;
    }
    setState({ status: 'checking' });
    let superseded = false;
    const timer = window.setTimeout(async () => {
      try {
        const { discountPercentage } = await apiGet<{ discountPercentage: number }>(`/api/referral-codes/${encodeURIComponent(code)}`);
        if (superseded) return;
        setState({ status: 'applied', code: code.toUpperCase(), discountPercentage });
        toast({ title: 'Referral Code Applied!', description: `${discountPercentage}% off your subtotal.`, variant: 'success' });
      } catch (error) {
        if (!superseded) setState({ status: 'invalid', message: messageOf(error, MESSAGES.invalidReferral) });
      }
    }, REFERRAL_CHECK_DELAY_MS);
    return () => {
      superseded = true;
      window.clearTimeout(timer);
    };
  }, [code, toast]);

  return state;
}

/** The storefront's order payload (checkout spec §7); the server recomputes every amount and status in it. */
export interface PlaceOrderPayload {
  customerEmail: string;
  totalAmount: string | null;
  paymentMethod: PaymentMethod;
  status: 'pending';
  paymentStatus: 'pending' | 'confirmed';
  shippingMethod: ShippingMethod;
  shippingCost: string | null;
  deliveryInstructions: string | null;
  referralCode: string | null;
  discountAmount: string | null;
  /** What the shopper typed; the server validates it (and fixes the country) before anything is written. */
  shippingAddress: Omit<ShippingAddress, 'state' | 'country'> & { state: string; country: string };
  items: { productId: number; quantity: number; price: string }[];
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PlaceOrderPayload) => apiRequest<PlacedOrder>('POST', '/api/orders', payload),
    onSuccess: (order) => {
      recordOrderPlaced(order.id);
      return queryClient.invalidateQueries({ queryKey: CUSTOMER_ORDERS_KEY });
    },
  });
}

/** Asking again for the same coin while its quote is open returns that quote; the server decides amount and address. */
export function useInitiatePayment() {
  return useMutation({
    mutationFn: ({ order, paymentMethod }: { order: Order; paymentMethod: CryptoPaymentMethod }) =>
      apiRequest<Payment>('POST', '/api/payments/crypto', { orderId: order.id, paymentMethod, amount: order.totalAmount }),
  });
}

/** Polled every 10 s while `polling`; the panel stops polling after 10 minutes (spec §9). */
export function usePaymentStatus(payment: Payment, polling: boolean) {
  return useQuery({
    queryKey: ['/api/payments', payment.id, 'status'],
    queryFn: () => apiGet<Payment>(`/api/payments/${payment.id}/status`),
    initialData: payment,
    initialDataUpdatedAt: Date.now(),
    staleTime: PAYMENT_POLL_INTERVAL_MS,
    gcTime: 0,
    refetchInterval: polling ? PAYMENT_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
  });
}

/** An order the shopper may see (its owner or the guest session that placed it). */
export function useOrder(orderId: number) {
  const { isAuthenticated } = useAuth();
  return useQuery(orderQueries.detail(orderId, isAuthenticated));
}
