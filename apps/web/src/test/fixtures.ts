// Record builders shared by the web tests: the parts every primary-care answer repeats, shaped as the shared schemas.
import type { Membro } from '@saude/shared/schemas/familia';

/** A stored primary-care record's first fields (registroSchema + cabecalhoSchema), at 'UBS Centro' / 'ESF Centro 1'. */
export function cabecalhoDe(o: {
  id: string;
  lock_version: number;
  /** created_at and updated_at. */
  em: string;
  unidade_saude_id: string;
  profissional_id: string;
  profissional_nome: string;
  equipe_id: string | null;
}) {
  const { em, ...ids } = o;
  return {
    ...ids,
    created_at: em,
    updated_at: em,
    unidade_saude_nome: 'UBS Centro',
    profissional_nome: o.profissional_nome,
    equipe_nome: 'ESF Centro 1',
  };
}

/** An active, living member of a family as the family answer lists them. */
export function membroDe(municipe_id: string, nome: string, parentesco_id: number, o: Partial<Membro> = {}): Membro {
  return {
    municipe_id,
    nome,
    nome_social: null,
    data_nascimento: '1980-05-10',
    idade: 44,
    sexo_id: 1,
    cpf_numero: null,
    codigo_cns: null,
    parentesco_id,
    ativo: true,
    obito: false,
    ...o,
  };
}
