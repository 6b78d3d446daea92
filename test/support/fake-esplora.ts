import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { Address, NETWORK, OutScript, p2wpkh, Transaction } from '@scure/btc-signer';

/**
 * A Bitcoin chain in memory behind Esplora's HTTP API (Blockstream/esplora API.md, as mempool.space
 * serves it): the endpoints the shop's watcher reads, answering in Esplora's transaction format.
 * Payments are real transactions signed with @scure/btc-signer by a test payer, so every txid is the
 * double SHA-256 of the transaction's serialization; blocks are real 80-byte headers over the
 * transactions' merkle root, chained by their hashes. Mining, the mempool and reorgs are explicit.
 */

interface ChainTx {
  tx: Transaction;
  /** What the payer's input spent: Esplora shows it as the input's prevout. */
  prevout: { script: Uint8Array; amount: bigint };
  fee: bigint;
}

interface Block {
  height: number;
  hash: string;
  txs: ChainTx[];
}

export interface Payment {
  address: string;
  sats: number | bigint;
}

/** An answer the server gives once, in place of the real one, to test how the watcher takes a failing node. */
export type Fault = { status: number; body?: string } | { malformed: true } | { hang: true };

/** Esplora's page of confirmed history. */
const CHAIN_PAGE_SIZE = 25;
/** Esplora lists at most this many mempool transactions of an address. */
const MEMPOOL_LIMIT = 50;
const FEE_SATS = 1_000n;
const CHANGE_SATS = 10_000n;
const BLOCK_INTERVAL_SECONDS = 600;
const GENESIS_TIME = 1_700_000_000;

export class FakeBitcoinChain {
  private readonly blocks: Block[] = [];
  private mempool: ChainTx[] = [];
  private readonly payerKey = sha256(utf8ToBytes('fake-esplora test payer'));
  private readonly payer = p2wpkh(secp256k1.getPublicKey(this.payerKey, true));
  private fundingCoins = 0;
  /** Bumped by each reorg so a replacement block's header (and hash) differs from the block it replaces. */
  private branch = 0;

  constructor(startHeight: number) {
    this.blocks.push(this.block(startHeight, new Uint8Array(32), []));
  }

  get tipHeight(): number {
    return this.tip.height;
  }

  get tipHash(): string {
    return this.tip.hash;
  }

  /** Signs a transaction paying the outputs (and change back to the payer) and puts it in the mempool; returns its txid. */
  pay(...payments: Payment[]): string {
    const total = payments.reduce((sum, payment) => sum + BigInt(payment.sats), 0n);
    const prevout = { script: this.payer.script, amount: total + CHANGE_SATS + FEE_SATS };
    const tx = new Transaction();
    // The payer's coin: an outpoint of its own, so each payment is a distinct, validly signed spend.
    tx.addInput({ txid: sha256(utf8ToBytes(`funding coin ${this.fundingCoins++}`)), index: 0, witnessUtxo: prevout });
    for (const payment of payments) tx.addOutputAddress(payment.address, BigInt(payment.sats), NETWORK);
    tx.addOutputAddress(this.payer.address!, CHANGE_SATS, NETWORK);
    tx.sign(this.payerKey);
    tx.finalize();
    this.mempool.push({ tx, prevout, fee: FEE_SATS });
    return tx.id;
  }

  /** Mines `count` blocks on the tip, the first taking the whole mempool; returns their hashes. */
  mine(count = 1): string[] {
    const hashes: string[] = [];
    for (let i = 0; i < count; i++) {
      const block = this.block(this.tip.height + 1, hexToInternal(this.tip.hash), this.mempool);
      this.mempool = [];
      this.blocks.push(block);
      hashes.push(block.hash);
    }
    return hashes;
  }

  /**
   * A reorg: the top `depth` blocks are replaced by a longer branch of `depth + 1` blocks. Their
   * transactions go back to the mempool and into the branch's first block, except `dropped` ones
   * (double-spent on the winning branch), which vanish, and `unmined` ones, which the branch's
   * miners left out: they stay in the mempool, unconfirmed.
   */
  reorg(depth: number, dropped: readonly string[] = [], unmined: readonly string[] = []): void {
    if (depth < 1 || depth >= this.blocks.length) throw new Error(`Cannot reorg ${depth} blocks of a chain of ${this.blocks.length}`);
    const orphaned = this.blocks.splice(this.blocks.length - depth, depth);
    this.branch++;
    const back = [...orphaned.flatMap((block) => block.txs), ...this.mempool].filter((entry) => !dropped.includes(entry.tx.id));
    this.mempool = back.filter((entry) => !unmined.includes(entry.tx.id));
    this.mine(depth + 1);
    this.mempool = back.filter((entry) => unmined.includes(entry.tx.id));
  }

  /** The full serialization (with witness) of a known transaction, as `GET /tx/:txid/hex` answers it. */
  rawTransaction(txid: string): string | undefined {
    return this.find(txid)?.entry.tx.hex;
  }

  /** An address's history as Esplora orders it: mempool newest first, then confirmed newest first. */
  history(address: string): { mempool: object[]; chain: object[] } {
    const touches = (entry: ChainTx) =>
      outputAddress(entry.prevout.script) === address ||
      Array.from({ length: entry.tx.outputsLength }, (_, i) => entry.tx.getOutput(i)).some((output) => output.script && outputAddress(output.script) === address);
    return {
      mempool: [...this.mempool].reverse().filter(touches).map((entry) => this.toEsplora(entry, null)),
      chain: [...this.blocks]
        .reverse()
        .flatMap((block) => [...block.txs].reverse().filter(touches).map((entry) => this.toEsplora(entry, block))),
    };
  }

  private get tip(): Block {
    return this.blocks[this.blocks.length - 1];
  }

  private find(txid: string): { entry: ChainTx; block: Block | null } | undefined {
    const pending = this.mempool.find((entry) => entry.tx.id === txid);
    if (pending) return { entry: pending, block: null };
    for (const block of this.blocks) {
      const entry = block.txs.find((candidate) => candidate.tx.id === txid);
      if (entry) return { entry, block };
    }
    return undefined;
  }

  private block(height: number, previousHash: Uint8Array, txs: ChainTx[]): Block {
    const header = concatBytes(
      uint32le(0x20000000),
      previousHash,
      merkleRoot(txs.map((entry) => hexToInternal(entry.tx.id))),
      uint32le(GENESIS_TIME + height * BLOCK_INTERVAL_SECONDS + this.branch),
      uint32le(0x17034219),
      uint32le(this.branch),
    );
    return { height, hash: internalToHex(sha256d(header)), txs };
  }

  /** Esplora's transaction format (the fields of API.md, less the asm renderings). */
  private toEsplora({ tx, prevout, fee }: ChainTx, block: Block | null): object {
    const input = tx.getInput(0);
    return {
      txid: tx.id,
      version: tx.version,
      locktime: tx.lockTime,
      vin: [
        {
          txid: bytesToHex(input.txid!),
          vout: input.index,
          prevout: describeOutput(prevout.script, prevout.amount),
          scriptsig: '',
          witness: (input.finalScriptWitness ?? []).map(bytesToHex),
          is_coinbase: false,
          sequence: input.sequence,
        },
      ],
      vout: Array.from({ length: tx.outputsLength }, (_, i) => {
        const output = tx.getOutput(i);
        return describeOutput(output.script!, output.amount!);
      }),
      size: tx.toBytes(true, true).length,
      weight: tx.weight,
      fee: Number(fee),
      status: block
        ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: GENESIS_TIME + block.height * BLOCK_INTERVAL_SECONDS }
        : { confirmed: false },
    };
  }
}

export interface FakeEsplora {
  /** The API root, as BTC_ESPLORA_URL would give it. */
  url: string;
  chain: FakeBitcoinChain;
  /** Every request path, in order. */
  requests: string[];
  /** The next request gets this answer instead of the real one. */
  failNext(fault: Fault): void;
  close(): Promise<void>;
}

export async function startFakeEsplora(startHeight = 850_000): Promise<FakeEsplora> {
  const chain = new FakeBitcoinChain(startHeight);
  const requests: string[] = [];
  const faults: Fault[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/api/, '');
    requests.push(path);
    const fault = faults.shift();
    if (fault && 'hang' in fault) return;
    if (fault && 'malformed' in fault) return send(response, 200, 'application/json', '[{"txid": "0f');
    if (fault) return send(response, fault.status, 'text/plain', fault.body ?? 'Internal Server Error');
    answer(chain, path, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    chain,
    requests,
    failNext: (fault) => faults.push(fault),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function answer(chain: FakeBitcoinChain, path: string, response: ServerResponse): void {
  if (path === '/blocks/tip/height') return send(response, 200, 'text/plain', String(chain.tipHeight));
  if (path === '/blocks/tip/hash') return send(response, 200, 'text/plain', chain.tipHash);
  const raw = /^\/tx\/([0-9a-f]{64})\/hex$/.exec(path);
  if (raw) {
    const hex = chain.rawTransaction(raw[1]);
    return hex ? send(response, 200, 'text/plain', hex) : send(response, 404, 'text/plain', 'Transaction not found');
  }
  const txs = /^\/address\/([^/]+)\/txs(?:\/chain(?:\/([0-9a-f]{64}))?)?$/.exec(path);
  if (!txs) return send(response, 404, 'text/plain', `No route for ${path}`);
  const { mempool, chain: confirmed } = chain.history(decodeURIComponent(txs[1]));
  const onlyChain = path.includes('/txs/chain');
  let from = 0;
  if (txs[2]) {
    from = confirmed.findIndex((tx) => (tx as { txid: string }).txid === txs[2]) + 1;
    if (from === 0) return send(response, 422, 'text/plain', 'Invalid last_seen_txid');
  }
  const page = confirmed.slice(from, from + CHAIN_PAGE_SIZE);
  return send(response, 200, 'application/json', JSON.stringify(onlyChain ? page : [...mempool.slice(0, MEMPOOL_LIMIT), ...page]));
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'Content-Type': contentType });
  response.end(body);
}

const SCRIPT_TYPES: Record<string, string> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr' };

function describeOutput(script: Uint8Array, amount: bigint): object {
  const address = outputAddress(script);
  return {
    scriptpubkey: bytesToHex(script),
    scriptpubkey_type: SCRIPT_TYPES[OutScript.decode(script).type] ?? 'unknown',
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(amount),
  };
}

function outputAddress(script: Uint8Array): string | undefined {
  try {
    return Address(NETWORK).encode(OutScript.decode(script));
  } catch {
    return undefined;
  }
}

function sha256d(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

/** Bitcoin's merkle tree over txids in internal byte order, the last node paired with itself on odd levels. */
function merkleRoot(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return new Uint8Array(32);
  let level = leaves;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(concatBytes(level[i], level[i + 1] ?? level[i])));
    level = next;
  }
  return level[0];
}

/** Hashes are shown byte-reversed (txids, block hashes) from how they are hashed and serialized. */
function hexToInternal(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex').reverse());
}

function internalToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).reverse().toString('hex');
}

function uint32le(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0, true);
  return bytes;
}
