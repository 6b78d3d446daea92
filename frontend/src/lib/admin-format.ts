/** Checkout spec §9: a transaction hash is shown as its first 8 and last 8 characters. */
export function shortHash(hash: string): string {
  return hash.length <= 19 ? hash : `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}

const NOT_ON_CHAIN = /^(manual_|test_|verified_)/;

/**
 * Checkout spec §9 explorer rules: Bitcoin to a Bitcoin explorer; Ethereum, USDC and ERC20 USDT
 * to an Ethereum explorer; USDT to a Tron explorer when the hash is 64 characters without 0x.
 * Ids recorded by hand (manual_, test_, verified_) have nothing to link to.
 */
export function explorerUrl(paymentMethod: string, hash: string | null): string | null {
  if (!hash || NOT_ON_CHAIN.test(hash)) return null;
  if (paymentMethod === 'bitcoin') return `https://mempool.space/tx/${hash}`;
  if (paymentMethod === 'usdt-trc20' || (paymentMethod === 'usdt' && hash.length === 64 && !hash.startsWith('0x'))) {
    return `https://tronscan.org/#/transaction/${hash}`;
  }
  if (['ethereum', 'usdc', 'usdt', 'usdt-erc20'].includes(paymentMethod)) return `https://etherscan.io/tx/${hash}`;
  return null;
}

export { paymentMethodLabel } from '../../../backend/src/ordering/contract/checkout-rules';

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
