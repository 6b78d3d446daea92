import { z } from 'zod';
import { ChainWatcher, ObservedTransfer, WatchedAddress } from './chain-watcher.port';

export interface EsploraSettings {
  /** The API root, e.g. https://mempool.space/api or https://blockstream.info/api (no trailing slash needed). */
  baseUrl: string;
  /** A request not answered by then fails (the poller backs off and asks again). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Esplora's page of confirmed history (`/txs` and `/txs/chain/:last_seen_txid`); a full page means there may be more. */
const CHAIN_PAGE_SIZE = 25;
/** Addresses asked at once: enough to poll many payments quickly, few enough for a public instance's rate limits. */
const CONCURRENT_ADDRESSES = 4;

/**
 * The transaction format of Esplora's HTTP API (Blockstream/esplora API.md, served alike by mempool.space):
 * only the fields read here; unknown ones are ignored. `value` is in satoshi.
 */
const esploraTx = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vout: z.array(
    z.object({
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
  status: z.discriminatedUnion('confirmed', [
    z.object({ confirmed: z.literal(true), block_height: z.number().int().nonnegative(), block_hash: z.string().regex(/^[0-9a-f]{64}$/) }),
    z.object({ confirmed: z.literal(false) }),
  ]),
});
type EsploraTx = z.infer<typeof esploraTx>;
const esploraTxs = z.array(esploraTx);
/** `/blocks/tip/height` answers the height as plain text. */
const tipHeight = z.string().trim().regex(/^\d+$/).transform(Number);

/**
 * Bitcoin through an Esplora HTTP API (self-hosted electrs/esplora, mempool.space, blockstream.info).
 * Each output paying a watched address is one transfer (`txid:vout`); confirmations count from the
 * block holding it to the tip, so a reorg that drops or moves it shows on the next poll.
 */
export class EsploraWatcher implements ChainWatcher {
  readonly network = 'bitcoin' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(settings: EsploraSettings) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async tipHeight(): Promise<number> {
    return this.get('/blocks/tip/height', tipHeight, 'text');
  }

  async transfersTo(addresses: readonly WatchedAddress[]): Promise<ObservedTransfer[]> {
    for (const watched of addresses) {
      if (watched.method !== 'bitcoin') throw new Error(`The Bitcoin watcher cannot watch ${watched.method} payments (${watched.address})`);
    }
    if (addresses.length === 0) return [];
    const histories: EsploraTx[][] = [];
    for (let start = 0; start < addresses.length; start += CONCURRENT_ADDRESSES) {
      histories.push(...(await Promise.all(addresses.slice(start, start + CONCURRENT_ADDRESSES).map((watched) => this.history(watched)))));
    }
    // The tip after the histories: a block found meanwhile cannot leave a transfer deeper than its block.
    const tip = await this.tipHeight();
    return addresses.flatMap((watched, i) =>
      histories[i].flatMap((tx) =>
        tx.vout.flatMap((output, vout): ObservedTransfer[] =>
          output.scriptpubkey_address === watched.address
            ? [
                {
                  transferId: `${tx.txid}:${vout}`,
                  transactionHash: tx.txid,
                  address: watched.address,
                  amountUnits: String(output.value),
                  blockHeight: tx.status.confirmed ? tx.status.block_height : null,
                  blockHash: tx.status.confirmed ? tx.status.block_hash : null,
                  confirmations: tx.status.confirmed ? Math.max(tip, tx.status.block_height) - tx.status.block_height + 1 : 0,
                },
              ]
            : [],
        ),
      ),
    );
  }

  /**
   * The address's mempool transactions and its confirmed ones down to `fromHeight`, newest first:
   * `/txs` gives the mempool and the first page of the chain, `/txs/chain/:last_seen_txid` the next pages.
   */
  private async history(watched: WatchedAddress): Promise<EsploraTx[]> {
    const path = `/address/${encodeURIComponent(watched.address)}/txs`;
    const fromHeight = watched.fromHeight ?? 0;
    const seen: EsploraTx[] = [];
    let page = await this.get(path, esploraTxs);
    for (;;) {
      const confirmed = page.filter((tx) => tx.status.confirmed);
      seen.push(...page.filter((tx) => !tx.status.confirmed || tx.status.block_height >= fromHeight));
      const last = confirmed.at(-1);
      if (!last?.status.confirmed || confirmed.length < CHAIN_PAGE_SIZE || last.status.block_height < fromHeight) return seen;
      page = await this.get(`${path}/chain/${last.txid}`, esploraTxs);
      if (page.some((tx) => tx.txid === last.txid)) throw new Error(`Esplora ${this.baseUrl}${path}/chain/${last.txid} repeated the transaction it should page past`);
    }
  }

  private async get<T>(path: string, schema: z.ZodType<T>, as: 'json' | 'text' = 'json'): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, { headers: { Accept: as === 'json' ? 'application/json' : 'text/plain' }, signal: AbortSignal.timeout(this.timeoutMs) });
      body = await response.text();
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an instanceof Error here).
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      throw new Error(timedOut ? `Esplora ${url} did not answer within ${this.timeoutMs} ms` : `Esplora ${url} could not be reached: ${describe(error)}`);
    }
    if (!response.ok) throw new Error(`Esplora ${url} answered ${response.status}: ${body.slice(0, 200)}`);
    let parsed: unknown = body;
    if (as === 'json') {
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new Error(`Esplora ${url} answered malformed JSON: ${body.slice(0, 200)}`);
      }
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw new Error(`Esplora ${url} answered an unexpected shape: ${z.prettifyError(result.error).slice(0, 300)}`);
    return result.data;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
