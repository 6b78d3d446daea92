import { DomainEvent } from '../../shared/contract/domain-event';
import type { ShippingAddress } from '../../ordering/contract/order.events';

/**
 * A customer's saved shipping addresses (issue 22), one stream per customer: `addresses-<userId>`. Saving an
 * address with an id it has replaces it; the first one saved is the default until another is chosen; removing
 * the default makes the earliest left the default.
 */
export type AddressSaved = DomainEvent<'AddressSaved', { userId: string; addressId: number; address: ShippingAddress }>;
export type AddressRemoved = DomainEvent<'AddressRemoved', { userId: string; addressId: number }>;
export type DefaultAddressChosen = DomainEvent<'DefaultAddressChosen', { userId: string; addressId: number }>;

export type AddressBookEvent = AddressSaved | AddressRemoved | DefaultAddressChosen;

export const ADDRESS_BOOK_STREAM_PREFIX = 'addresses-';
export const addressBookStream = (userId: string) => `${ADDRESS_BOOK_STREAM_PREFIX}${userId}`;

/** How many addresses one customer may keep. */
export const ADDRESS_BOOK_LIMIT = 10;

/** `GET /api/user/addresses`: the saved addresses, the default first, then in the order saved. */
export interface SavedAddressView extends ShippingAddress {
  id: number;
  isDefault: boolean;
}
