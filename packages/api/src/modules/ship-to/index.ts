// The address book module's public entry (B2B §12).
export { addressColumns, addressOf } from './address-rows.js';
export { addressBookRoutes } from './routes.js';
export { createAddressBookService, type AddressBookEntry, type AddressBookService } from './service.js';
