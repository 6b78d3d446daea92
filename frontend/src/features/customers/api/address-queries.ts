import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../api/client';
import type { SavedAddressView } from '../../../../../backend/src/customers/contract/address-book.events';
import type { ShippingAddress } from '../../../../../backend/src/ordering/contract/order.events';

export type SavedAddress = SavedAddressView;

/** The signed-in customer's saved addresses (issue 22), the default first: read by account settings and checkout. */
export const ADDRESS_BOOK_KEY = ['/api/user/addresses'] as const;
export const addressBookQuery = (enabled: boolean) => queryOptions({ queryKey: ADDRESS_BOOK_KEY, queryFn: () => apiGet<SavedAddress[]>('/api/user/addresses'), staleTime: 0, enabled });

export type AddressBookChange =
  | { kind: 'save'; addressId: number | null; address: Omit<ShippingAddress, 'country'>; makeDefault: boolean }
  | { kind: 'remove'; addressId: number }
  | { kind: 'chooseDefault'; addressId: number };

/** Every change answers the whole book, which becomes the cache at once. */
export function useChangeAddressBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AddressBookChange) => {
      switch (change.kind) {
        case 'save': {
          const body = { ...change.address, makeDefault: change.makeDefault };
          return change.addressId === null ? apiRequest<SavedAddress[]>('POST', '/api/user/addresses', body) : apiRequest<SavedAddress[]>('PUT', `/api/user/addresses/${change.addressId}`, body);
        }
        case 'remove':
          return apiRequest<SavedAddress[]>('DELETE', `/api/user/addresses/${change.addressId}`);
        case 'chooseDefault':
          return apiRequest<SavedAddress[]>('POST', `/api/user/addresses/${change.addressId}/default`);
      }
    },
    onSuccess: (book) => queryClient.setQueryData(ADDRESS_BOOK_KEY, book),
  });
}

/** One line for a list or a picker: "Grace Hopper, 1 Collins St, Melbourne VIC 3000". */
export const addressLine = (address: Omit<ShippingAddress, 'country'>) => `${address.firstName} ${address.lastName}, ${address.address}, ${address.city} ${address.state} ${address.postalCode}`;
