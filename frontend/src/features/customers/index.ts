// The customers feature's public face: the customer's dashboard (a page the router loads) and their saved addresses.
export { SavedAddresses } from './components/SavedAddresses';
export { addressBookQuery, addressLine } from './api/address-queries';
export type { SavedAddress } from './api/address-queries';
