import { Coin, COIN_PRICES_USD, USD_PER_AUD } from '../../ordering/contract/checkout-rules';

/** Where exchange rates come from; a live price feed can replace the fixed rates behind this port. */
export interface CryptoRates {
  usdPerAud(): Promise<string>;
  coinPriceUsd(coin: Coin): Promise<string>;
}

export const CRYPTO_RATES = Symbol('CRYPTO_RATES');

/** The fixed rates of checkout spec §9. */
export class FixedCryptoRates implements CryptoRates {
  async usdPerAud(): Promise<string> {
    return USD_PER_AUD;
  }

  async coinPriceUsd(coin: Coin): Promise<string> {
    return COIN_PRICES_USD[coin];
  }
}
