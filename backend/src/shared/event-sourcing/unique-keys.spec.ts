import { UniqueKeyEvent } from '../contract/unique-key.events';
import { ConflictError } from '../errors';
import { DeciderSpecification } from './decider-specification';
import { UniqueKeyCommand, uniqueKeyDecider } from './unique-keys';

const KEY = 'BPC-157';
const TAKEN = 'A product with SKU BPC-157 already exists';
const AT = '2030-05-01T10:00:00.000Z';

const claimed = (ownerId: string): UniqueKeyEvent => ({ type: 'UniqueKeyClaimed', version: 1, data: { key: KEY, ownerId, claimedAt: AT } });
const released = (ownerId: string): UniqueKeyEvent => ({ type: 'UniqueKeyReleased', version: 1, data: { key: KEY, ownerId, reason: 'SKU changed' } });

const claim = (ownerId: string): UniqueKeyCommand => ({ kind: 'claim', key: KEY, ownerId, claimedAt: AT, takenMessage: TAKEN });
const release = (ownerId: string): UniqueKeyCommand => ({ kind: 'release', key: KEY, ownerId, reason: 'SKU changed' });

const uniqueKey = DeciderSpecification.for(uniqueKeyDecider);

describe('unique key decider', () => {
  it('lets the first owner claim a key', () => {
    uniqueKey.given([]).when(claim('product-7')).then([claimed('product-7')]);
  });

  it('records nothing when the owner claims its key again', () => {
    uniqueKey.given([claimed('product-7')]).when(claim('product-7')).thenNothing();
  });

  it('refuses the key to another owner, with the message the key was claimed with', () => {
    uniqueKey.given([claimed('product-7')]).when(claim('product-8')).thenThrows(ConflictError, TAKEN);
  });

  it('lets the owner release its key', () => {
    uniqueKey.given([claimed('product-7')]).when(release('product-7')).then([released('product-7')]);
  });

  it('releases nothing for anyone but the owner', () => {
    uniqueKey.given([claimed('product-7')]).when(release('product-8')).thenNothing();
    uniqueKey.given([]).when(release('product-7')).thenNothing();
  });

  it('releases a key only once', () => {
    uniqueKey.given([claimed('product-7'), released('product-7')]).when(release('product-7')).thenNothing();
  });

  it('lets another owner claim a released key', () => {
    uniqueKey.given([claimed('product-7'), released('product-7')]).when(claim('product-8')).then([claimed('product-8')]);
  });
});
