import type * as Viem from 'viem' with { 'resolution-mode': 'import' };
import type { Hash, PublicClient } from 'viem' with { 'resolution-mode': 'import' };
import { ChainWatcher, ObservedTransfer, WatchedAddress } from './chain-watcher.port';

// viem publishes its types as ES modules only; this CommonJS build requires its CommonJS files.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createPublicClient, getAddress, http, parseAbiItem, webSocket } = require('viem') as typeof Viem;

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Where a scan starts when the payment recorded no height (the node was down at quote time): about 3 hours of blocks. */
const DEFAULT_LOOKBACK_BLOCKS = 1000n;
/** Blocks fetched at once on a first scan. */
const FETCH_BATCH = 10;

interface ScannedBlock {
  hash: Hash;
  parentHash: Hash;
  /** Only what can pay an address: transactions carrying Ether to an account. */
  payments: { hash: Hash; to: string; value: bigint }[];
}

/**
 * Ethereum over JSON-RPC (ETH_RPC_URL): ERC-20 Transfer logs (`eth_getLogs`, filtered by the token contract
 * and the indexed recipient) for USDT-ERC20 and USDC, and Ether by reading blocks with their transactions
 * (`eth_getBlockByNumber`) from the payment's quote height, since no RPC indexes Ether by recipient.
 * Ether sent by a contract (an internal transfer) is not seen: it is in no transaction's `to` and `value`.
 *
 * Blocks already read are kept in memory only to spare the node: each scan reads the tip and walks down by
 * parent hash until it meets a block it has, so a reorganisation replaces the blocks that changed. The truth
 * stays on the payment streams; a restart just reads the blocks again.
 */
export class EvmWatcher implements ChainWatcher {
  readonly network = 'ethereum' as const;
  private readonly client: PublicClient;
  private readonly blocks = new Map<bigint, ScannedBlock>();

  constructor(rpcUrl: string) {
    // cacheTime 0: viem would otherwise answer the block number from a 4-second cache, hiding new blocks.
    this.client = createPublicClient({ cacheTime: 0, transport: /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl) : http(rpcUrl, { retryCount: 0, timeout: 10_000 }) }) as PublicClient;
  }

  async tipHeight(): Promise<number> {
    return Number(await this.client.getBlockNumber());
  }

  async transfersTo(addresses: readonly WatchedAddress[]): Promise<ObservedTransfer[]> {
    if (addresses.length === 0) return [];
    const tip = await this.client.getBlockNumber();
    const startOf = (watched: WatchedAddress) => (watched.fromHeight === undefined ? (tip > DEFAULT_LOOKBACK_BLOCKS ? tip - DEFAULT_LOOKBACK_BLOCKS : 0n) : BigInt(watched.fromHeight));
    const ether = addresses.filter((watched) => watched.method === 'ethereum');
    const tokens = addresses.filter((watched) => watched.method !== 'ethereum');
    const found = [...(await this.etherTransfers(ether, tip, startOf)), ...(await this.tokenTransfers(tokens, tip, startOf))];
    return found;
  }

  private async etherTransfers(watched: WatchedAddress[], tip: bigint, startOf: (watched: WatchedAddress) => bigint): Promise<ObservedTransfer[]> {
    if (watched.length === 0) return [];
    const byAddress = new Map(watched.map((entry) => [entry.address.toLowerCase(), entry]));
    const from = watched.map(startOf).reduce((low, height) => (height < low ? height : low));
    await this.scan(from, tip);
    const transfers: ObservedTransfer[] = [];
    for (let height = from; height <= tip; height += 1n) {
      const block = this.blocks.get(height)!;
      for (const payment of block.payments) {
        const entry = byAddress.get(payment.to);
        if (!entry || height < startOf(entry)) continue;
        transfers.push({
          transferId: payment.hash, transactionHash: payment.hash, address: entry.address, amountUnits: payment.value.toString(),
          blockHeight: Number(height), blockHash: block.hash, confirmations: Number(tip - height + 1n),
        });
      }
    }
    return transfers;
  }

  private async tokenTransfers(watched: WatchedAddress[], tip: bigint, startOf: (watched: WatchedAddress) => bigint): Promise<ObservedTransfer[]> {
    const byContract = new Map<string, WatchedAddress[]>();
    for (const entry of watched) {
      if (!entry.tokenContract) throw new Error(`No token contract for the ${entry.method} payment to ${entry.address}`);
      const contract = getAddress(entry.tokenContract);
      byContract.set(contract, [...(byContract.get(contract) ?? []), entry]);
    }
    const transfers: ObservedTransfer[] = [];
    for (const [contract, entries] of byContract) {
      const byAddress = new Map(entries.map((entry) => [entry.address.toLowerCase(), entry]));
      const from = entries.map(startOf).reduce((low, height) => (height < low ? height : low));
      const logs = await this.client.getLogs({ address: contract as `0x${string}`, event: TRANSFER_EVENT, args: { to: entries.map((entry) => entry.address as `0x${string}`) }, fromBlock: from, toBlock: tip });
      for (const log of logs) {
        const entry = byAddress.get((log.args.to ?? '').toLowerCase());
        if (!entry || log.blockNumber === null || log.blockNumber < startOf(entry) || log.args.value === undefined || log.args.value === 0n) continue;
        transfers.push({
          transferId: `${log.transactionHash}:${log.logIndex}`, transactionHash: log.transactionHash!, address: entry.address, amountUnits: log.args.value.toString(),
          blockHeight: Number(log.blockNumber), blockHash: log.blockHash, confirmations: Number(tip - log.blockNumber + 1n),
        });
      }
    }
    return transfers;
  }

  /** Makes the kept blocks from `from` to `tip` the node's current chain. */
  private async scan(from: bigint, tip: bigint): Promise<void> {
    for (const height of this.blocks.keys()) if (height > tip || height < from) this.blocks.delete(height);
    const missing: bigint[] = [];
    for (let height = from; height < tip; height += 1n) if (!this.blocks.has(height)) missing.push(height);
    for (let start = 0; start < missing.length; start += FETCH_BATCH) {
      const batch = missing.slice(start, start + FETCH_BATCH);
      const read = await Promise.all(batch.map((height) => this.readBlock(height)));
      batch.forEach((height, index) => this.blocks.set(height, read[index]));
    }
    // From the tip down, until a kept block is the parent its child names: below it nothing changed.
    let child = await this.readBlock(tip);
    this.blocks.set(tip, child);
    for (let height = tip - 1n; height >= from; height -= 1n) {
      if (this.blocks.get(height)!.hash === child.parentHash) break;
      child = await this.readBlock(height);
      this.blocks.set(height, child);
    }
  }

  private async readBlock(height: bigint): Promise<ScannedBlock> {
    const block = await this.client.getBlock({ blockNumber: height, includeTransactions: true });
    const payments = block.transactions
      .filter((transaction) => transaction.to !== null && transaction.value > 0n)
      .map((transaction) => ({ hash: transaction.hash, to: transaction.to!.toLowerCase(), value: transaction.value }));
    return { hash: block.hash!, parentHash: block.parentHash, payments };
  }
}
