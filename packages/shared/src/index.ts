export * from './messages';
export * from './access';
export * from './schemas/auth';
export * from './validation';
