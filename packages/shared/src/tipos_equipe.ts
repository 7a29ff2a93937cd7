// CNES team types (issue 22), without zod: the team list screen reads them and ships no validation library.

/**
 * CNES team types of primary care (the "Tipo de Equipe" table of the CNES, codes of Portaria SAES/MS nº 99/2020, eMulti
 * in code 72 since Portaria GM/MS nº 635/2023): docs/decisions.md. A team imported with another code keeps it and is
 * shown by its code.
 */
export const TIPOS_EQUIPE = [
  { codigo: '70', sigla: 'eSF', nome: 'Equipe de Saúde da Família' },
  { codigo: '71', sigla: 'eSB', nome: 'Equipe de Saúde Bucal' },
  { codigo: '72', sigla: 'eMulti', nome: 'Equipe Multiprofissional na Atenção Primária à Saúde' },
  { codigo: '73', sigla: 'eCR', nome: 'Equipe de Consultório na Rua' },
  { codigo: '74', sigla: 'eAPP', nome: 'Equipe de Atenção Primária Prisional' },
  { codigo: '76', sigla: 'eAP', nome: 'Equipe de Atenção Primária' },
] as const;
export type TipoEquipeCodigo = (typeof TIPOS_EQUIPE)[number]['codigo'];

/** 'eSF – Equipe de Saúde da Família (70)', or the bare code of a type outside the list; '' for none. */
export function tipoEquipeTexto(codigo: string | null | undefined): string {
  if (!codigo) return '';
  const t = TIPOS_EQUIPE.find((x) => x.codigo === codigo);
  return t ? `${t.sigla} – ${t.nome} (${t.codigo})` : `Tipo ${codigo}`;
}
