// Rows both request forms ask: registering a request (SolicitacaoFormPage) and handling it (SolicitacaoEditPage).
import type { OuvidoriaOpcoes } from '@saude/shared/schemas/ouvidoria';
import { opcoesNomeadas, type FieldRow, type FieldSpan } from '../../lib/form';

/** The priority (required) and the unit in charge (optional, searchable) of a request. */
export function camposPrioridadeUnidade(
  opcoes: OuvidoriaOpcoes | undefined,
  o: { prioridade: FieldSpan; when?: boolean },
): FieldRow<'prioridade_id' | 'unidade_saude_id'>[] {
  return [
    {
      kind: 'select',
      name: 'prioridade_id',
      required: true,
      span: o.prioridade,
      when: o.when,
      data: opcoesNomeadas(opcoes?.prioridades),
    },
    {
      kind: 'select',
      name: 'unidade_saude_id',
      span: 'half',
      searchable: true,
      clearable: true,
      when: o.when,
      data: opcoesNomeadas(opcoes?.unidades),
    },
  ];
}
