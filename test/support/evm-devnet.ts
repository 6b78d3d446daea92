import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type * as Viem from 'viem' with { 'resolution-mode': 'import' };
import type { Abi, Address, Hash, Hex } from 'viem' with { 'resolution-mode': 'import' };

// viem publishes its types as ES modules only; the tests run as CommonJS and require its CommonJS build.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const viem = require('viem') as typeof Viem;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const solc = require('solc') as { compile(input: string): string };

/** The merchant's Ethereum account key (m/44'/60'/0') of the published test mnemonic: the shop is given only this. */
export function testEthXpub(): string {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'));
  return master.derive("m/44'/60'/0'").publicExtendedKey;
}

/** A local Ethereum chain: anvil from @foundry-rs/anvil, on a free port, one per test file. */
export interface EvmDevnet {
  rpcUrl: string;
  /** Anvil's funded, unlocked accounts. */
  payers: Address[];
  /** A 6-decimal test token, its supply with the first payer; the address EIP-55 checksummed. */
  deployToken(name: string, symbol: string): Promise<Address>;
  sendEther(from: Address, to: string, wei: bigint): Promise<Hash>;
  sendToken(token: Address, from: Address, to: string, units: bigint): Promise<Hash>;
  /** Mines empty blocks on top. */
  mine(blocks: number): Promise<void>;
  height(): Promise<number>;
  /** evm_snapshot / evm_revert: going back drops the blocks mined since, as a reorganisation does. */
  snapshot(): Promise<Hex>;
  revert(snapshot: Hex): Promise<void>;
  stop(): Promise<void>;
}

const devnetChain = { id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] as string[] } } };

export async function startEvmDevnet(): Promise<EvmDevnet> {
  const port = await freePort();
  const anvil = spawn(join(__dirname, '../../node_modules/.bin/anvil'), ['--port', String(port), '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  anvil.stderr?.on('data', (chunk) => (stderr += chunk));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = { ...devnetChain, rpcUrls: { default: { http: [rpcUrl] } } };
  const transport = viem.http(rpcUrl, { retryCount: 0 });
  const client = viem.createTestClient({ chain, mode: 'anvil', transport, cacheTime: 0 }).extend(viem.publicActions).extend(viem.walletActions);
  await untilAnswering(client, anvil, () => stderr);
  const payers = await client.getAddresses();
  const token = compiledToken();

  const mined = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
    return receipt;
  };

  return {
    rpcUrl,
    payers: [...payers],
    async deployToken(name, symbol) {
      const hash = await client.deployContract({ abi: token.abi, bytecode: token.bytecode, account: payers[0], chain, args: [name, symbol, 10n ** 15n] });
      return viem.getAddress((await mined(hash)).contractAddress!);
    },
    async sendEther(from, to, wei) {
      const hash = await client.sendTransaction({ account: from, chain, to: to as Address, value: wei });
      await mined(hash);
      return hash;
    },
    async sendToken(address, from, to, units) {
      const hash = await client.writeContract({ address, abi: token.abi, functionName: 'transfer', args: [to as Address, units], account: from, chain });
      await mined(hash);
      return hash;
    },
    async mine(blocks) {
      await client.mine({ blocks });
    },
    async height() {
      return Number(await client.getBlockNumber());
    },
    snapshot: () => client.snapshot(),
    async revert(id) {
      await client.revert({ id });
    },
    async stop() {
      if (anvil.exitCode !== null) return;
      const exited = new Promise((resolve) => anvil.once('exit', resolve));
      anvil.kill('SIGTERM');
      await exited;
    },
  };
}

let compiled: { abi: Abi; bytecode: Hex } | null = null;

/** TestToken.sol, compiled once per test file by solc-js. */
function compiledToken(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const source = readFileSync(join(__dirname, 'fixtures/erc20/TestToken.sol'), 'utf8');
  const input = { language: 'Solidity', sources: { 'TestToken.sol': { content: source } }, settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol'].TestToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

async function untilAnswering(client: { getChainId(): Promise<number> }, anvil: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (anvil.exitCode !== null) throw new Error(`anvil exited with ${anvil.exitCode}: ${stderr()}`);
    try {
      await client.getChainId();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`anvil did not answer within 15 s: ${(error as Error).message} ${stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
