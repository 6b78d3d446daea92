import { CryptoPaymentMethod, phoneDigits } from './checkout-rules';

/** Checkout spec §5: the shapes of the addresses of each payment method (the shop's own, and a customer's for a refund; PromptPay's is a Thai mobile number or tax id). */
const BITCOIN = /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|(?:bc1|tb1)[a-zA-HJ-NP-Z0-9]{39,59})$/;
const ETHEREUM = /^0x[0-9a-fA-F]{40}$/;
const TRON = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/**
 * "PromptPay: Thai mobile number": 0 and 9 digits from 06, 08 or 09, or the same in its +66 form; a PromptPay id
 * may also be a 13-digit tax (national) id, which businesses register. Blanks and dashes are ignored.
 */
const THAI_MOBILE = /^(?:0|\+?66)([689]\d{8})$/;
const THAI_TAX_ID = /^\d{13}$/;

/** A PromptPay id as the EMVCo payload takes it: a mobile number as 0xxxxxxxxx, or a 13-digit tax id; null when it is neither. */
export function promptPayProxy(id: string): { type: 'MSISDN' | 'NATID'; target: string } | null {
  const digits = phoneDigits(id);
  const mobile = THAI_MOBILE.exec(digits);
  if (mobile) return { type: 'MSISDN', target: `0${mobile[1]}` };
  return THAI_TAX_ID.test(digits) ? { type: 'NATID', target: digits } : null;
}

export function walletAddressProblem(method: CryptoPaymentMethod, address: string): string | null {
  if (!address) return 'Address is required';
  switch (method) {
    case 'bitcoin':
      return BITCOIN.test(address) ? null : 'Invalid Bitcoin address format: expected 1…, 3… or bc1…';
    case 'ethereum':
    case 'usdt-erc20':
    case 'usdc':
      return ETHEREUM.test(address) ? null : 'Invalid Ethereum address format: expected 0x followed by 40 hex characters';
    case 'usdt-trc20':
      return TRON.test(address) ? null : 'Invalid TRON address format: expected T followed by 33 characters';
    case 'promptpay':
      return promptPayProxy(address) ? null : 'Invalid Thai phone number: expected a mobile number of 10 digits starting 06, 08 or 09 (081 234 5678 or +66 81 234 5678), or a 13-digit tax id';
  }
}
