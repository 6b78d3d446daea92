import type { ShippingAddress } from '../../ordering/contract/order.events';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { Decider } from '../../shared/event-sourcing/decider';
import { ADDRESS_BOOK_LIMIT, AddressBookEvent, SavedAddressView } from '../contract/address-book.events';

export interface AddressBookState {
  /** In the order first saved. */
  addresses: { id: number; address: ShippingAddress }[];
  defaultId: number | null;
  nextId: number;
}

export type AddressBookCommand =
  /** `addressId` null: a new address. `makeDefault`: it becomes the default (the first address is the default anyway). */
  | { kind: 'save'; userId: string; addressId: number | null; address: ShippingAddress; makeDefault: boolean }
  | { kind: 'remove'; userId: string; addressId: number }
  | { kind: 'chooseDefault'; userId: string; addressId: number };

export const ADDRESS_NOT_FOUND = 'Address not found';
export const TOO_MANY_ADDRESSES = `You can keep at most ${ADDRESS_BOOK_LIMIT} addresses. Remove one first.`;

const same = (a: ShippingAddress, b: ShippingAddress) => (Object.keys(a) as (keyof ShippingAddress)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;

export const addressBookDecider: Decider<AddressBookCommand, AddressBookState, AddressBookEvent> = {
  initialState: { addresses: [], defaultId: null, nextId: 1 },

  evolve(state, event) {
    switch (event.type) {
      case 'AddressSaved': {
        const { addressId, address } = event.data;
        const known = state.addresses.some((entry) => entry.id === addressId);
        return {
          addresses: known ? state.addresses.map((entry) => (entry.id === addressId ? { id: addressId, address } : entry)) : [...state.addresses, { id: addressId, address }],
          defaultId: state.defaultId ?? addressId,
          nextId: Math.max(state.nextId, addressId + 1),
        };
      }
      case 'AddressRemoved': {
        const addresses = state.addresses.filter((entry) => entry.id !== event.data.addressId);
        return { ...state, addresses, defaultId: state.defaultId === event.data.addressId ? (addresses[0]?.id ?? null) : state.defaultId };
      }
      case 'DefaultAddressChosen':
        return { ...state, defaultId: event.data.addressId };
    }
  },

  decide(command, state) {
    const { userId } = command;
    if (command.kind === 'save') {
      const existing = command.addressId === null ? null : state.addresses.find((entry) => entry.id === command.addressId);
      if (command.addressId !== null && !existing) throw new NotFoundError(ADDRESS_NOT_FOUND);
      if (!existing && state.addresses.length >= ADDRESS_BOOK_LIMIT) throw new ConflictError(TOO_MANY_ADDRESSES);
      const addressId = existing ? existing.id : state.nextId;
      const events: AddressBookEvent[] = existing && same(existing.address, command.address) ? [] : [{ type: 'AddressSaved', version: 1, data: { userId, addressId, address: command.address } }];
      const becomesDefault = state.defaultId === null ? addressId : null;
      if (command.makeDefault && state.defaultId !== addressId && becomesDefault === null) events.push({ type: 'DefaultAddressChosen', version: 1, data: { userId, addressId } });
      return events;
    }
    if (!state.addresses.some((entry) => entry.id === command.addressId)) throw new NotFoundError(ADDRESS_NOT_FOUND);
    if (command.kind === 'remove') return [{ type: 'AddressRemoved', version: 1, data: { userId, addressId: command.addressId } }];
    if (state.defaultId === command.addressId) return [];
    return [{ type: 'DefaultAddressChosen', version: 1, data: { userId, addressId: command.addressId } }];
  },
};

/** The address book as `GET /api/user/addresses` answers it: the default first, then in the order saved. */
export function addressBookView(state: AddressBookState): SavedAddressView[] {
  const views = state.addresses.map(({ id, address }) => ({ id, ...address, isDefault: id === state.defaultId }));
  return [...views.filter((view) => view.isDefault), ...views.filter((view) => !view.isDefault)];
}
