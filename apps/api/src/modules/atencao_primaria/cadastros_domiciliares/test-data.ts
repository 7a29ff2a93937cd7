import type { CadastroDomiciliar } from '@saude/shared/schemas/cadastro_domiciliar';

/** A household as read, as a PUT body (what the form sends back): without the names the API joins. */
export function toUpdate(c: CadastroDomiciliar, over: object = {}) {
  const {
    id: _i,
    created_at: _c,
    updated_at: _u,
    unidade_saude_nome: _un,
    profissional_nome: _pn,
    equipe_nome: _en,
    ocupacao_nome: _on,
    municipio_nome: _mn,
    familias: _f,
    ...rest
  } = c;
  return { ...rest, ...over };
}
