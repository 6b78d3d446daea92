import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { RawTx, Transaction } from '@scure/btc-signer';
import { FakeEsplora, startFakeEsplora } from '../../../../test/support/fake-esplora';
import { deriveAddress, parseAccountKey } from '../domain/hd-addresses';
import { WatchedAddress } from './chain-watcher.port';
import { chainWatchers } from './chain-watchers';
import { loadPaymentsConfig } from '../payments-config';

const bitcoinWatcherFromEnv = (env: NodeJS.ProcessEnv) => chainWatchers(loadPaymentsConfig(env)).find((watcher) => watcher.network === 'bitcoin') ?? null;
import { EsploraWatcher } from './esplora-watcher';

/** The shop's receiving addresses, derived as it derives them from the account zpub of a fixed test mnemonic. */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const zpub = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC), { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const account = parseAccountKey('btc', zpub);
const shopAddress = (index: number) => deriveAddress(account, index).address;
const watch = (address: string, fromHeight?: number): WatchedAddress => ({ address, method: 'bitcoin', fromHeight });

describe('Bitcoin watcher over Esplora', () => {
  let esplora: FakeEsplora;
  let watcher: EsploraWatcher;

  beforeEach(async () => {
    esplora = await startFakeEsplora(850_000);
    // Generous: a busy machine (another test run beside this one) can take over 500 ms to answer on loopback.
    watcher = new EsploraWatcher({ baseUrl: esplora.url, timeoutMs: 10_000 });
  });
  afterEach(() => esplora.close());

  it('pays the shop\'s BIP84 addresses with real signed transactions whose txid hashes their serialization', async () => {
    expect(shopAddress(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    const txid = esplora.chain.pay({ address: shopAddress(0), sats: 125_000 });
    const raw = esplora.chain.rawTransaction(txid)!;
    const tx = Transaction.fromRaw(Buffer.from(raw, 'hex'));
    const withoutWitness = RawTx.encode({ ...RawTx.decode(Buffer.from(raw, 'hex')), segwitFlag: false, witnesses: undefined });
    expect(Buffer.from(sha256(sha256(withoutWitness))).reverse().toString('hex')).toBe(txid);
    expect(tx.id).toBe(txid);
    expect(bytesToHex(tx.getInput(0).finalScriptWitness![0])).toMatch(/^30/);
  });

  it('sees a payment in the mempool with no confirmations, and counts them as blocks are mined', async () => {
    const txid = esplora.chain.pay({ address: shopAddress(0), sats: 125_000 });
    expect(await watcher.transfersTo([watch(shopAddress(0))])).toEqual([
      { transferId: `${txid}:0`, transactionHash: txid, address: shopAddress(0), amountUnits: '125000', blockHeight: null, blockHash: null, confirmations: 0 },
    ]);

    const [blockHash] = esplora.chain.mine();
    expect(await watcher.tipHeight()).toBe(850_001);
    expect(await watcher.transfersTo([watch(shopAddress(0))])).toEqual([
      { transferId: `${txid}:0`, transactionHash: txid, address: shopAddress(0), amountUnits: '125000', blockHeight: 850_001, blockHash, confirmations: 1 },
    ]);

    esplora.chain.mine(2);
    expect(await watcher.transfersTo([watch(shopAddress(0))])).toMatchObject([{ blockHeight: 850_001, blockHash, confirmations: 3 }]);
  });

  it('reports each output to a watched address as its own transfer, and only those', async () => {
    const txid = esplora.chain.pay({ address: shopAddress(1), sats: 40_000 }, { address: shopAddress(2), sats: 7_000 }, { address: shopAddress(1), sats: 2_500 });
    const transfers = await watcher.transfersTo([watch(shopAddress(1))]);
    expect(transfers.map(({ transferId, amountUnits }) => ({ transferId, amountUnits }))).toEqual([
      { transferId: `${txid}:0`, amountUnits: '40000' },
      { transferId: `${txid}:2`, amountUnits: '2500' },
    ]);
    expect(await watcher.transfersTo([watch(shopAddress(1)), watch(shopAddress(2)), watch(shopAddress(3))])).toHaveLength(3);
  });

  it('pages through a history longer than Esplora\'s page of 25 confirmed transactions', async () => {
    const txids = Array.from({ length: 30 }, (_, i) => {
      const txid = esplora.chain.pay({ address: shopAddress(4), sats: 1_000 + i });
      esplora.chain.mine();
      return txid;
    });
    const late = esplora.chain.pay({ address: shopAddress(4), sats: 99 });

    const transfers = await watcher.transfersTo([watch(shopAddress(4))]);
    expect(transfers.map((transfer) => transfer.transactionHash).sort()).toEqual([...txids, late].sort());
    expect(transfers.find((transfer) => transfer.transactionHash === txids[0])).toMatchObject({ amountUnits: '1000', blockHeight: 850_001, confirmations: 30 });
    expect(esplora.requests.filter((path) => path.includes('/txs/chain/'))).toHaveLength(1);
  });

  it('stops paging at the payment\'s starting height: older transactions cannot pay it', async () => {
    for (let i = 0; i < 30; i++) {
      esplora.chain.pay({ address: shopAddress(5), sats: 500 });
      esplora.chain.mine();
    }
    const transfers = await watcher.transfersTo([watch(shopAddress(5), 850_020)]);
    expect(transfers.map((transfer) => transfer.blockHeight)).toEqual([850_030, 850_029, 850_028, 850_027, 850_026, 850_025, 850_024, 850_023, 850_022, 850_021, 850_020]);
    expect(esplora.requests.filter((path) => path.includes('/txs/chain/'))).toHaveLength(0);
  });

  it('loses a transfer that a reorg takes out of the chain, and recounts one that the new branch holds', async () => {
    const dropped = esplora.chain.pay({ address: shopAddress(6), sats: 60_000 });
    const kept = esplora.chain.pay({ address: shopAddress(7), sats: 70_000 });
    const [oldBlock] = esplora.chain.mine(2);
    expect(await watcher.transfersTo([watch(shopAddress(6)), watch(shopAddress(7))])).toMatchObject([
      { transactionHash: dropped, blockHash: oldBlock, confirmations: 2 },
      { transactionHash: kept, blockHash: oldBlock, confirmations: 2 },
    ]);

    esplora.chain.reorg(2, [dropped]);
    const after = await watcher.transfersTo([watch(shopAddress(6)), watch(shopAddress(7))]);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ transactionHash: kept, blockHeight: 850_001, confirmations: 3 });
    expect(after[0].blockHash).not.toBe(oldBlock);
    expect(await watcher.tipHeight()).toBe(850_003);
  });

  it('asks nothing for no addresses, and refuses to watch another coin\'s payment', async () => {
    expect(await watcher.transfersTo([])).toEqual([]);
    expect(esplora.requests).toEqual([]);
    await expect(watcher.transfersTo([{ address: shopAddress(0), method: 'ethereum' }])).rejects.toThrow('The Bitcoin watcher cannot watch ethereum payments');
  });

  describe('a failing node is an error the poller can report, never an empty answer', () => {
    it('throws on an error status, with the URL and the status', async () => {
      esplora.failNext({ status: 500, body: 'electrs is syncing' });
      await expect(watcher.transfersTo([watch(shopAddress(0))])).rejects.toThrow(`Esplora ${esplora.url}/address/${shopAddress(0)}/txs answered 500: electrs is syncing`);
      esplora.failNext({ status: 503 });
      await expect(watcher.tipHeight()).rejects.toThrow(`Esplora ${esplora.url}/blocks/tip/height answered 503`);
    });

    it('throws on malformed JSON', async () => {
      esplora.failNext({ malformed: true });
      await expect(watcher.transfersTo([watch(shopAddress(0))])).rejects.toThrow('answered malformed JSON');
    });

    it('throws on JSON that is not Esplora\'s transaction format', async () => {
      esplora.failNext({ status: 200, body: '[{"txid": "not a txid", "vout": []}]' });
      await expect(watcher.transfersTo([watch(shopAddress(0))])).rejects.toThrow('answered an unexpected shape');
      esplora.failNext({ status: 200, body: '' });
      await expect(watcher.tipHeight()).rejects.toThrow('answered an unexpected shape');
    });

    it('throws when the node does not answer in time', async () => {
      esplora.failNext({ hang: true });
      const impatient = new EsploraWatcher({ baseUrl: esplora.url, timeoutMs: 500 });
      await expect(impatient.tipHeight()).rejects.toThrow(`Esplora ${esplora.url}/blocks/tip/height did not answer within 500 ms`);
    });

    it('throws when nothing listens at the URL', async () => {
      const gone = new EsploraWatcher({ baseUrl: 'http://127.0.0.1:9/api', timeoutMs: 500 });
      await expect(gone.tipHeight()).rejects.toThrow('Esplora http://127.0.0.1:9/api/blocks/tip/height could not be reached');
    });
  });

  it('is configured by BTC_ESPLORA_URL, and absent without it', async () => {
    expect(bitcoinWatcherFromEnv({})).toBeNull();
    expect(bitcoinWatcherFromEnv({ BTC_ESPLORA_URL: ' ' })).toBeNull();
    expect(() => bitcoinWatcherFromEnv({ BTC_ESPLORA_URL: 'mempool.space/api' })).toThrow('BTC_ESPLORA_URL must be an http(s) URL, got mempool.space/api');
    expect(await bitcoinWatcherFromEnv({ BTC_ESPLORA_URL: `${esplora.url}/` })!.tipHeight()).toBe(850_000);
  });
});
