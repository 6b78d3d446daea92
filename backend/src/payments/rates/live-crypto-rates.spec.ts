import { RatesUnavailableError } from './crypto-rates.port';
import bitstampTickers from './fixtures/bitstamp-tickers.json';
import coinbaseExchangeRates from './fixtures/coinbase-exchange-rates.json';
import krakenTicker from './fixtures/kraken-ticker.json';
import { LiveCryptoRates } from './live-crypto-rates';

/** The recorded answers, served by a fake fetch on a clock the test moves; Bitstamp's recording says 1757325600. */
const RECORDED_AT = 1757325600_000;

describe('live crypto rates', () => {
  let now: number;
  let down: Set<string>;
  let answers: Record<string, unknown>;

  const fetchJson = async (url: string): Promise<unknown> => {
    const { host, pathname, searchParams } = new URL(url);
    if (down.has(host) || down.has(`${host}?${searchParams}`)) throw new Error(`${url} answered 502`);
    if (host === 'kraken') return answers.kraken;
    if (host === 'coinbase') return coinbaseExchangeRates[searchParams.get('currency') as keyof typeof coinbaseExchangeRates];
    return bitstampTickers[pathname.split('/')[4] as keyof typeof bitstampTickers];
  };
  const rates = (maxAgeSeconds = 60) =>
    new LiveCryptoRates(
      {
        sources: [
          { name: 'kraken', baseUrl: 'http://kraken' },
          { name: 'coinbase', baseUrl: 'http://coinbase' },
          { name: 'bitstamp', baseUrl: 'http://bitstamp' },
        ],
        minSources: { BTC: 2, ETH: 2, USDT: 2, USDC: 2, AUD: 1 },
        maxAgeSeconds,
      },
      fetchJson,
      () => now,
    );

  beforeEach(() => {
    now = RECORDED_AT + 5_000;
    down = new Set();
    answers = { kraken: krakenTicker };
  });

  it('reads each exchange\'s recorded answer and takes the median of each rate', async () => {
    expect(await rates().ratesFor('BTC')).toEqual({ usdPerAud: '0.651', coinPriceUsd: '112611.005', sources: ['bitstamp', 'coinbase', 'kraken'] });
    expect(await rates().ratesFor('ETH')).toMatchObject({ coinPriceUsd: '4301.45' });
    expect(await rates().ratesFor('USDT')).toMatchObject({ coinPriceUsd: '1.0001' });
    expect(await rates().ratesFor('USDC')).toMatchObject({ coinPriceUsd: '0.9999' });
  });

  it('quotes the baht at the spec\'s fixed price with the live AUD rate, and says so in the sources', async () => {
    // Bitstamp gives no AUD rate, so only the other two sources made the quote.
    expect(await rates().ratesFor('THB')).toEqual({ usdPerAud: '0.651', coinPriceUsd: '0.0286', sources: ['coinbase', 'fixed THB', 'kraken'] });
    now = RECORDED_AT + 61_000;
    down = new Set(['kraken', 'coinbase', 'bitstamp']);
    await expect(rates().ratesFor('THB')).rejects.toThrow(/We cannot quote THB right now.*Australian dollar rate/);
  });

  it('counts a source that went down with its last price until that price is older than the maximum age', async () => {
    const live = rates(60);
    await live.ratesFor('BTC');
    down = new Set(['kraken', 'coinbase']);
    now += 30_000;
    expect(await live.ratesFor('BTC')).toMatchObject({ coinPriceUsd: '112611.005' });
    now += 31_000;
    await expect(live.ratesFor('BTC')).rejects.toThrow(RatesUnavailableError);
  });

  it('asks the exchanges again at most every 10 seconds, so a burst of quotes shares their answers', async () => {
    const asked: string[] = [];
    const live = new LiveCryptoRates({ sources: [{ name: 'kraken', baseUrl: 'http://kraken' }, { name: 'coinbase', baseUrl: 'http://coinbase' }], minSources: { BTC: 1, ETH: 1, USDT: 1, USDC: 1, AUD: 1 }, maxAgeSeconds: 60 }, async (url) => (asked.push(url), fetchJson(url)), () => now);
    await Promise.all([live.ratesFor('BTC'), live.ratesFor('ETH')]);
    now += 9_000;
    await live.ratesFor('BTC');
    expect(asked).toHaveLength(1 + 5);
    now += 2_000;
    await live.ratesFor('BTC');
    expect(asked).toHaveLength(2 * (1 + 5));
  });

  it('ignores a price that is not a decimal string, and an answer that reports an error', async () => {
    answers.kraken = { error: [], result: { ...krakenTicker.result, XXBTZUSD: { ...krakenTicker.result.XXBTZUSD, c: [112598.1, '0.00042000'] } } };
    expect(await rates().ratesFor('BTC')).toMatchObject({ coinPriceUsd: '112625.5025', sources: ['bitstamp', 'coinbase', 'kraken'] });
    answers.kraken = { error: ['EService:Unavailable'] };
    expect(await rates().ratesFor('BTC')).toMatchObject({ coinPriceUsd: '112625.5025', sources: ['bitstamp', 'coinbase'] });
  });

  it('refuses, naming the rate, when fewer sources than required have a fresh price', async () => {
    now = RECORDED_AT + 61_000;
    down = new Set(['kraken']);
    await expect(rates(60).ratesFor('BTC')).rejects.toThrow('We cannot quote BTC right now: live exchange rates are unavailable (1 of the 2 sources needed gave BTC prices in the last 60 s). Please try again in a few minutes.');
    const { ZAUDZUSD: _aud, ...withoutAud } = krakenTicker.result;
    answers.kraken = { error: [], result: withoutAud };
    down = new Set(['coinbase?currency=AUD']);
    now = RECORDED_AT;
    await expect(rates(60).ratesFor('ETH')).rejects.toThrow(/\(0 of the 1 source needed gave the Australian dollar rate in the last 60 s\)/);
  });
});
