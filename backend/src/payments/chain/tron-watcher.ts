import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';
import { z } from 'zod';
import { ChainWatcher, ObservedTransfer, WatchedAddress } from './chain-watcher.port';

export interface TronGridSettings {
  /** TronGrid (https://api.trongrid.io) or a node with its v1 API. */
  baseUrl: string;
  /** Sent as TRON-PRO-API-KEY: TronGrid throttles keyless callers hard. */
  apiKey?: string;
  /** The USDT-TRC20 contract, base58check (mainnet: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). */
  usdtContract: string;
  /** TronGrid's page size for the TRC-20 history (its maximum is 200). */
  pageSize?: number;
  timeoutMs?: number;
}

export const USDT_TRC20_MAINNET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DEFAULT_PAGE_SIZE = 200;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A history longer than this for a fresh payment address is not a payment: refuse rather than page forever. */
const MAX_PAGES = 50;
/** keccak-256 of Transfer(address,address,uint256), the ERC-20 event TRC-20 tokens emit. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

/**
 * GET /v1/accounts/:address/transactions/trc20 (TronGrid v1 API reference, "Get TRC20 transaction info by
 * account address"): newest first, a `meta.fingerprint` while more pages follow. Only the fields read here.
 */
const trc20History = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      transaction_id: hex(64),
      token_info: z.object({ address: z.string() }),
      to: z.string(),
      type: z.string(),
    }),
  ),
  meta: z.object({ fingerprint: z.string().optional() }),
});

/**
 * POST /wallet/gettransactioninfobyid (java-tron FullNode HTTP API): the receipt, `{}` while the node has
 * the transaction in no block. Logs carry addresses as 20-byte hex without Tron's 0x41 prefix.
 */
const transactionInfo = z.object({
  blockNumber: z.number().int().nonnegative().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(z.object({ address: hex(40), topics: z.array(hex(64)), data: z.string().regex(/^[0-9a-f]*$/).optional() })).optional(),
});
type TransactionInfo = z.infer<typeof transactionInfo>;

/** POST /wallet/getnowblock and /wallet/getblockbynum: a block, of which only its id and number are read. */
const block = z.object({
  blockID: hex(64),
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative() }) }),
});

const base58check = createBase58check(sha256);

/**
 * USDT-TRC20 through TronGrid. TronGrid's TRC-20 history finds the transactions paying an address;
 * each one's receipt from the full node gives its block and its Transfer logs, and each log paying a
 * watched address is one transfer (`txid:logIndex`), with the amount the chain logged.
 */
export class TronWatcher implements ChainWatcher {
  readonly network = 'tron' as const;
  private readonly baseUrl: string;
  private readonly pageSize: number;
  private readonly timeoutMs: number;

  constructor(private readonly settings: TronGridSettings) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.pageSize = settings.pageSize ?? DEFAULT_PAGE_SIZE;
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    accountHex(settings.usdtContract);
  }

  async tipHeight(): Promise<number> {
    return (await this.call('/wallet/getnowblock', block, {})).block_header.raw_data.number;
  }

  async transfersTo(addresses: readonly WatchedAddress[]): Promise<ObservedTransfer[]> {
    for (const watched of addresses) {
      if (watched.method !== 'usdt-trc20') throw new Error(`The Tron watcher cannot watch ${watched.method} payments (${watched.address})`);
    }
    if (addresses.length === 0) return [];
    const receipts = new Map<string, Promise<TransactionInfo>>();
    const receipt = (txid: string) => {
      if (!receipts.has(txid)) receipts.set(txid, this.call('/wallet/gettransactioninfobyid', transactionInfo, { value: txid }));
      return receipts.get(txid)!;
    };
    const found: Omit<ObservedTransfer, 'confirmations' | 'blockHash'>[] = [];
    for (const watched of addresses) {
      const contract = watched.tokenContract ?? this.settings.usdtContract;
      const recipientTopic = accountHex(watched.address).padStart(64, '0');
      const contractHex = accountHex(contract);
      for (const txid of await this.transactionsPaying(watched.address, contract)) {
        const info = await receipt(txid);
        // Listed by TronGrid before this node has its receipt: it shows on a later poll, seconds away.
        if (info.blockNumber === undefined || (info.receipt?.result ?? 'SUCCESS') !== 'SUCCESS') continue;
        if (info.blockNumber < (watched.fromHeight ?? 0)) continue;
        (info.log ?? []).forEach((log, logIndex) => {
          if (log.address !== contractHex || log.topics[0] !== TRANSFER_TOPIC || log.topics[2] !== recipientTopic) return;
          found.push({
            transferId: `${txid}:${logIndex}`,
            transactionHash: txid,
            address: watched.address,
            amountUnits: BigInt(`0x${log.data || '0'}`).toString(),
            blockHeight: info.blockNumber!,
          });
        });
      }
    }
    const heights = [...new Set(found.map((transfer) => transfer.blockHeight!))];
    const blockIds = new Map(await Promise.all(heights.map(async (height) => [height, await this.blockId(height)] as const)));
    const tip = await this.tipHeight();
    return found.map((transfer) => ({
      ...transfer,
      blockHash: blockIds.get(transfer.blockHeight!)!,
      confirmations: Math.max(tip, transfer.blockHeight!) - transfer.blockHeight! + 1,
    }));
  }

  /** The ids of the transactions TronGrid lists as paying the token to the address, each once (one may pay it twice). */
  private async transactionsPaying(address: string, contract: string): Promise<string[]> {
    const txids = new Set<string>();
    let fingerprint: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ only_to: 'true', contract_address: contract, limit: String(this.pageSize) });
      if (fingerprint) query.set('fingerprint', fingerprint);
      const answer = await this.call(`/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`, trc20History);
      // The filters are TronGrid's; checked again so a node that ignores one cannot credit another token or recipient.
      for (const entry of answer.data) {
        if (entry.type === 'Transfer' && entry.to === address && entry.token_info.address === contract) txids.add(entry.transaction_id);
      }
      if (!answer.meta.fingerprint || answer.meta.fingerprint === fingerprint) return [...txids];
      fingerprint = answer.meta.fingerprint;
    }
    throw new Error(`TronGrid lists more than ${MAX_PAGES * this.pageSize} TRC-20 transfers to ${address}: not a payment address`);
  }

  private async blockId(height: number): Promise<string> {
    const answer = await this.call('/wallet/getblockbynum', block, { num: height });
    if (answer.block_header.raw_data.number !== height) throw new Error(`TronGrid answered block ${answer.block_header.raw_data.number} for block ${height}`);
    return answer.blockID;
  }

  /** A GET, or a POST of `body`: TronGrid's v1 API is read with GET, the node's /wallet API with POST. */
  private async call<T>(path: string, schema: z.ZodType<T>, body?: object): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body) headers['Content-Type'] = 'application/json';
    if (this.settings.apiKey) headers['TRON-PRO-API-KEY'] = this.settings.apiKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method: body ? 'POST' : 'GET', headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an instanceof Error here).
      const name = (error as { name?: unknown } | null)?.name;
      throw new Error(name === 'TimeoutError' ? `TronGrid ${url} did not answer within ${this.timeoutMs} ms` : `TronGrid ${url} could not be reached: ${String(error)}`);
    }
    if (!response.ok) throw new Error(`TronGrid ${url} answered ${response.status}: ${text.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`TronGrid ${url} answered malformed JSON: ${text.slice(0, 200)}`);
    }
    // The node answers a refused call with 200 and { Error } (java-tron) or { success: false, error } (v1).
    if (parsed && typeof parsed === 'object' && ('Error' in parsed || ('success' in parsed && parsed.success === false))) {
      throw new Error(`TronGrid ${url} refused: ${text.slice(0, 200)}`);
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw new Error(`TronGrid ${url} answered an unexpected shape: ${z.prettifyError(result.error).slice(0, 300)}`);
    return result.data;
  }
}

/** The 20-byte account id behind a base58check `T…` address, as hex: how logs and topics name it. */
function accountHex(address: string): string {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    throw new Error(`Not a Tron address: ${address}`);
  }
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`Not a Tron mainnet address: ${address}`);
  return bytesToHex(bytes.subarray(1));
}
