import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { createBase58check } from '@scure/base';

/**
 * A Tron chain in memory behind the TronGrid endpoints the shop's watcher reads, answering in the shapes
 * of the recorded fixtures (backend/src/payments/chain/fixtures): the v1 TRC-20 history of an account,
 * and the full node's /wallet/gettransactioninfobyid (receipt and Transfer logs), /wallet/getnowblock and
 * /wallet/getblockbynum. Block ids start with the block's number, as Tron's do. Transfers wait in a
 * pending pool (listed, without a receipt) until mined; mining and reorgs are explicit.
 */

const base58check = createBase58check(sha256);
/** keccak-256 of Transfer(address,address,uint256). */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const GENESIS_MS = 1_742_000_000_000;

interface Trc20Transfer {
  txid: string;
  contract: string;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: number | null;
}

interface TronBlock {
  number: number;
  blockID: string;
  parentHash: string;
}

/** A Tron base58check address of 20 bytes derived from a label (a test payer). */
export function tronAddressOf(label: string): string {
  return base58check.encode(Uint8Array.from([0x41, ...sha256(utf8ToBytes(label)).subarray(0, 20)]));
}

function accountHex(address: string): string {
  return bytesToHex(base58check.decode(address).subarray(1));
}

export class FakeTronChain {
  private readonly blocks: TronBlock[] = [];
  private readonly transfers: Trc20Transfer[] = [];
  private branch = 0;
  private sent = 0;

  constructor(startHeight: number) {
    this.blocks.push(this.block(startHeight, '0'.repeat(64)));
  }

  get tipHeight(): number {
    return this.tip.number;
  }

  /** A USDT-TRC20 transfer broadcast to the pool; returns its transaction id. */
  transfer(to: string, amount: bigint, from = tronAddressOf('fake-trongrid payer'), contract = USDT_TRC20): string {
    const txid = bytesToHex(sha256(utf8ToBytes(`${contract}:${from}:${to}:${amount}:${this.sent++}`)));
    this.transfers.push({ txid, contract, from, to, amount, blockNumber: null });
    return txid;
  }

  /** Mines `count` blocks, the first taking every pending transfer. */
  mine(count = 1): void {
    for (let i = 0; i < count; i++) {
      const block = this.block(this.tip.number + 1, this.tip.blockID);
      this.blocks.push(block);
      for (const transfer of this.transfers) if (transfer.blockNumber === null) transfer.blockNumber = block.number;
    }
  }

  /** The top `depth` blocks replaced by `depth + 1` others; their transfers back in the pool, `dropped` ones gone. */
  reorg(depth: number, dropped: readonly string[] = []): void {
    const orphaned = this.blocks.splice(this.blocks.length - depth, depth);
    const heights = new Set(orphaned.map((block) => block.number));
    this.branch++;
    for (const transfer of this.transfers) if (transfer.blockNumber !== null && heights.has(transfer.blockNumber)) transfer.blockNumber = null;
    for (const txid of dropped) this.transfers.splice(this.transfers.findIndex((transfer) => transfer.txid === txid), 1);
    this.mine(depth + 1);
  }

  /** GET /v1/accounts/:address/transactions/trc20: newest first (pending ones first), one page. */
  history(address: string, query: URLSearchParams): object {
    const onlyTo = query.get('only_to') === 'true';
    const contract = query.get('contract_address');
    const data = [...this.transfers]
      .reverse()
      .filter((transfer) => (transfer.to === address || (!onlyTo && transfer.from === address)) && (contract === null || transfer.contract === contract))
      .map((transfer) => ({
        transaction_id: transfer.txid,
        token_info: { symbol: 'USDT', address: transfer.contract, decimals: 6, name: 'Tether USD' },
        block_timestamp: this.timestamp(transfer.blockNumber ?? this.tip.number + 1),
        from: transfer.from,
        to: transfer.to,
        type: 'Transfer',
        value: transfer.amount.toString(),
      }));
    return { data, success: true, meta: { at: this.timestamp(this.tip.number), page_size: data.length } };
  }

  /** POST /wallet/gettransactioninfobyid: `{}` while the transaction is in no block. */
  transactionInfo(txid: string): object {
    const transfer = this.transfers.find((candidate) => candidate.txid === txid);
    if (!transfer || transfer.blockNumber === null) return {};
    const contractHex = accountHex(transfer.contract);
    return {
      id: txid,
      fee: 13_745_100,
      blockNumber: transfer.blockNumber,
      blockTimeStamp: this.timestamp(transfer.blockNumber),
      contractResult: ['0'.repeat(63) + '1'],
      contract_address: `41${contractHex}`,
      receipt: { energy_usage_total: 31_895, energy_fee: 13_400_100, net_fee: 345_000, result: 'SUCCESS' },
      log: [
        {
          address: contractHex,
          topics: [TRANSFER_TOPIC, accountHex(transfer.from).padStart(64, '0'), accountHex(transfer.to).padStart(64, '0')],
          data: transfer.amount.toString(16).padStart(64, '0'),
        },
      ],
    };
  }

  blockByNumber(height: number): object | null {
    const block = this.blocks.find((candidate) => candidate.number === height);
    return block ? this.toTronGrid(block) : null;
  }

  nowBlock(): object {
    return this.toTronGrid(this.tip);
  }

  private get tip(): TronBlock {
    return this.blocks[this.blocks.length - 1];
  }

  private timestamp(height: number): number {
    return GENESIS_MS + height * 3000;
  }

  private block(number: number, parentHash: string): TronBlock {
    const hash = bytesToHex(sha256(utf8ToBytes(`${parentHash}:${number}:${this.branch}`)));
    return { number, parentHash, blockID: number.toString(16).padStart(16, '0') + hash.slice(16) };
  }

  private toTronGrid(block: TronBlock): object {
    return {
      blockID: block.blockID,
      block_header: { raw_data: { number: block.number, txTrieRoot: '0'.repeat(64), witness_address: '41c19b53ebdd61219b5eb0f6f151644b8e7deeb836', parentHash: block.parentHash, version: 31, timestamp: this.timestamp(block.number) } },
    };
  }
}

export interface FakeTronGrid {
  /** The API root, as TRON_API_URL would give it. */
  url: string;
  chain: FakeTronChain;
  close(): Promise<void>;
}

export async function startFakeTronGrid(startHeight = 71_234_567): Promise<FakeTronGrid> {
  const chain = new FakeTronChain(startHeight);
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const args = body ? (JSON.parse(body) as { value?: string; num?: number }) : {};
      const history = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
      if (request.method === 'GET' && history) return json(200, chain.history(decodeURIComponent(history[1]), url.searchParams));
      if (request.method === 'POST' && url.pathname === '/wallet/gettransactioninfobyid') return json(200, chain.transactionInfo(String(args.value)));
      if (request.method === 'POST' && url.pathname === '/wallet/getnowblock') return json(200, chain.nowBlock());
      if (request.method === 'POST' && url.pathname === '/wallet/getblockbynum') return json(200, chain.blockByNumber(Number(args.num)) ?? {});
      return json(404, { success: false, error: `No route for ${request.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
