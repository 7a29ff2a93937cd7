// Rules of spec §5/§9 (issue 4): pure functions shared by the web forms and the API.
export * from './digits';
export * from './cpf';
export * from './cns';
export * from './pis';
export * from './phone';
export * from './email';
export * from './card';
export * from './dates';
export * from './colors';
export * from './badge';
export * from './zod';
