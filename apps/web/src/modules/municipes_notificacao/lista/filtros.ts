// The list's filters in the URL (issue 18), shared by the list and the map: Back, reload and a shared link keep them.
import { doencaNotificacaoCompulsoria } from '@saude/shared/codes/doenca_notificacao_compulsoria';
import { listParamsSchema, param } from '../../../lib/list/listParams';
import type { FiltrosNotificacao } from './api';
import { SITUACOES } from './situacao';

export const paramsSchema = listParamsSchema.extend({
  nome: param.text(100),
  doenca_agravo_id: param.oneOf(doencaNotificacaoCompulsoria.map((d) => d.codigo)),
  situacao: param.oneOf(SITUACOES),
  data_inicio: param.isoDate(),
  data_fim: param.isoDate(),
  unidade_saude_id: param.uuid(),
  bairro: param.text(72),
});
export type ParamsNotificacao = ReturnType<typeof paramsSchema.parse>;

/** The map's filters: the list's without page, size and order. */
export function filtrosDoMapa(p: ParamsNotificacao): FiltrosNotificacao {
  const { page: _p, per_page: _pp, sort: _s, order: _o, ...filtros } = p;
  return filtros;
}

export const DOENCAS = doencaNotificacaoCompulsoria.map((d) => ({ value: d.codigo, label: d.descricao }));
