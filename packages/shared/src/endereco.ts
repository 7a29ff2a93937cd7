import { tipoLogradouro } from './codes/tipo_logradouro';

// The one-line address every primary-care screen and list shows ('Rua das Flores, 12 - Apto 3 - Centro'): one
// function, so the household list, its detail, the family and the visit screens never disagree.

export type EnderecoPartes = {
  tipo_logradouro?: string | null;
  logradouro: string | null;
  numero: string | null;
  sem_numero?: boolean | null;
  complemento?: string | null;
  bairro: string | null;
};

/** 'RUA' → 'Rua', 'AREA ESPECIAL' → 'Area Especial': the DNE names are upper case. */
const titulo = (s: string) => s.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

/** Each street type as the line writes it, titled once (issue 41: the regex ran for every row of every list). */
const tipos = new Map<string, string>(tipoLogradouro.map((t) => [t.codigo, titulo(t.descricao)]));

const ENDERECO_NAO_INFORMADO = 'Endereço não informado';

export function enderecoLinha(c: EnderecoPartes): string {
  const tipo = c.tipo_logradouro ? tipos.get(c.tipo_logradouro) : undefined;
  const rua = [tipo, c.logradouro].filter(Boolean).join(' ');
  if (!c.logradouro) return ENDERECO_NAO_INFORMADO;
  const numero = c.sem_numero || !c.numero ? 'S/N' : c.numero;
  return [`${rua}, ${numero}`, c.complemento, c.bairro].filter(Boolean).join(' - ');
}
