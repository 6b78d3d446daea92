import { generate } from 'promptparse';
import { CryptoPaymentMethod } from '../../ordering/contract/checkout-rules';
import { promptPayProxy } from '../../ordering/contract/wallet-address';
import { SMALLEST_UNIT_DECIMALS, toSmallestUnit } from './crypto-quote';

/** ERC-20 token contracts on Ethereum mainnet, for EIP-681 transfer URIs. */
export const ERC20_TOKENS = {
  'usdt-erc20': { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  usdc: { contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
} as const;
export type Erc20Method = keyof typeof ERC20_TOKENS;

const ETHEREUM_MAINNET = 1;

/**
 * What the QR code encodes, so a wallet or banking app fills in address and amount:
 * BIP21 for Bitcoin, EIP-681 for Ether and ERC-20 tokens (of the configured contract); TRC-20 wallets only read a plain address;
 * for PromptPay the EMVCo (Thai QR Payment) payload of the shop's PromptPay id and the amount in baht, with its CRC.
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
    case 'promptpay':
      return promptPayPayload(address, amount);
  }
}

/**
 * The PromptPay "any id" payload, built by promptparse (a maintained implementation of the Bank of Thailand's
 * Thai QR Payment standard, CRC-16/CCITT included): a dynamic QR with the amount, which the library writes
 * with two decimals. The amount goes through whole satang first, so a baht string with more decimals is refused
 * rather than rounded, and the number handed over is exact to the satang.
 */
export function promptPayPayload(promptPayId: string, amountThb: string): string {
  const proxy = promptPayProxy(promptPayId);
  if (!proxy) throw new Error(`Not a PromptPay id: ${promptPayId}`);
  const satang = Number(toSmallestUnit(amountThb, SMALLEST_UNIT_DECIMALS.promptpay));
  if (satang <= 0) throw new Error(`A PromptPay amount must be above zero, got ${amountThb}`);
  return generate.anyId({ ...proxy, amount: satang / 100 });
}
