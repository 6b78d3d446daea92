import { blankToNull as blankOrNull, wholeNumber } from '../shared/env';
import { CRYPTO_PAYMENT_METHOD_IDS, CryptoPaymentMethod, isChainPaymentMethod } from '../ordering/contract/checkout-rules';
import { ChainNetwork, NETWORK_OF } from './chain/chain-watcher.port';
import { AddressFamily } from './contract/payment.events';
import { PaymentsSettingsView } from './contract/payment.views';
import { AccountKey, ADDRESS_FAMILY, checksumAddress, parseAccountKey } from './domain/hd-addresses';
import { ERC20_TOKENS, Erc20Method } from './domain/payment-uri';
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
  chain: ChainSettings;
}

/** How payments are watched on their chains (checked at start-up like the rest). */
export interface ChainSettings {
  /** Confirmations a transfer needs before it pays, per network (Ether and ERC-20 tokens share Ethereum's). */
  confirmations: Record<ChainNetwork, number>;
  /** JSON-RPC endpoint of an Ethereum node; null: Ether and ERC-20 payments are confirmed by hand. */
  ethereumRpcUrl: string | null;
  /** The ERC-20 contracts the shop takes, for the EIP-681 URIs and the watcher's Transfer logs. */
  tokenContracts: Record<Erc20Method, string>;
  pollSeconds: number;
  /** How long after its quote expired, or after its last transfer event, a payment is still watched (late payments, reorganisations). */
  graceMinutes: number;
  /** Transaction page prefixes of block explorers: the transaction hash is appended. */
  explorers: Record<ChainNetwork, string>;
  /** BTC_ESPLORA_URL: an Esplora HTTP API root (mempool.space/api, a self-hosted electrs); null: Bitcoin payments are confirmed by hand. */
  bitcoinEsploraUrl: string | null;
  /** TRON_API_URL (TronGrid or a node with its v1 API), TRON_API_KEY (sent as TRON-PRO-API-KEY), USDT_TRC20_CONTRACT; null: USDT-TRC20 payments are confirmed by hand. */
  tron: { baseUrl: string; apiKey: string | undefined; usdtContract: string | null } | null;
}

const XPUB_VARIABLES: Record<AddressFamily, string> = { btc: 'BTC_XPUB', eth: 'ETH_XPUB', tron: 'TRON_XPUB' };
export const DEFAULT_QUOTE_MINUTES = 15;
const DEFAULT_MAX_AGE_SECONDS = 60;

const CONFIRMATION_VARIABLES: Record<ChainNetwork, [string, number]> = { bitcoin: ['CONFIRMATIONS_BTC', 2], ethereum: ['CONFIRMATIONS_ETH', 12], tron: ['CONFIRMATIONS_TRC20', 19] };
const TOKEN_CONTRACT_VARIABLES: Record<Erc20Method, string> = { 'usdt-erc20': 'USDT_ERC20_CONTRACT', usdc: 'USDC_CONTRACT' };
const EXPLORER_VARIABLES: Record<ChainNetwork, [string, string]> = {
  bitcoin: ['EXPLORER_BITCOIN_TX', 'https://mempool.space/tx/'],
  ethereum: ['EXPLORER_ETHEREUM_TX', 'https://etherscan.io/tx/'],
  tron: ['EXPLORER_TRON_TX', 'https://tronscan.org/#/transaction/'],
};

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
 * - ETH_RPC_URL: an Ethereum JSON-RPC endpoint; set, Ether, USDT-ERC20 and USDC payments to derived addresses are
 *   watched and confirmed without an admin. USDT_ERC20_CONTRACT, USDC_CONTRACT: the token contracts (default: mainnet's).
 * - CONFIRMATIONS_BTC (2), CONFIRMATIONS_ETH (12, Ether and ERC-20), CONFIRMATIONS_TRC20 (19): the confirmation policy;
 *   CHAIN_POLL_SECONDS (15): how often each chain is asked; CHAIN_WATCH_GRACE_MINUTES (60): how long an expired or
 *   settled payment is still watched; EXPLORER_BITCOIN_TX, EXPLORER_ETHEREUM_TX, EXPLORER_TRON_TX: transaction page prefixes.
 */
export function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
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
  return { accounts, rates: ratesSettings(env), quoteMinutes: wholeNumber(env, 'QUOTE_MINUTES', DEFAULT_QUOTE_MINUTES, 1, 24 * 60), chain: chainSettings(env) };
}

function httpUrl(env: NodeJS.ProcessEnv, variable: string): string | null {
  const url = blankToNull(env[variable])?.trim() ?? null;
  if (url !== null && !/^https?:\/\/[^/\s]+/.test(url)) throw new Error(`${variable} must be an http(s) URL, got ${url}`);
  return url;
}

function tronSettings(env: NodeJS.ProcessEnv): ChainSettings['tron'] {
  const baseUrl = httpUrl(env, 'TRON_API_URL');
  if (baseUrl === null) return null;
  return { baseUrl, apiKey: blankToNull(env.TRON_API_KEY)?.trim(), usdtContract: blankToNull(env.USDT_TRC20_CONTRACT)?.trim() ?? null };
}

function chainSettings(env: NodeJS.ProcessEnv): ChainSettings {
  const ethereumRpcUrl = blankToNull(env.ETH_RPC_URL);
  if (ethereumRpcUrl !== null && !/^(https?|wss?):\/\/[^/\s]+/.test(ethereumRpcUrl)) throw new Error(`ETH_RPC_URL must be an http(s) or ws(s) URL, got ${ethereumRpcUrl}`);
  const perNetwork = <T>(read: (network: ChainNetwork) => T) => ({ bitcoin: read('bitcoin'), ethereum: read('ethereum'), tron: read('tron') });
  return {
    confirmations: perNetwork((network) => wholeNumber(env, CONFIRMATION_VARIABLES[network][0], CONFIRMATION_VARIABLES[network][1], 1, 1000)),
    ethereumRpcUrl,
    tokenContracts: {
      'usdt-erc20': tokenContract(env, 'usdt-erc20'),
      usdc: tokenContract(env, 'usdc'),
    },
    pollSeconds: wholeNumber(env, 'CHAIN_POLL_SECONDS', 15, 1, 3600),
    graceMinutes: wholeNumber(env, 'CHAIN_WATCH_GRACE_MINUTES', 60, 1, 30 * 24 * 60),
    bitcoinEsploraUrl: httpUrl(env, 'BTC_ESPLORA_URL'),
    tron: tronSettings(env),
    explorers: perNetwork((network) => {
      const [variable, fallback] = EXPLORER_VARIABLES[network];
      const prefix = blankToNull(env[variable]) ?? fallback;
      if (!/^https?:\/\/[^/\s]+/.test(prefix)) throw new Error(`${variable} must be an http(s) URL prefix, got ${prefix}`);
      return prefix;
    }),
  };
}

function tokenContract(env: NodeJS.ProcessEnv, method: Erc20Method): string {
  const variable = TOKEN_CONTRACT_VARIABLES[method];
  const configured = blankToNull(env[variable]);
  if (configured === null) return ERC20_TOKENS[method].contract;
  if (!/^0x[0-9a-fA-F]{40}$/.test(configured)) throw new Error(`${variable} must be a 0x contract address of 40 hex digits, got ${configured}`);
  return checksumAddress(configured.slice(2).toLowerCase());
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
export function describePaymentsSettings(config: PaymentsConfig, watchedNetworks: readonly ChainNetwork[]): PaymentsSettingsView {
  // PromptPay pays the one configured id, and no watcher sees bank transfers: always fixed and manual.
  const derived = (method: CryptoPaymentMethod) => isChainPaymentMethod(method) && config.accounts[ADDRESS_FAMILY[method]] !== undefined;
  const coins = Object.fromEntries(CRYPTO_PAYMENT_METHOD_IDS.map((method) => [method, derived(method) ? 'derived' : 'fixed'])) as PaymentsSettingsView['coins'];
  const accounts = Object.values(config.accounts).map(({ family, fingerprint, accountPath }) => ({ family, xpubFingerprint: fingerprint, accountPath }));
  const watched = (method: CryptoPaymentMethod) => isChainPaymentMethod(method) && derived(method) && watchedNetworks.includes(NETWORK_OF[method]);
  return {
    addressMode: accounts.length > 0 ? 'xpub' : 'fixed',
    coins,
    accounts,
    confirmation: Object.fromEntries(
      CRYPTO_PAYMENT_METHOD_IDS.map((method) => [method, isChainPaymentMethod(method) && watched(method) ? { mode: 'watched', confirmations: config.chain.confirmations[NETWORK_OF[method]] } : { mode: 'manual', confirmations: null }]),
    ) as PaymentsSettingsView['confirmation'],
    chain: { pollSeconds: config.chain.pollSeconds, graceMinutes: config.chain.graceMinutes, tokenContracts: config.chain.tokenContracts },
    rates: config.rates
      ? { mode: 'live', sources: config.rates.sources.map((source) => source.name), minSources: config.rates.minSources, maxAgeSeconds: config.rates.maxAgeSeconds, quoteMinutes: config.quoteMinutes }
      : { mode: 'fixed', sources: [FIXED_RATES_SOURCE], minSources: null, maxAgeSeconds: null, quoteMinutes: config.quoteMinutes },
  };
}

/** Keys and names are read without surrounding blanks. */
function blankToNull(value: string | undefined): string | null {
  return blankOrNull(value)?.trim() ?? null;
}
