import { CHAIN_PAYMENT_METHOD_IDS, ChainPaymentMethod } from '../ordering/contract/checkout-rules';
import { promptPayProxy, walletAddressProblem } from '../ordering/contract/wallet-address';
import { blankToNull } from '../shared/env';

/**
 * Where each method is paid when no extended public key gives it an address of its own: the fixed address per
 * chain method, and the shop's PromptPay id (a Thai mobile number or tax id), null when PromptPay is not offered.
 */
export type WalletAddresses = Record<ChainPaymentMethod, string> & { promptpay: string | null };

export const WALLET_ADDRESSES = Symbol('WALLET_ADDRESSES');

/** Demo receiving addresses (valid formats, nobody's funds): replace them with WALLET_* variables in production. */
const DEMO_WALLETS: Record<ChainPaymentMethod, string> = {
  bitcoin: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  ethereum: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  'usdt-trc20': 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  'usdt-erc20': '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  usdc: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
};

/** The demo's PromptPay id: a well-formed Thai mobile number of all zeros, obviously no one's (the README says so). */
export const DEMO_PROMPTPAY_ID = '0800000000';

const ENV_NAMES: Record<ChainPaymentMethod, string> = {
  bitcoin: 'WALLET_BITCOIN',
  ethereum: 'WALLET_ETHEREUM',
  'usdt-trc20': 'WALLET_USDT_TRC20',
  'usdt-erc20': 'WALLET_USDT_ERC20',
  usdc: 'WALLET_USDC',
};

/** Read at start-up and refused there when malformed: a typo must never reach a customer's QR code. */
export function loadWalletAddresses(env: NodeJS.ProcessEnv): WalletAddresses {
  const wallets = { ...DEMO_WALLETS };
  for (const method of CHAIN_PAYMENT_METHOD_IDS) {
    const configured = env[ENV_NAMES[method]]?.trim();
    if (configured) wallets[method] = configured;
    const problem = walletAddressProblem(method, wallets[method]);
    if (problem) throw new Error(`${ENV_NAMES[method]}: ${problem}`);
  }
  return { ...wallets, promptpay: promptPayId(env) };
}

/**
 * PROMPTPAY_ID, kept in the form the EMVCo payload takes (0xxxxxxxxx, or the 13 digits of a tax id). Unset, the
 * demo offers PromptPay to its fake id like its demo wallet addresses; a production start (NODE_ENV=production)
 * does not offer it at all, since bank transfers to a made-up number would be a shopper's money lost. `off`: not offered.
 */
function promptPayId(env: NodeJS.ProcessEnv): string | null {
  const configured = blankToNull(env.PROMPTPAY_ID)?.trim() ?? null;
  if (configured === 'off') return null;
  if (configured === null) return env.NODE_ENV === 'production' ? null : DEMO_PROMPTPAY_ID;
  const proxy = promptPayProxy(configured);
  if (!proxy) throw new Error(`PROMPTPAY_ID: ${walletAddressProblem('promptpay', configured)}, got ${configured}`);
  return proxy.target;
}
