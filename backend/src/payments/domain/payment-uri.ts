import { CryptoPaymentMethod } from '../../ordering/contract/checkout-rules';
import { SMALLEST_UNIT_DECIMALS, toSmallestUnit } from './crypto-quote';

/** ERC-20 token contracts on Ethereum mainnet, for EIP-681 transfer URIs. */
export const ERC20_TOKENS = {
  'usdt-erc20': { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  usdc: { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
} as const;
export type Erc20Method = keyof typeof ERC20_TOKENS;

const ETHEREUM_MAINNET = 1;

/**
 * What the QR code encodes, so a wallet app fills in address and amount:
 * BIP21 for Bitcoin, EIP-681 for Ether and ERC-20 tokens (of the configured contract); TRC-20 wallets only read a plain address.
 */
export function paymentUri(method: CryptoPaymentMethod, address: string, amount: string, tokenContracts: Record<Erc20Method, string> = { 'usdt-erc20': ERC20_TOKENS['usdt-erc20'].contract, usdc: ERC20_TOKENS.usdc.contract }): string {
  switch (method) {
    case 'bitcoin':
      return `bitcoin:${address}?amount=${amount}`;
    case 'ethereum':
      return `ethereum:${address}@${ETHEREUM_MAINNET}?value=${toSmallestUnit(amount, SMALLEST_UNIT_DECIMALS[method])}`;
    case 'usdt-erc20':
    case 'usdc':
      return `ethereum:${tokenContracts[method]}@${ETHEREUM_MAINNET}/transfer?address=${address}&uint256=${toSmallestUnit(amount, SMALLEST_UNIT_DECIMALS[method])}`;
    case 'usdt-trc20':
      return address;
  }
}
