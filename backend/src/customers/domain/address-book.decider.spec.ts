import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification, stateAfter } from '../../shared/event-sourcing/decider-specification';
import type { ShippingAddress } from '../../ordering/contract/order.events';
import { AddressBookEvent } from '../contract/address-book.events';
import { ADDRESS_BOOK_LIMIT } from '../contract/address-book.events';
import { addressBookDecider, addressBookView, TOO_MANY_ADDRESSES } from './address-book.decider';

const USER = 'user-1';
const home: ShippingAddress = { firstName: 'Grace', lastName: 'Hopper', phone: '0412 345 678', address: '1 Collins St', city: 'Melbourne', state: 'VIC', postalCode: '3000', country: 'Australia' };
const lab: ShippingAddress = { ...home, address: '2 Lab Rd', city: 'Sydney', state: 'NSW', postalCode: '2000' };
const saved = (addressId: number, address = home): AddressBookEvent => ({ type: 'AddressSaved', version: 1, data: { userId: USER, addressId, address } });
const removed = (addressId: number): AddressBookEvent => ({ type: 'AddressRemoved', version: 1, data: { userId: USER, addressId } });
const chosen = (addressId: number): AddressBookEvent => ({ type: 'DefaultAddressChosen', version: 1, data: { userId: USER, addressId } });

const book = DeciderSpecification.for(addressBookDecider);

describe('address book decider (issue 22)', () => {
  it('numbers new addresses and makes the first the default', () => {
    book.given([]).when({ kind: 'save', userId: USER, addressId: null, address: home, makeDefault: false }).then([saved(1)]);
    book.given([saved(1)]).when({ kind: 'save', userId: USER, addressId: null, address: lab, makeDefault: true }).then([saved(2, lab), chosen(2)]);
    expect(addressBookView(stateAfter(addressBookDecider, [saved(1), saved(2, lab)])).map((view) => [view.id, view.isDefault])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('edits an address in place, records nothing when it is the same, and refuses one it does not have', () => {
    book.given([saved(1)]).when({ kind: 'save', userId: USER, addressId: 1, address: lab, makeDefault: false }).then([saved(1, lab)]);
    book.given([saved(1)]).when({ kind: 'save', userId: USER, addressId: 1, address: home, makeDefault: false }).thenNothing();
    book.given([saved(1)]).when({ kind: 'save', userId: USER, addressId: 7, address: home, makeDefault: false }).thenThrows(NotFoundError, 'Address not found');
  });

  it('keeps at most ten', () => {
    const full = Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, index) => saved(index + 1));
    book.given(full).when({ kind: 'save', userId: USER, addressId: null, address: lab, makeDefault: false }).thenThrows(ConflictError, TOO_MANY_ADDRESSES);
  });

  it('removes an address; removing the default makes the earliest left the default; ids are never reused', () => {
    book.given([saved(1), saved(2, lab)]).when({ kind: 'remove', userId: USER, addressId: 1 }).then([removed(1)]);
    const after = stateAfter(addressBookDecider, [saved(1), saved(2, lab), removed(1)]);
    expect(addressBookView(after)).toEqual([{ id: 2, ...lab, isDefault: true }]);
    book.given([saved(1), saved(2, lab), removed(2)]).when({ kind: 'save', userId: USER, addressId: null, address: lab, makeDefault: false }).then([saved(3, lab)]);
    book.given([saved(1)]).when({ kind: 'remove', userId: USER, addressId: 2 }).thenThrows(NotFoundError, 'Address not found');
  });

  it('chooses the default once', () => {
    book.given([saved(1), saved(2, lab)]).when({ kind: 'chooseDefault', userId: USER, addressId: 2 }).then([chosen(2)]);
    book.given([saved(1), saved(2, lab), chosen(2)]).when({ kind: 'chooseDefault', userId: USER, addressId: 2 }).thenNothing();
    expect(addressBookView(stateAfter(addressBookDecider, [saved(1), saved(2, lab), chosen(2)]))[0]).toMatchObject({ id: 2, isDefault: true });
  });
});
