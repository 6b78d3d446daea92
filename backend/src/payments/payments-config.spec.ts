import { describePaymentsSettings, loadPaymentsConfig } from './payments-config';

const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('payments configuration', () => {
  it('defaults to the demo: fixed addresses, the spec\'s fixed rates and 15-minute quotes', () => {
    const config = loadPaymentsConfig({});
    expect(config).toMatchObject({ accounts: {}, rates: null, quoteMinutes: 15 });
    expect(describePaymentsSettings(config, [])).toMatchObject({ addressMode: 'fixed', coins: { bitcoin: 'fixed', 'usdt-trc20': 'fixed' }, rates: { mode: 'fixed' } });
  });

  it('derives the methods whose family has a key, and keeps the others fixed', () => {
    const config = loadPaymentsConfig({ BTC_XPUB: ` ${ZPUB} ` });
    expect(config.accounts.btc).toMatchObject({ family: 'btc', accountPath: "m/84'/0'/0'" });
    expect(describePaymentsSettings(config, [])).toMatchObject({ addressMode: 'xpub', coins: { bitcoin: 'derived', ethereum: 'fixed', usdc: 'fixed', 'usdt-trc20': 'fixed' } });
  });

  it('stops the start with the variable named when a key is wrong', () => {
    expect(() => loadPaymentsConfig({ ETH_XPUB: ZPUB })).toThrow(/^ETH_XPUB must be an xpub/);
    expect(() => loadPaymentsConfig({ TRON_XPUB: 'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu' })).toThrow(/^TRON_XPUB is an extended private key/);
    expect(() => loadPaymentsConfig({ BTC_XPUB: 'not a key' })).toThrow(/^BTC_XPUB must be a BIP84 zpub/);
  });

  it('reads live sources with their default or given URLs, the freshness needed and the quote window', () => {
    const config = loadPaymentsConfig({ RATES_SOURCES: 'kraken, coinbase=http://127.0.0.1:9000/, bitstamp', RATES_MAX_AGE_SECONDS: '30', QUOTE_MINUTES: '20' });
    expect(config.rates).toEqual({
      sources: [
        { name: 'kraken', baseUrl: 'https://api.kraken.com' },
        { name: 'coinbase', baseUrl: 'http://127.0.0.1:9000' },
        { name: 'bitstamp', baseUrl: 'https://www.bitstamp.net' },
      ],
      // Half the sources that give each rate, rounded up: Bitstamp lists no Australian dollar.
      minSources: { BTC: 2, ETH: 2, USDT: 2, USDC: 2, AUD: 1 },
      maxAgeSeconds: 30,
    });
    expect(config.quoteMinutes).toBe(20);
    expect(loadPaymentsConfig({ RATES_SOURCES: 'kraken,coinbase,bitstamp', RATES_MIN_SOURCES: '2' }).rates!.minSources.AUD).toBe(2);
  });

  it('refuses live rates that one exchange could set alone, and settings that cannot be met', () => {
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken' })).toThrow(/at least two exchanges/);
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken,bitstamp' })).toThrow(/AUD comes from kraken of kraken, bitstamp/);
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken,kraken' })).toThrow(/names an exchange twice/);
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken,binance' })).toThrow(/unknown exchange "binance"/);
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken,coinbase=ftp://example.com' })).toThrow(/must be http\(s\)/);
    expect(() => loadPaymentsConfig({ RATES_SOURCES: 'kraken,coinbase,bitstamp', RATES_MIN_SOURCES: '3' })).toThrow(/only 2 of the sources give AUD/);
    expect(() => loadPaymentsConfig({ RATES_MAX_AGE_SECONDS: '60' })).toThrow(/RATES_SOURCES is not/);
    expect(() => loadPaymentsConfig({ QUOTE_MINUTES: '0' })).toThrow(/QUOTE_MINUTES must be a whole number from 1/);
  });

  it('reads the chain watch: no Ethereum node by default, the confirmation policy, the token contracts checksummed', () => {
    expect(loadPaymentsConfig({}).chain).toMatchObject({ ethereumRpcUrl: null, confirmations: { bitcoin: 2, ethereum: 12, tron: 19 }, pollSeconds: 15 });
    const chain = loadPaymentsConfig({ ETH_RPC_URL: 'http://127.0.0.1:8545', CONFIRMATIONS_ETH: '3', USDC_CONTRACT: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' }).chain;
    expect(chain).toMatchObject({ ethereumRpcUrl: 'http://127.0.0.1:8545', confirmations: { ethereum: 3 }, tokenContracts: { usdc: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } });
    expect(() => loadPaymentsConfig({ USDT_ERC20_CONTRACT: '0x123' })).toThrow(/USDT_ERC20_CONTRACT must be a 0x contract address/);
    expect(() => loadPaymentsConfig({ ETH_RPC_URL: 'localhost:8545' })).toThrow(/ETH_RPC_URL must be an http/);
    expect(() => loadPaymentsConfig({ CONFIRMATIONS_BTC: '0' })).toThrow(/CONFIRMATIONS_BTC must be a whole number from 1/);
  });
});
