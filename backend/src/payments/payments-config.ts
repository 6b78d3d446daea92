import { blankToNull as blankOrNull, wholeNumber } from '../shared/env';
import { CRYPTO_PAYMENT_METHOD_IDS } from '../ordering/contract/checkout-rules';
import { AddressFamily } from './contract/payment.events';
import { PaymentsSettingsView } from './contract/payment.views';
import { AccountKey, ADDRESS_FAMILY, parseAccountKey } from './domain/hd-addresses';
import { FIXED_RATES_SOURCE } from './rates/crypto-rates.port';
import { EXCHANGE_NAMES, EXCHANGES, ExchangeName, RATE_FIGURES, RateFigure } from './rates/exchanges';
import { LiveRatesSettings, RateSourceSetting } from './rates/live-crypto-rates';

export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');

export interface PaymentsConfig {
  /** The merchant's account keys by address family; a family without one pays to its fixed address (wallets.ts). */
  accounts: Partial<Record<AddressFamily, AccountKey>>;
  /** Live rates; null: the spec's fixed rates (the demo). */
  rates: LiveRatesSettings | null;
  /** How long a quote's rate and address hold (never past the order's payment window). */
  quoteMinutes: number;
}

const XPUB_VARIABLES: Record<AddressFamily, string> = { btc: 'BTC_XPUB', eth: 'ETH_XPUB', tron: 'TRON_XPUB' };
export const DEFAULT_QUOTE_MINUTES = 15;
const DEFAULT_MAX_AGE_SECONDS = 60;

/**
 * The payments context's own settings, read and checked at start-up so that a mistyped key or
 * source stops the shop there, with the variable named, rather than at a shopper's checkout.
 *
 * - BTC_XPUB (BIP84 zpub or xpub of m/84'/0'/0'), ETH_XPUB (xpub of m/44'/60'/0'), TRON_XPUB (xpub of m/44'/195'/0'):
 *   account-level extended public keys; each payment gets the next address of the receiving chain.
 * - RATES_SOURCES: comma-separated exchanges, each `name` (its public API) or `name=base URL`, e.g.
 *   `kraken,coinbase,bitstamp`, giving every rate from at least two. Unset: the fixed rates of checkout spec §9.
 * - RATES_MIN_SOURCES: fresh prices needed for each rate (default: half the sources that give it, rounded up),
 *   RATES_MAX_AGE_SECONDS (default 60), QUOTE_MINUTES (default 15).
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const accounts: PaymentsConfig['accounts'] = {};
  for (const [family, variable] of Object.entries(XPUB_VARIABLES) as [AddressFamily, string][]) {
    const key = blankToNull(env[variable]);
    if (key === null) continue;
    try {
      accounts[family] = parseAccountKey(family, key);
    } catch (error) {
      throw new Error(`${variable} ${(error as Error).message}`);
    }
  }
  return { accounts, rates: ratesSettings(env), quoteMinutes: wholeNumber(env, 'QUOTE_MINUTES', DEFAULT_QUOTE_MINUTES, 1, 24 * 60) };
}

function ratesSettings(env: NodeJS.ProcessEnv): LiveRatesSettings | null {
  const listed = blankToNull(env.RATES_SOURCES);
  if (listed === null) {
    for (const variable of ['RATES_MIN_SOURCES', 'RATES_MAX_AGE_SECONDS']) {
      if (blankToNull(env[variable]) !== null) throw new Error(`${variable} is set but RATES_SOURCES is not: the fixed demo rates have no sources`);
    }
    return null;
  }
  const sources = listed.split(',').map((entry) => rateSource(entry.trim()));
  const names = sources.map((source) => source.name);
  if (new Set(names).size !== names.length) throw new Error(`RATES_SOURCES names an exchange twice: ${listed}`);
  const required = blankToNull(env.RATES_MIN_SOURCES) === null ? null : wholeNumber(env, 'RATES_MIN_SOURCES', 1, 1, sources.length);
  const minSources = Object.fromEntries(
    RATE_FIGURES.map((figure) => {
      const givers = names.filter((name) => EXCHANGES[name].figures.includes(figure));
      if (givers.length < 2) {
        throw new Error(`RATES_SOURCES must give each rate from at least two exchanges, so that one wrong or stale price cannot set a quote alone; ${figure} comes from ${givers.join(', ') || 'none'} of ${names.join(', ')}`);
      }
      if (required !== null && required > givers.length) throw new Error(`RATES_MIN_SOURCES is ${required}, but only ${givers.length} of the sources give ${figure} (${givers.join(', ')})`);
      return [figure, required ?? Math.ceil(givers.length / 2)];
    }),
  ) as Record<RateFigure, number>;
  return { sources, minSources, maxAgeSeconds: wholeNumber(env, 'RATES_MAX_AGE_SECONDS', DEFAULT_MAX_AGE_SECONDS, 1, 3600) };
}

function rateSource(entry: string): RateSourceSetting {
  const separator = entry.indexOf('=');
  const name = (separator < 0 ? entry : entry.slice(0, separator)).trim();
  if (!(EXCHANGE_NAMES as string[]).includes(name)) throw new Error(`RATES_SOURCES: unknown exchange "${name}"; known: ${EXCHANGE_NAMES.join(', ')}`);
  const exchange = name as ExchangeName;
  const baseUrl = separator < 0 ? EXCHANGES[exchange].defaultUrl : entry.slice(separator + 1).trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl)) throw new Error(`RATES_SOURCES: the URL of ${exchange} must be http(s), got ${baseUrl}`);
  return { name: exchange, baseUrl };
}

/** What the admin Payments tab shows: derived or fixed addresses per method, and where rates come from. */
export function describePaymentsSettings(config: PaymentsConfig): PaymentsSettingsView {
  const coins = Object.fromEntries(CRYPTO_PAYMENT_METHOD_IDS.map((method) => [method, config.accounts[ADDRESS_FAMILY[method]] ? 'derived' : 'fixed'])) as PaymentsSettingsView['coins'];
  const accounts = Object.values(config.accounts).map(({ family, fingerprint, accountPath }) => ({ family, xpubFingerprint: fingerprint, accountPath }));
  return {
    addressMode: accounts.length > 0 ? 'xpub' : 'fixed',
    coins,
    accounts,
    rates: config.rates
      ? { mode: 'live', sources: config.rates.sources.map((source) => source.name), minSources: config.rates.minSources, maxAgeSeconds: config.rates.maxAgeSeconds, quoteMinutes: config.quoteMinutes }
      : { mode: 'fixed', sources: [FIXED_RATES_SOURCE], minSources: null, maxAgeSeconds: null, quoteMinutes: config.quoteMinutes },
  };
}

/** Keys and names are read without surrounding blanks. */
function blankToNull(value: string | undefined): string | null {
  return blankOrNull(value)?.trim() ?? null;
}
