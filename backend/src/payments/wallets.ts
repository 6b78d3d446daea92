import { CRYPTO_PAYMENT_METHOD_IDS, CryptoPaymentMethod } from '../ordering/contract/checkout-rules';
import { walletAddressProblem } from '../ordering/contract/wallet-address';

export type WalletAddresses = Record<CryptoPaymentMethod, string>;

export const WALLET_ADDRESSES = Symbol('WALLET_ADDRESSES');

/** Demo receiving addresses (valid formats, nobody's funds): replace them with WALLET_* variables in production. */
const DEMO_WALLETS: WalletAddresses = {
  bitcoin: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  ethereum: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  'usdt-trc20': 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  'usdt-erc20': '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  usdc: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
};

const ENV_NAMES: Record<CryptoPaymentMethod, string> = {
  bitcoin: 'WALLET_BITCOIN',
  ethereum: 'WALLET_ETHEREUM',
  'usdt-trc20': 'WALLET_USDT_TRC20',
  'usdt-erc20': 'WALLET_USDT_ERC20',
  usdc: 'WALLET_USDC',
};

/** Read at start-up and refused there when malformed: a typo must never reach a customer's QR code. */
export function loadWalletAddresses(env: NodeJS.ProcessEnv): WalletAddresses {
  const wallets = { ...DEMO_WALLETS };
  for (const method of CRYPTO_PAYMENT_METHOD_IDS) {
    const configured = env[ENV_NAMES[method]]?.trim();
    if (configured) wallets[method] = configured;
    const problem = walletAddressProblem(method, wallets[method]);
    if (problem) throw new Error(`${ENV_NAMES[method]}: ${problem}`);
  }
  return wallets;
}
