import { explorerUrl, shortHash } from './admin-format';

describe('back office formatting', () => {
  it('shows a transaction hash as its first 8 and last 8 characters', () => {
    expect(shortHash('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x123456…12345678');
    expect(shortHash('short_hash')).toBe('short_hash');
  });

  it('links a hash to the explorer of its chain, and hand-recorded ids to nothing', () => {
    const tron = 'a'.repeat(64);
    const eth = `0x${'b'.repeat(64)}`;
    expect(explorerUrl('bitcoin', tron)).toBe(`https://mempool.space/tx/${tron}`);
    expect(explorerUrl('ethereum', eth)).toBe(`https://etherscan.io/tx/${eth}`);
    expect(explorerUrl('usdc', eth)).toBe(`https://etherscan.io/tx/${eth}`);
    expect(explorerUrl('usdt', tron)).toBe(`https://tronscan.org/#/transaction/${tron}`);
    expect(explorerUrl('usdt', eth)).toBe(`https://etherscan.io/tx/${eth}`);
    expect(explorerUrl('usdt-trc20', tron)).toBe(`https://tronscan.org/#/transaction/${tron}`);
    expect(explorerUrl('bitcoin', 'manual_123')).toBeNull();
    expect(explorerUrl('ethereum', 'test_abc')).toBeNull();
    expect(explorerUrl('ethereum', 'verified_abc')).toBeNull();
    expect(explorerUrl('cash_on_delivery', tron)).toBeNull();
    expect(explorerUrl('bitcoin', null)).toBeNull();
  });
});
