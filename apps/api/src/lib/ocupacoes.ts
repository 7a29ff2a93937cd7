import { cbo } from '@saude/shared/codes/cbo';

// CBO 2002 occupations (shared/reference, generated): looked up in memory, the table never changes at run time.
const byCodigo = new Map<string, string>(cbo.map((o) => [o.codigo, o.descricao]));
export const ocupacaoNome = (codigo: string): string => byCodigo.get(codigo) ?? codigo;
export const isOcupacao = (codigo: string): boolean => byCodigo.has(codigo);
