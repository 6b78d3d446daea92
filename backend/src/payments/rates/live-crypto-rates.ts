import { Logger } from '@nestjs/common';
import { Coin, COIN_PRICES_USD } from '../../ordering/contract/checkout-rules';
import { medianPrice } from '../domain/crypto-quote';
import { CoinRates, CryptoRates, FIXED_THB_SOURCE, RatesUnavailableError } from './crypto-rates.port';
import { EXCHANGES, ExchangeName, FetchJson, RateFigure, SourceReading } from './exchanges';

export interface RateSourceSetting {
  name: ExchangeName;
  baseUrl: string;
}

export interface LiveRatesSettings {
  sources: RateSourceSetting[];
  /** How many sources must have a fresh price of each figure (not every exchange lists the Australian dollar). */
  minSources: Record<RateFigure, number>;
  /** A price older than this is not used, whatever else is missing. */
  maxAgeSeconds: number;
}

/** An exchange that has not answered by then counts as down for this quote. */
const SOURCE_TIMEOUT_MS = 5_000;
/** Sources are asked again at most this often (or twice per maximum age, when that is shorter): quotes in a burst share one answer. */
const MAX_REFRESH_INTERVAL_MS = 10_000;

interface SourceState {
  name: ExchangeName;
  read: () => Promise<SourceReading>;
  /** The newest price of each figure seen, with when it was true. */
  prices: SourceReading;
  askedAt: number;
  asking: Promise<void> | null;
}

/**
 * Live rates from two or more exchanges: each figure (a coin's USD price, USD per AUD) is the median
 * of the sources whose price for it is younger than the maximum age. With fewer such sources than
 * required there is no quote (RatesUnavailableError, a 503 to the shopper), never a stale or single
 * rogue price. A source that is down keeps counting with its last price until that price is too old.
 */
export class LiveCryptoRates implements CryptoRates {
  private readonly logger = new Logger('CryptoRates');
  private readonly sources: SourceState[];
  private readonly maxAgeMs: number;
  private readonly refreshMs: number;

  constructor(
    private readonly settings: LiveRatesSettings,
    fetchJson: FetchJson = fetchJsonWithTimeout,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.maxAgeMs = settings.maxAgeSeconds * 1000;
    this.refreshMs = Math.min(MAX_REFRESH_INTERVAL_MS, this.maxAgeMs / 2);
    this.sources = settings.sources.map(({ name, baseUrl }) => ({
      name,
      read: () => EXCHANGES[name].read(baseUrl, fetchJson, now),
      prices: {},
      askedAt: Number.NEGATIVE_INFINITY,
      asking: null,
    }));
  }

  /**
   * The exchanges quote no baht: a PromptPay quote takes the live AUD rate with the spec's fixed baht price
   * (§9, USD 0.0286), and records `fixed THB` among its sources so the quote says which part was not live.
   */
  async ratesFor(coin: Coin): Promise<CoinRates> {
    await Promise.all(this.sources.map((source) => this.refresh(source)));
    const aud = this.requireFresh(coin, 'AUD', 'the Australian dollar rate');
    const usdPerAud = medianPrice(aud.map((entry) => entry.usd));
    if (coin === 'THB') return { usdPerAud, coinPriceUsd: COIN_PRICES_USD.THB, sources: [...new Set(aud.map((entry) => entry.source)), FIXED_THB_SOURCE].sort() };
    const price = this.requireFresh(coin, coin, `${coin} prices`);
    return {
      usdPerAud,
      coinPriceUsd: medianPrice(price.map((entry) => entry.usd)),
      sources: [...new Set([...price, ...aud].map((entry) => entry.source))].sort(),
    };
  }

  /** The fresh prices of a figure, or RatesUnavailableError when fewer sources than required gave one. */
  private requireFresh(coin: Coin, figure: RateFigure, what: string): { source: ExchangeName; usd: string }[] {
    const fresh = this.freshPrices(figure);
    const needed = this.settings.minSources[figure];
    if (fresh.length < needed) {
      throw new RatesUnavailableError(
        `We cannot quote ${coin} right now: live exchange rates are unavailable (${fresh.length} of the ${needed} source${needed === 1 ? '' : 's'} needed gave ${what} in the last ${this.settings.maxAgeSeconds} s). Please try again in a few minutes.`,
      );
    }
    return fresh;
  }

  private freshPrices(figure: RateFigure): { source: ExchangeName; usd: string }[] {
    const oldest = this.now() - this.maxAgeMs;
    return this.sources.flatMap((source) => {
      const observed = source.prices[figure];
      return observed && observed.observedAt >= oldest ? [{ source: source.name, usd: observed.usd }] : [];
    });
  }

  private refresh(source: SourceState): Promise<void> {
    if (source.asking) return source.asking;
    if (this.now() - source.askedAt < this.refreshMs) return Promise.resolve();
    source.askedAt = this.now();
    source.asking = source
      .read()
      .then(
        (reading) => {
          for (const [figure, observed] of Object.entries(reading) as [RateFigure, SourceReading[RateFigure]][]) {
            const known = source.prices[figure];
            if (observed && (!known || observed.observedAt >= known.observedAt)) source.prices[figure] = observed;
          }
        },
        (error: unknown) => this.logger.warn(`Rates source ${source.name} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (source.asking = null));
    return source.asking;
  }
}

async function fetchJsonWithTimeout(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
