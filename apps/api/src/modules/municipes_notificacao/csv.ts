import { msg } from '@saude/shared';
import { descricaoDe } from '@saude/shared/codes';
import { sexo } from '@saude/shared/codes/sexo';
import {
  doencaDe,
  LIMITE_EXPORTACAO_NOTIFICACOES,
  ROTULOS_SITUACAO_NOTIFICACAO,
  type NotificacaoExportacaoFilters,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { isoToBr } from '@saude/shared/validation/dates';
import { audit } from '../../access/audit';
import type { Ctx } from '../../access/context';
import { filtrosUsados } from '../../access/audited-list';
import { unprocessable } from '../../lib/errors';
import { celulaCsv } from '../auditoria';
import { escopoDe, linhasExportacao, RESOURCE } from './queries';

// GET /exportacao.csv (issue 18): the notifications of a period for the epidemiology team, one line each, as a pt-BR
// spreadsheet opens it (UTF-8 with BOM, ';', dd/MM/yyyy). Scoped and filtered like the list; audited with every
// citizen it carries. More than LIMITE_EXPORTACAO_NOTIFICACOES lines is refused, never cut silently. A report: read
// from the replica (ctx.leitura), audited on the primary.

const CABECALHO = [
  'Data da notificação',
  'Hora',
  'Agravo/doença',
  'Código (lista nacional)',
  'CID-10',
  'Situação',
  'Data dos primeiros sintomas',
  'Data de encerramento',
  'Óbito',
  'Data do óbito',
  'Internado',
  'Data da internação',
  'Data da alta',
  'CNES',
  'Unidade de saúde',
  'Profissional',
  'Nome do paciente',
  'Cartão SUS',
  'Data de nascimento',
  'Sexo',
  'Bairro',
];

const data = (v: string | null) => (v ? (isoToBr(v) ?? v) : '');
const simNao = (v: boolean | null) => (v === null ? '' : v ? 'Sim' : 'Não');

export async function exportacaoCsv(ctx: Ctx, q: NotificacaoExportacaoFilters): Promise<{ nome: string; csv: string }> {
  const rows = await linhasExportacao(ctx.leitura, q, escopoDe(ctx), LIMITE_EXPORTACAO_NOTIFICACOES);
  if (rows.length > LIMITE_EXPORTACAO_NOTIFICACOES) {
    const mensagem = msg.exportacaoNotificacoesGrandeDemais(LIMITE_EXPORTACAO_NOTIFICACOES);
    throw unprocessable({ data_inicio: [mensagem] }, mensagem);
  }
  await audit(ctx.db, ctx, {
    action: 'index',
    resource: RESOURCE,
    municipe_ids: rows.map((r) => r.municipe_id),
    details: { formato: 'csv', filtros: filtrosUsados(q), linhas: rows.length },
  });
  const linhas = rows.map((r) => {
    const doenca = doencaDe(r.doenca_agravo_id);
    return [
      data(r.data_notificacao),
      r.hora_notificacao,
      doenca?.descricao ?? r.doenca_agravo_id,
      r.doenca_agravo_id,
      doenca?.cid10_referencia ?? '',
      ROTULOS_SITUACAO_NOTIFICACAO[r.situacao],
      data(r.data_primeiros_sintomas),
      data(r.data_encerramento),
      simNao(r.obito),
      data(r.data_obito),
      simNao(r.internado),
      data(r.data_internacao),
      data(r.data_alta),
      r.unidade_cnes,
      r.unidade_nome,
      r.profissional_nome,
      r.nome,
      r.codigo_cns,
      data(r.data_nascimento),
      r.sexo_id === null ? '' : (descricaoDe(sexo, r.sexo_id) ?? ''),
      r.bairro,
    ]
      .map(celulaCsv)
      .join(';');
  });
  return {
    nome: `notificacoes-${q.data_inicio}-a-${q.data_fim}.csv`,
    csv: `\uFEFF${[CABECALHO.join(';'), ...linhas].join('\r\n')}\r\n`,
  };
}
