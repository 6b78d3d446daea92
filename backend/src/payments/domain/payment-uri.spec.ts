import { parse } from 'promptparse';
import { paymentUri, promptPayPayload } from './payment-uri';

/**
 * Published PromptPay payloads with their CRCs: the examples in promptparse's own test suite
 * (github.com/maythiwat/promptparse, src/index.test.ts), in the Bank of Thailand's Thai QR Payment layout.
 */
const PUBLISHED = {
  mobile0812223333For30Baht: '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD',
  mobile0801111111For20_15Baht: '00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE',
};

describe('PromptPay payload', () => {
  it('builds the published payloads byte for byte, CRC included', () => {
    expect(promptPayPayload('0812223333', '30.00')).toBe(PUBLISHED.mobile0812223333For30Baht);
    expect(promptPayPayload('0801111111', '20.15')).toBe(PUBLISHED.mobile0801111111For20_15Baht);
  });

  it('takes the +66 form and blanks of a mobile number as the same id', () => {
    expect(promptPayPayload('+66 81 222 3333', '30.00')).toBe(PUBLISHED.mobile0812223333For30Baht);
    expect(promptPayPayload('081-222-3333', '30')).toBe(PUBLISHED.mobile0812223333For30Baht);
  });

  it('is what the QR of a PromptPay payment encodes, and parses back to the id and the amount in baht', () => {
    const payload = paymentUri('promptpay', '0800000000', '2272.73');
    const qr = parse(payload, true)!;
    expect(qr).not.toBeNull();
    expect(qr.validate('63')).toBe(true);
    // Tag 29 (PromptPay credit transfer): 01 mobile as 0066 + 9 digits; 53 currency 764 (THB); 54 amount; 58 country.
    expect(qr.getTagValue('29', '00')).toBe('A000000677010111');
    expect(qr.getTagValue('29', '01')).toBe('0066800000000');
    expect(qr.getTagValue('53')).toBe('764');
    expect(qr.getTagValue('54')).toBe('2272.73');
    expect(qr.getTagValue('58')).toBe('TH');
    expect(qr.getTagValue('01')).toBe('12');
  });

  it('puts a 13-digit tax id under the national id tag', () => {
    const qr = parse(promptPayPayload('0105556012345', '1500.50'), true)!;
    expect(qr.getTagValue('29', '02')).toBe('0105556012345');
    expect(qr.getTagValue('29', '01')).toBeUndefined();
    expect(qr.getTagValue('54')).toBe('1500.50');
  });

  it('refuses an id that is not a PromptPay id, an amount finer than a satang, and nothing to pay', () => {
    expect(() => promptPayPayload('0412345678', '30.00')).toThrow(/Not a PromptPay id/);
    expect(() => promptPayPayload('0812223333', '30.001')).toThrow();
    expect(() => promptPayPayload('0812223333', '0.00')).toThrow(/above zero/);
  });
});
