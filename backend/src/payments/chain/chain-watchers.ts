import { PaymentsConfig } from '../payments-config';
import { ChainWatcher } from './chain-watcher.port';
import { EsploraWatcher } from './esplora-watcher';
import { TronWatcher, USDT_TRC20_MAINNET } from './tron-watcher';

/**
 * One watcher per network that has a node to ask (ETH_RPC_URL, BTC_ESPLORA_URL, TRON_API_URL, parsed in
 * config.ts); a network without one is confirmed by hand. A USDT-TRC20 contract that is no Tron
 * address stops the start with the variable named.
 */
export function chainWatchers(config: PaymentsConfig): ChainWatcher[] {
  const { ethereumRpcUrl, bitcoinEsploraUrl, tron } = config.chain;
  const watchers: (ChainWatcher | null)[] = [
    // viem is loaded only where Ethereum is watched: it takes about half a second of CPU to load.
    ethereumRpcUrl === null ? null : new (require('./evm-watcher') as typeof import('./evm-watcher')).EvmWatcher(ethereumRpcUrl),
    bitcoinEsploraUrl === null ? null : new EsploraWatcher({ baseUrl: bitcoinEsploraUrl }),
    tron === null ? null : tronWatcher(tron),
  ];
  return watchers.filter((watcher) => watcher !== null);
}

function tronWatcher({ baseUrl, apiKey, usdtContract }: NonNullable<PaymentsConfig['chain']['tron']>): TronWatcher {
  try {
    return new TronWatcher({ baseUrl, apiKey, usdtContract: usdtContract ?? USDT_TRC20_MAINNET });
  } catch (error) {
    throw new Error(`USDT_TRC20_CONTRACT: ${(error as Error).message}`);
  }
}
