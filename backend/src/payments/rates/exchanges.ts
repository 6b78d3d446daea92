import { Coin } from '../../ordering/contract/checkout-rules';

/**
 * What a source can tell: the price in USD of one coin, or of one Australian dollar (the order totals' currency).
 * Not the baht: the exchanges quote no THB, so PromptPay quotes take the spec's fixed baht price (live-crypto-rates.ts).
 */
export type RateFigure = Exclude<Coin, 'THB'> | 'AUD';
export const RATE_FIGURES: RateFigure[] = ['BTC', 'ETH', 'USDT', 'USDC', 'AUD'];

/** A price as a decimal string, never a float, and when it was true (the exchange's own time when it says, else when it arrived). */
export interface ObservedPrice {
  usd: string;
  observedAt: number;
}
export type SourceReading = Partial<Record<RateFigure, ObservedPrice>>;

export type FetchJson = (url: string) => Promise<unknown>;

/** One exchange's public market data API, read as its documentation describes it. */
export interface Exchange {
  defaultUrl: string;
  /** The figures it gives. */
  figures: RateFigure[];
  read(baseUrl: string, fetchJson: FetchJson, now: () => number): Promise<SourceReading>;
}

/**
 * Kraken's Ticker (GET /0/public/Ticker?pair=…): `{ error: [], result: { <pair>: { c: [last trade price, volume], … } } }`,
 * keyed by Kraken's own pair names, with the X/Z prefixes of its older assets. No time in the answer.
 */
const KRAKEN_PAIRS: Record<string, RateFigure> = { XXBTZUSD: 'BTC', XETHZUSD: 'ETH', USDTZUSD: 'USDT', USDCUSD: 'USDC', ZAUDZUSD: 'AUD' };

const kraken: Exchange = {
  defaultUrl: 'https://api.kraken.com',
  figures: Object.values(KRAKEN_PAIRS),
  async read(baseUrl, fetchJson, now) {
    const body = await fetchJson(`${baseUrl}/0/public/Ticker?pair=XBTUSD,ETHUSD,USDTUSD,USDCUSD,AUDUSD`);
    const receivedAt = now();
    if (!isObject(body) || !Array.isArray(body.error) || body.error.length > 0 || !isObject(body.result)) throw new Error(`Kraken answered no ticker: ${JSON.stringify(body).slice(0, 200)}`);
    const result = body.result;
    const reading: SourceReading = {};
    for (const [pair, figure] of Object.entries(KRAKEN_PAIRS)) {
      const ticker = result[pair];
      const last = isObject(ticker) && Array.isArray(ticker.c) ? ticker.c[0] : undefined;
      if (isPrice(last)) reading[figure] = { usd: last, observedAt: receivedAt };
    }
    return reading;
  },
};

/**
 * Coinbase's exchange rates (GET /v2/exchange-rates?currency=<base>): `{ data: { currency, rates: { USD: "…", … } } }`,
 * the price of one unit of the base. One request per figure; no time in the answer.
 */
const coinbase: Exchange = {
  defaultUrl: 'https://api.coinbase.com',
  figures: RATE_FIGURES,
  async read(baseUrl, fetchJson, now) {
    const answers = await Promise.allSettled(RATE_FIGURES.map(async (figure) => ({ figure, body: await fetchJson(`${baseUrl}/v2/exchange-rates?currency=${figure}`), receivedAt: now() })));
    const reading: SourceReading = {};
    for (const answer of answers) {
      if (answer.status !== 'fulfilled') continue;
      const { figure, body, receivedAt } = answer.value;
      const data = isObject(body) && isObject(body.data) ? body.data : null;
      const usd = data !== null && data.currency === figure && isObject(data.rates) ? data.rates.USD : undefined;
      if (isPrice(usd)) reading[figure] = { usd, observedAt: receivedAt };
    }
    if (Object.keys(reading).length === 0) throw new Error(firstFailure(answers) ?? 'Coinbase answered no exchange rate');
    return reading;
  },
};

/**
 * Bitstamp's ticker (GET /api/v2/ticker/<pair>/): `{ last: "…", timestamp: "<unix seconds>", bid, ask, … }`.
 * It lists no Australian dollar, so it answers for the coins only.
 */
const BITSTAMP_PAIRS: Partial<Record<RateFigure, string>> = { BTC: 'btcusd', ETH: 'ethusd', USDT: 'usdtusd', USDC: 'usdcusd' };

const bitstamp: Exchange = {
  defaultUrl: 'https://www.bitstamp.net',
  figures: Object.keys(BITSTAMP_PAIRS) as RateFigure[],
  async read(baseUrl, fetchJson, now) {
    const answers = await Promise.allSettled(
      Object.entries(BITSTAMP_PAIRS).map(async ([figure, pair]) => ({ figure: figure as RateFigure, body: await fetchJson(`${baseUrl}/api/v2/ticker/${pair}/`), receivedAt: now() })),
    );
    const reading: SourceReading = {};
    for (const answer of answers) {
      if (answer.status !== 'fulfilled') continue;
      const { figure, body, receivedAt } = answer.value;
      if (!isObject(body) || !isPrice(body.last) || typeof body.timestamp !== 'string' || !/^\d+$/.test(body.timestamp)) continue;
      // A clock ahead of ours must not make a price look younger than it arrived.
      reading[figure] = { usd: body.last, observedAt: Math.min(Number(body.timestamp) * 1000, receivedAt) };
    }
    if (Object.keys(reading).length === 0) throw new Error(firstFailure(answers) ?? 'Bitstamp answered no ticker');
    return reading;
  },
};

export const EXCHANGES = { kraken, coinbase, bitstamp } satisfies Record<string, Exchange>;
export type ExchangeName = keyof typeof EXCHANGES;
export const EXCHANGE_NAMES = Object.keys(EXCHANGES) as ExchangeName[];

/** A positive decimal string; numbers are refused, since a float may already have lost the exact price. */
function isPrice(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,15}(?:\.\d{1,18})?$/.test(value) && /[1-9]/.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstFailure(answers: PromiseSettledResult<unknown>[]): string | null {
  const failed = answers.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
  return failed ? String((failed.reason as Error)?.message ?? failed.reason) : null;
}
