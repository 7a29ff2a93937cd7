// Confirmations and toasts with the catalogue's texts (spec §8).
export * from './confirmDelete';
export * from './notify';
export * from './useLoadErrorNotice';
