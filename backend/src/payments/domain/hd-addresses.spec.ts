import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { deriveAddress, parseAccountKey } from './hd-addresses';

/** The mnemonic of the published BIP84 and BIP44 test vectors. */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const master = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
/** Test-only: the accounts' public keys as a wallet would export them; the server code only ever sees these. */
const accountXpub = (path: string) => master.derive(path).publicExtendedKey;

describe('receiving addresses from extended public keys', () => {
  describe('Bitcoin, BIP84 native segwit', () => {
    // BIP84's published vectors: the account zpub and its first two receiving addresses.
    const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

    it('derives the published receiving addresses from the zpub alone', () => {
      const account = parseAccountKey('btc', zpub);
      expect(deriveAddress(account, 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      expect(deriveAddress(account, 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    });

    it('records where the address comes from: the key fingerprint, the path and the index', () => {
      const account = parseAccountKey('btc', zpub);
      expect(deriveAddress(account, 1).derivation).toEqual({ xpubFingerprint: account.fingerprint, path: "m/84'/0'/0'/0/1", index: 1 });
      expect(account.fingerprint).toMatch(/^[0-9a-f]{8}$/);
      expect(account.fingerprint).toBe(master.derive("m/84'/0'/0'").fingerprint.toString(16).padStart(8, '0'));
    });

    it('reads the same account given as a plain xpub', () => {
      const xpub = accountXpub("m/84'/0'/0'");
      expect(xpub.startsWith('xpub')).toBe(true);
      expect(deriveAddress(parseAccountKey('btc', xpub), 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    });
  });

  describe('Ethereum, BIP44 m/44\'/60\'/0\'', () => {
    it('derives the published first address, EIP-55 checksummed', () => {
      const account = parseAccountKey('eth', accountXpub("m/44'/60'/0'"));
      const first = deriveAddress(account, 0);
      expect(first.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
      expect(first.derivation.path).toBe("m/44'/60'/0'/0/0");
    });
  });

  describe('Tron, BIP44 m/44\'/195\'/0\'', () => {
    it('derives the first address from the xpub as an independent computation from the private key does', () => {
      const account = parseAccountKey('tron', accountXpub("m/44'/195'/0'"));
      const derived = deriveAddress(account, 0);
      expect(derived.address).toBe(tronAddressFromPrivateKey(master.derive("m/44'/195'/0'/0/0").privateKey!));
      expect(derived.address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
      expect(derived.derivation.path).toBe("m/44'/195'/0'/0/0");
    });
  });

  describe('keys the server refuses', () => {
    it('refuses an extended private key: the server never holds one', () => {
      expect(() => parseAccountKey('btc', master.derive("m/84'/0'/0'").privateExtendedKey)).toThrow(/private key/);
    });

    it('refuses a key that is not at account level', () => {
      expect(() => parseAccountKey('eth', accountXpub("m/44'/60'/0'/0"))).toThrow(/account-level key \(depth 3/);
      expect(() => parseAccountKey('eth', master.publicExtendedKey)).toThrow(/depth 0/);
    });

    it('refuses a zpub where an xpub is expected, and a damaged key', () => {
      const zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
      expect(() => parseAccountKey('eth', zpub)).toThrow(/must be an xpub/);
      expect(() => parseAccountKey('btc', `${zpub.slice(0, -1)}t`)).toThrow(/not a valid extended public key/);
      expect(() => parseAccountKey('btc', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toThrow(/must be a BIP84 zpub/);
    });

    it('refuses an index outside the non-hardened range', () => {
      const account = parseAccountKey('eth', accountXpub("m/44'/60'/0'"));
      expect(() => deriveAddress(account, -1)).toThrow(/out of range/);
      expect(() => deriveAddress(account, 2 ** 31)).toThrow(/out of range/);
    });
  });
});

/** Tron's address by hand, from the private key: keccak-256 of the uncompressed public key, 0x41, base58 with a double-SHA-256 checksum. */
function tronAddressFromPrivateKey(privateKey: Uint8Array): string {
  const uncompressed = secp256k1.getPublicKey(privateKey, false);
  const payload = Uint8Array.of(0x41, ...keccak_256(uncompressed.slice(1)).slice(12));
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return base58.encode(Uint8Array.of(...payload, ...checksum));
}
