import { ChainPaymentMethod } from '../../ordering/contract/checkout-rules';

/**
 * The chains the shop watches. One watcher per network; Ethereum's watches Ether and its ERC-20
 * tokens (USDT-ERC20, USDC), Tron's watches USDT-TRC20.
 */
export type ChainNetwork = 'bitcoin' | 'ethereum' | 'tron';

/** PromptPay is on no chain, so no watcher: its payments wait for staff. */
export const NETWORK_OF: Record<ChainPaymentMethod, ChainNetwork> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  'usdt-erc20': 'ethereum',
  usdc: 'ethereum',
  'usdt-trc20': 'tron',
};

/** An address a payment waits on, and what it waits for. */
export interface WatchedAddress {
  /** As the payment recorded it (bech32 lowercase, 0x EIP-55 checksummed, base58check `T…`). */
  address: string;
  method: ChainPaymentMethod;
  /** For a token method: the token contract the watcher reads Transfer logs of (from the watcher's settings, not the shopper). */
  tokenContract?: string;
  /** The chain height when the payment was quoted, if known: nothing older can pay it. */
  fromHeight?: number;
}

/** One transfer into a watched address, as the chain shows it at the moment of asking. */
export interface ObservedTransfer {
  /**
   * Unique per transfer and stable across polls: `txid:vout` for Bitcoin, `txhash:logIndex` for a token
   * transfer, `txhash` for Ether. One transaction paying an address twice is two transfers.
   */
  transferId: string;
  transactionHash: string;
  /** The watched address it pays (exactly as in WatchedAddress). */
  address: string;
  /** Integer string in the asset's smallest unit (satoshi, wei, token base unit). */
  amountUnits: string;
  /** null while in the mempool. */
  blockHeight: number | null;
  blockHash: string | null;
  /** 0 in the mempool, 1 in the tip block, and so on. */
  confirmations: number;
}

/**
 * Reads one network. Stateless between calls: the payments remember what they saw (on their
 * streams), a watcher only answers "what pays these addresses now". A transfer seen before and
 * missing now has left the chain (a reorg, or dropped from the mempool). Errors (the node is down,
 * answers garbage) are thrown; the caller backs off and asks again.
 */
export interface ChainWatcher {
  readonly network: ChainNetwork;
  /** The height of the chain's tip. */
  tipHeight(): Promise<number>;
  /** Every transfer to the addresses, confirmed or in the mempool, with its confirmations at the current tip. */
  transfersTo(addresses: readonly WatchedAddress[]): Promise<ObservedTransfer[]>;
}

export const CHAIN_WATCHERS = Symbol('CHAIN_WATCHERS');
