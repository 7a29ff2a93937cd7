export * from './options';
export * from './AddressFields';
