import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from '@noble/hashes/utils';
import { bech32, createBase58check } from '@scure/base';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { ChainPaymentMethod } from '../../ordering/contract/checkout-rules';
import { AddressDerivation, AddressFamily } from '../contract/payment.events';

/**
 * Receiving addresses derived from the merchant's account-level extended public keys
 * (BIP32 public derivation): the server can make a fresh address for every payment
 * and holds no key that could spend from any of them.
 */

/** Which key pays which method: one Ethereum account serves Ether and both ERC-20 tokens. */
export const ADDRESS_FAMILY: Record<ChainPaymentMethod, AddressFamily> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  'usdt-erc20': 'eth',
  usdc: 'eth',
  'usdt-trc20': 'tron',
};

/** BIP84 for native segwit Bitcoin, BIP44 for Ethereum (coin 60) and Tron (coin 195). */
const PURPOSE_AND_COIN: Record<AddressFamily, string> = { btc: "m/84'/0'", eth: "m/44'/60'", tron: "m/44'/195'" };

/** SLIP-132 versions: BIP84's zpub, and the plain xpub that every BIP44 wallet (and some Bitcoin wallets) exports. */
const ZPUB = { public: 0x04b24746, private: 0x04b2430c };
const XPUB = { public: 0x0488b21e, private: 0x0488ade4 };
const PRIVATE_PREFIXES = ['xprv', 'yprv', 'zprv', 'tprv', 'uprv', 'vprv'];

/** Addresses for payments come from the external (receiving) chain, never the change chain. */
const RECEIVING_CHAIN = 0;

export interface AccountKey {
  family: AddressFamily;
  /** The first 4 bytes of HASH160 of the account's public key, in hex: names the key without showing it. */
  fingerprint: string;
  /** Where the account sits, e.g. m/84'/0'/0'. */
  accountPath: string;
  receivingChain: HDKey;
}

/** Reads an account-level extended public key, refusing anything else with the reason. */
export function parseAccountKey(family: AddressFamily, extendedKey: string): AccountKey {
  const key = extendedKey.trim();
  const prefix = key.slice(0, 4);
  if (PRIVATE_PREFIXES.includes(prefix)) throw new Error('is an extended private key: give the account\'s extended public key, the server must never hold a key that can spend');
  const versions = family === 'btc' && prefix === 'zpub' ? ZPUB : XPUB;
  const accepted = family === 'btc' ? 'a BIP84 zpub (or xpub)' : 'an xpub';
  if (prefix !== 'xpub' && !(family === 'btc' && prefix === 'zpub')) throw new Error(`must be ${accepted}, got a key starting with "${prefix}"`);
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(key, versions);
  } catch (error) {
    throw new Error(`is not a valid extended public key (${(error as Error).message})`);
  }
  if (account.depth !== 3 || account.index < HARDENED_OFFSET) {
    throw new Error(`must be an account-level key (depth 3, e.g. ${PURPOSE_AND_COIN[family]}/0'), got depth ${account.depth}`);
  }
  return {
    family,
    fingerprint: account.fingerprint.toString(16).padStart(8, '0'),
    accountPath: `${PURPOSE_AND_COIN[family]}/${account.index - HARDENED_OFFSET}'`,
    receivingChain: account.deriveChild(RECEIVING_CHAIN),
  };
}

/** The receiving address at `index` of the account, with the derivation the audit trail records. */
export function deriveAddress(account: AccountKey, index: number): { address: string; derivation: AddressDerivation } {
  if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) throw new Error(`Address index out of range: ${index}`);
  const publicKey = account.receivingChain.deriveChild(index).publicKey;
  if (!publicKey) throw new Error('The account key has no public key');
  return {
    address: ADDRESS_ENCODERS[account.family](publicKey),
    derivation: { xpubFingerprint: account.fingerprint, path: `${account.accountPath}/${RECEIVING_CHAIN}/${index}`, index },
  };
}

const ADDRESS_ENCODERS: Record<AddressFamily, (compressedPublicKey: Uint8Array) => string> = {
  btc: bitcoinP2wpkhAddress,
  eth: ethereumAddress,
  tron: tronAddress,
};

/** Native segwit v0 (BIP173): bech32 of witness version 0 and HASH160 of the compressed key. */
export function bitcoinP2wpkhAddress(compressedPublicKey: Uint8Array): string {
  const program = ripemd160(sha256(compressedPublicKey));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

/** The last 20 bytes of keccak-256 of the uncompressed key (without its 0x04 prefix), checksummed by EIP-55. */
export function ethereumAddress(compressedPublicKey: Uint8Array): string {
  return checksumAddress(bytesToHex(accountId(compressedPublicKey)));
}

/** Tron: the Ethereum account id behind 0x41, in base58check. */
export function tronAddress(compressedPublicKey: Uint8Array): string {
  return base58check.encode(Uint8Array.of(0x41, ...accountId(compressedPublicKey)));
}

const base58check = createBase58check(sha256);

function accountId(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressedPublicKey).toRawBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55: the hex digits of a 40-digit address (without 0x), lower case, with the checksum's capitals. */
export function checksumAddress(lowerHex: string): string {
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lowerHex)));
  const digits = [...lowerHex].map((digit, i) => (Number.parseInt(hash[i], 16) >= 8 ? digit.toUpperCase() : digit));
  return `0x${digits.join('')}`;
}
