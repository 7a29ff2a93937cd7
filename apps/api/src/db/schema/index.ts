export * from './unidades';
export * from './profissionais';
export * from './sistema';
export * from './enderecos';
export * from './municipes';
export * from './cadastros_individuais';
export * from './domicilios';
export * from './urgencia';
