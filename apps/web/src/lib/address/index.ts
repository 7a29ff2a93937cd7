export * from './options';
export * from './AddressFields';
export * from './PropertyAddressFields';
export * from './MunicipioBuscaField';
