export * from './messages';
export * from './access';
export * from './schemas/auth';
export * from './validation';
export * from './errors';
export * from './ids';
