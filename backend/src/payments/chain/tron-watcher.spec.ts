import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import blocks from './fixtures/trongrid-blocks.json';
import nowBlock from './fixtures/trongrid-now-block.json';
import transactionInfo from './fixtures/trongrid-transaction-info.json';
import trc20History from './fixtures/trongrid-trc20-history.json';
import { WatchedAddress } from './chain-watcher.port';
import { chainWatchers } from './chain-watchers';
import { loadPaymentsConfig } from '../payments-config';

const tronWatcherFromEnv = (env: NodeJS.ProcessEnv) => chainWatchers(loadPaymentsConfig(env)).find((watcher) => watcher.network === 'tron') ?? null;
import { TronWatcher, USDT_TRC20_MAINNET } from './tron-watcher';

/**
 * TronGrid answers, recorded in the shapes its documentation and real recordings show (TronGrid v1
 * "Get TRC20 transaction info by account address" with `meta.fingerprint` paging; java-tron's FullNode
 * /wallet/gettransactioninfobyid, /wallet/getnowblock and /wallet/getblockbynum, blocks trimmed to their
 * header), over the shop's first two USDT-TRC20 addresses (m/44'/195'/0'/0/0 and /1 of the test mnemonic).
 * The histories keep what a careless reader would count: a USDC transfer, an outgoing sweep, and a
 * payout contract paying twice in one transaction. Served as recorded, whatever the query's filters.
 */
const SHOP_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const SHOP_1 = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const TIP = 71_234_567;
const TX = {
  paid: '709b55bd3da0f5a838125bd0ee20c5bfdd7caba173912d4281cae816b79a201b',
  usdc: '27ca64c092a959c7edc525ed45e845b1de6a7590d173fd2fad9133c8a779a1e3',
  sweep: '1f3cb18e896256d7d6bb8c11a6ec71f005c75de05e39beae5d93bbd1e2c8b7a9',
  payout: '41b637cfd9eb3e2f60f734f9ca44e5c1559c6f481d49d6ed6891f3e9a086ac78',
  old: 'a8c0cce8bb067e91cf2766c26be4e5d7cfba3d3323dc19d08a834391a1ce5acf',
  tip: 'd20a624740ce1b7e2c74659bb291f665c021d202be02d13ce27feb067eeec837',
  unknownToNode: '281b9dba10658c86d0c3c267b82b8972b6c7b41285f60ce2054211e69dd89e15',
};
const watch = (address: string, fromHeight?: number): WatchedAddress => ({ address, method: 'usdt-trc20', fromHeight });
const blockId = (height: number) => blocks[String(height) as keyof typeof blocks].blockID;

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

describe('Tron USDT-TRC20 watcher over TronGrid', () => {
  let server: Server;
  let url: string;
  let requests: Recorded[];
  let override: { status: number; body: string } | null;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const { pathname, searchParams } = new URL(request.url ?? '/', 'http://trongrid');
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        requests.push({ method: request.method ?? '', path: pathname, query: searchParams, body, headers: request.headers });
        const answer = override ?? { status: 200, body: JSON.stringify(recorded(request.method ?? '', pathname, searchParams, body)) };
        response.writeHead(answer.status, { 'Content-Type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests = [];
    override = null;
  });

  // Generous: a busy machine (another test run beside this one) can take over a second to answer on loopback.
  const watcher = (apiKey?: string) => new TronWatcher({ baseUrl: url, apiKey, usdtContract: USDT_TRC20_MAINNET, pageSize: 3, timeoutMs: 10_000 });

  it('reads the tip from the node\'s latest block', async () => {
    expect(await watcher().tipHeight()).toBe(TIP);
    expect(requests).toMatchObject([{ method: 'POST', path: '/wallet/getnowblock' }]);
  });

  it('reports each USDT Transfer log paying the address, with the chain\'s amount and confirmations', async () => {
    expect(await watcher().transfersTo([watch(SHOP_0)])).toEqual([
      { transferId: `${TX.paid}:0`, transactionHash: TX.paid, address: SHOP_0, amountUnits: '49990000', blockHeight: TIP - 2, blockHash: blockId(TIP - 2), confirmations: 3 },
      { transferId: `${TX.payout}:0`, transactionHash: TX.payout, address: SHOP_0, amountUnits: '30000000', blockHeight: TIP - 40, blockHash: blockId(TIP - 40), confirmations: 41 },
      { transferId: `${TX.payout}:1`, transactionHash: TX.payout, address: SHOP_0, amountUnits: '20000000', blockHeight: TIP - 40, blockHash: blockId(TIP - 40), confirmations: 41 },
      { transferId: `${TX.old}:0`, transactionHash: TX.old, address: SHOP_0, amountUnits: '1000000', blockHeight: TIP - 5000, blockHash: blockId(TIP - 5000), confirmations: 5001 },
    ]);
  });

  it('pages the TRC-20 history with meta.fingerprint, asking only for USDT sent to the address', async () => {
    await watcher().transfersTo([watch(SHOP_0)]);
    const pages = requests.filter((request) => request.path === `/v1/accounts/${SHOP_0}/transactions/trc20`);
    expect(pages.map((page) => Object.fromEntries(page.query))).toEqual([
      { only_to: 'true', contract_address: USDT_TRC20_MAINNET, limit: '3' },
      { only_to: 'true', contract_address: USDT_TRC20_MAINNET, limit: '3', fingerprint: trc20History[SHOP_0][0].meta.fingerprint },
    ]);
  });

  it('ignores other tokens and transfers to other addresses, even when the history lists them', async () => {
    await watcher().transfersTo([watch(SHOP_0)]);
    const receipts = requests.filter((request) => request.path === '/wallet/gettransactioninfobyid').map((request) => request.body.value);
    expect(receipts.sort()).toEqual([TX.paid, TX.payout, TX.old].sort());
    expect(receipts).not.toContain(TX.usdc);
    expect(receipts).not.toContain(TX.sweep);
  });

  it('counts a transfer in the tip block as one confirmation, and waits for the receipt of one the node has not seen', async () => {
    expect(await watcher().transfersTo([watch(SHOP_1)])).toEqual([
      { transferId: `${TX.tip}:0`, transactionHash: TX.tip, address: SHOP_1, amountUnits: '15000000', blockHeight: TIP, blockHash: blockId(TIP), confirmations: 1 },
    ]);
    expect(requests.some((request) => request.body.value === TX.unknownToNode)).toBe(true);
  });

  it('leaves out what is older than the payment\'s starting height', async () => {
    const transfers = await watcher().transfersTo([watch(SHOP_0, TIP - 100), watch(SHOP_1)]);
    expect(transfers.map((transfer) => transfer.transferId)).toEqual([`${TX.paid}:0`, `${TX.payout}:0`, `${TX.payout}:1`, `${TX.tip}:0`]);
  });

  it('sends the API key on every call when one is configured, and none otherwise', async () => {
    await watcher('0f5e3b4c-test-key').transfersTo([watch(SHOP_1)]);
    expect(requests.length).toBeGreaterThan(3);
    expect(requests.every((request) => request.headers['tron-pro-api-key'] === '0f5e3b4c-test-key')).toBe(true);
    requests = [];
    await watcher().tipHeight();
    expect(requests[0].headers['tron-pro-api-key']).toBeUndefined();
  });

  it('refuses another coin\'s payment and an address that is not Tron\'s', async () => {
    await expect(watcher().transfersTo([{ address: SHOP_0, method: 'usdc' }])).rejects.toThrow('The Tron watcher cannot watch usdc payments');
    await expect(watcher().transfersTo([watch('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')])).rejects.toThrow('Not a Tron address');
  });

  it('is configured by TRON_API_URL, TRON_API_KEY and USDT_TRC20_CONTRACT, and absent without a URL', async () => {
    expect(tronWatcherFromEnv({ TRON_API_KEY: 'key' })).toBeNull();
    expect(() => tronWatcherFromEnv({ TRON_API_URL: 'api.trongrid.io' })).toThrow('TRON_API_URL must be an http(s) URL, got api.trongrid.io');
    expect(() => tronWatcherFromEnv({ TRON_API_URL: url, USDT_TRC20_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).toThrow('USDT_TRC20_CONTRACT: Not a Tron address');
    expect(await tronWatcherFromEnv({ TRON_API_URL: url, TRON_API_KEY: 'from-env' })!.tipHeight()).toBe(TIP);
    expect(requests[0].headers['tron-pro-api-key']).toBe('from-env');
  });

  describe('a failing API is an error the poller can report, never an empty answer', () => {
    it('throws on an error status, such as TronGrid\'s rate limit', async () => {
      override = { status: 429, body: '{"Error":"request rate exceeded the allowed_rps(15), and the query server is suspended for 1s"}' };
      await expect(watcher().tipHeight()).rejects.toThrow(`TronGrid ${url}/wallet/getnowblock answered 429: {"Error":"request rate exceeded`);
    });

    it('throws on a refusal answered with 200', async () => {
      override = { status: 200, body: '{"success":false,"error":"Invalid address","statusCode":400}' };
      await expect(watcher().transfersTo([watch(SHOP_0)])).rejects.toThrow('refused: {"success":false,"error":"Invalid address"');
    });

    it('throws on malformed JSON and on JSON of another shape', async () => {
      override = { status: 200, body: '{"data": [' };
      await expect(watcher().transfersTo([watch(SHOP_0)])).rejects.toThrow('answered malformed JSON');
      override = { status: 200, body: '{"blockID": "00"}' };
      await expect(watcher().tipHeight()).rejects.toThrow('answered an unexpected shape');
    });

    it('throws when nothing listens at the URL', async () => {
      const gone = new TronWatcher({ baseUrl: 'http://127.0.0.1:9', usdtContract: USDT_TRC20_MAINNET, timeoutMs: 500 });
      await expect(gone.tipHeight()).rejects.toThrow('TronGrid http://127.0.0.1:9/wallet/getnowblock could not be reached');
    });
  });
});

/** The recorded answer to a request, as TronGrid gave it. */
function recorded(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): unknown {
  if (method === 'POST' && path === '/wallet/getnowblock') return nowBlock;
  if (method === 'POST' && path === '/wallet/gettransactioninfobyid') return transactionInfo[body.value as keyof typeof transactionInfo] ?? {};
  if (method === 'POST' && path === '/wallet/getblockbynum') return blocks[String(body.num) as keyof typeof blocks] ?? {};
  const history = /^\/v1\/accounts\/(T\w+)\/transactions\/trc20$/.exec(path);
  if (method === 'GET' && history) {
    const pages = trc20History[history[1] as keyof typeof trc20History] ?? [{ data: [], success: true, meta: { at: 1742013707000, page_size: 0 } }];
    const fingerprint = query.get('fingerprint');
    const previous = pages.findIndex((page) => 'fingerprint' in page.meta && page.meta.fingerprint === fingerprint);
    return pages[fingerprint ? previous + 1 : 0];
  }
  return { Error: `no recording for ${method} ${path}` };
}
