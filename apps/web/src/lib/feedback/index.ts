// Confirmations, toasts, error pages and load states with the catalogue's texts (spec §8).
export * from './confirmDelete';
export * from './notify';
export * from './useLoadErrorNotice';
export * from './LoadError';
export * from './ErrorPage';
export * from './DesativarButton';
