import { CryptoPaymentMethod } from './checkout-rules';

/** Checkout spec §5: the shapes of the addresses of each payment method (the shop's own, and a customer's for a refund). */
const BITCOIN = /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|(?:bc1|tb1)[a-zA-HJ-NP-Z0-9]{39,59})$/;
const ETHEREUM = /^0x[0-9a-fA-F]{40}$/;
const TRON = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

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
  }
}
