import { blankToNull } from '../../shared/env';
import { PaymentsConfig } from '../payments-config';
import { ChainWatcher } from './chain-watcher.port';
import { EsploraWatcher } from './esplora-watcher';
import { EvmWatcher } from './evm-watcher';
import { TronWatcher, USDT_TRC20_MAINNET } from './tron-watcher';

/** One watcher per network that has a node to ask; a network without one is confirmed by hand. */
export function chainWatchers(config: PaymentsConfig, env: NodeJS.ProcessEnv = process.env): ChainWatcher[] {
  const ethereum: ChainWatcher | null = config.chain.ethereumRpcUrl === null ? null : new EvmWatcher(config.chain.ethereumRpcUrl);
  const watchers: (ChainWatcher | null)[] = [ethereum, bitcoinWatcherFromEnv(env), tronWatcherFromEnv(env)];
  return watchers.filter((watcher) => watcher !== null);
}

/**
 * The Bitcoin and Tron watchers the environment asks for, checked at start-up with the variable named.
 * Without its URL a network is not watched (the embedded demo): its payments are confirmed by hand.
 *
 * - BTC_ESPLORA_URL: an Esplora HTTP API root, e.g. https://mempool.space/api or a self-hosted electrs/esplora.
 * - TRON_API_URL: TronGrid, https://api.trongrid.io (or a node with its v1 API); TRON_API_KEY: its API key,
 *   sent as TRON-PRO-API-KEY; USDT_TRC20_CONTRACT: the token (default: mainnet's TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t).
 */
export function bitcoinWatcherFromEnv(env: NodeJS.ProcessEnv = process.env): EsploraWatcher | null {
  const baseUrl = httpUrl(env, 'BTC_ESPLORA_URL');
  return baseUrl === null ? null : new EsploraWatcher({ baseUrl });
}

export function tronWatcherFromEnv(env: NodeJS.ProcessEnv = process.env): TronWatcher | null {
  const baseUrl = httpUrl(env, 'TRON_API_URL');
  if (baseUrl === null) return null;
  const usdtContract = blankToNull(env.USDT_TRC20_CONTRACT)?.trim() ?? USDT_TRC20_MAINNET;
  try {
    return new TronWatcher({ baseUrl, apiKey: blankToNull(env.TRON_API_KEY)?.trim(), usdtContract });
  } catch (error) {
    throw new Error(`USDT_TRC20_CONTRACT: ${(error as Error).message}`);
  }
}

function httpUrl(env: NodeJS.ProcessEnv, variable: string): string | null {
  const url = blankToNull(env[variable])?.trim() ?? null;
  if (url !== null && !/^https?:\/\/[^/\s]+/.test(url)) throw new Error(`${variable} must be an http(s) URL, got ${url}`);
  return url;
}
