import { ServiceUnavailableException } from '@nestjs/common';
import { Coin, COIN_PRICES_USD, USD_PER_AUD } from '../../ordering/contract/checkout-rules';

/** The rates a quote is made at, and where they come from. */
export interface CoinRates {
  usdPerAud: string;
  coinPriceUsd: string;
  /** The sources whose prices made the figures, recorded with the quote. */
  sources: string[];
}

/** Where exchange rates come from: live exchange tickers, or the spec's fixed rates in the demo. */
export interface CryptoRates {
  /** Refuses with RatesUnavailableError rather than answer a price it cannot vouch for. */
  ratesFor(coin: Coin): Promise<CoinRates>;
}

export const CRYPTO_RATES = Symbol('CRYPTO_RATES');

/** Answered 503 `{ message }`: the shopper is asked to try again, never quoted at a stale price. */
export class RatesUnavailableError extends ServiceUnavailableException {}

export const FIXED_RATES_SOURCE = 'fixed';
/** With live rates, the baht's price is still the spec's fixed one: no exchange the shop reads quotes THB. */
export const FIXED_THB_SOURCE = 'fixed THB';

/** The fixed rates of checkout spec §9 (the coins' and the baht's prices): the demo's default when no live source is configured. */
export class FixedCryptoRates implements CryptoRates {
  async ratesFor(coin: Coin): Promise<CoinRates> {
    return { usdPerAud: USD_PER_AUD, coinPriceUsd: COIN_PRICES_USD[coin], sources: [FIXED_RATES_SOURCE] };
  }
}
