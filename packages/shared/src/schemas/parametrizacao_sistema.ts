import { z } from 'zod';
import { checarImagemDataUrl } from '../imagem';
import { msg } from '../messages';
import { zInteger, zRequired } from '../validation/zod';
import { parametrizacaoSchema, unidadeFlags } from './auth';
import { lockVersion } from './comum';
import { intervalosVisitaSchema } from './quem_visitar';
import { PENDENCIAS_RECEPCAO, validacaoRecepcaoMsg } from './validacao_recepcao';

// Issue 21: the managers' edit of the system parameters (the single `parametrizacao` row, spec §3 "System
// parameters") and of each unit's parameter flags (spec §3 "Unit parameter flags"). The public start-up answer
// (parametrizacaoSchema in auth.ts) keeps its shape; these are the /api/v1 edit contracts.

export const LIMITES_PARAMETRIZACAO = {
  cliente_nome: 120,
  versao: 40,
  tempo_chamadas: { min: 5, max: 600 },
  // Months of audit trail kept online before `npm run auditoria:arquivar` moves them to files (docs/decisions.md).
  auditoria_meses_online: { min: 6, max: 240 },
  // Years a deceased citizen's record is kept after the death (issue 46): CFM 1.821/2007 art. 8 asks 20 at least.
  obito_anos_guarda: { min: 20, max: 100 },
  // Days a merge of two citizens may be undone (issue 45); 0: merges are final at once.
  unificacao_prazo_dias: { min: 0, max: 3650 },
} as const;

/** A file the app itself serves ('/brasao.svg', the seed's default): same origin, no '..', no other host. */
const caminhoInterno = (v: string) => /^\/(?!\/)[A-Za-z0-9._\-/]{1,200}$/.test(v) && !v.includes('..');

/**
 * The crest: a checked image data URL (type from the bytes, ≤ 500 kB, no active SVG), an image the app serves (the
 * stored default, sent back unchanged), or null to remove it.
 */
const brasao = z
  .string({ error: msg.naoEValido })
  .nullish()
  .transform((v) => (v ?? '').trim() || null)
  .superRefine((v, ctx) => {
    const erro = v === null || caminhoInterno(v) ? null : checarImagemDataUrl(v);
    if (erro) ctx.addIssue({ code: 'custom', message: erro, input: undefined });
  });

export const parametrizacaoSistemaUpdateSchema = z.object({
  cliente_nome: zRequired({ max: LIMITES_PARAMETRIZACAO.cliente_nome }),
  brasao,
  habilita_biometria: z.boolean({ error: msg.naoEValido }),
  versao: zRequired({ max: LIMITES_PARAMETRIZACAO.versao }),
  esus_versao: zRequired({ max: LIMITES_PARAMETRIZACAO.versao }),
  pec_versao: zRequired({ max: LIMITES_PARAMETRIZACAO.versao }),
  /** Left out: unchanged (issue 41 added it; older clients do not send it). */
  auditoria_meses_online: zInteger({
    between: [LIMITES_PARAMETRIZACAO.auditoria_meses_online.min, LIMITES_PARAMETRIZACAO.auditoria_meses_online.max],
  }).optional(),
  /** Left out: unchanged (issue 46 added it). */
  obito_anos_guarda: zInteger({
    between: [LIMITES_PARAMETRIZACAO.obito_anos_guarda.min, LIMITES_PARAMETRIZACAO.obito_anos_guarda.max],
  }).optional(),
  /** Left out: unchanged (issue 45 added it). */
  unificacao_prazo_dias: zInteger({
    between: [LIMITES_PARAMETRIZACAO.unificacao_prazo_dias.min, LIMITES_PARAMETRIZACAO.unificacao_prazo_dias.max],
  }).optional(),
  lock_version: lockVersion(),
});
export type ParametrizacaoSistemaUpdate = z.input<typeof parametrizacaoSistemaUpdateSchema>;

/** GET/PUT /api/v1/ferramentas/parametrizacao. */
export const parametrizacaoSistemaSchema = parametrizacaoSchema
  .pick({
    cliente_nome: true,
    brasao: true,
    habilita_biometria: true,
    versao: true,
    esus_versao: true,
    pec_versao: true,
  })
  .extend({
    auditoria_meses_online: z.int(),
    obito_anos_guarda: z.int(),
    unificacao_prazo_dias: z.int(),
    lock_version: z.int(),
    updated_at: z.string(),
  });
export type ParametrizacaoSistema = z.infer<typeof parametrizacaoSistemaSchema>;

const flagsShape = Object.fromEntries(unidadeFlags.map((f) => [f, z.boolean({ error: msg.naoEValido })])) as Record<
  (typeof unidadeFlags)[number],
  z.ZodBoolean
>;

/** PUT /api/v1/parametros/unidades_saude/{id}: the nine flags and tempo_chamadas, all sent (the page sends the row). */
export const unidadeParametrosUpdateSchema = z
  .object({
    ...flagsShape,
    tempo_chamadas: z
      .int({ error: msg.naoEValido })
      .min(LIMITES_PARAMETRIZACAO.tempo_chamadas.min, { error: msg.naoEValido })
      .max(LIMITES_PARAMETRIZACAO.tempo_chamadas.max, { error: msg.naoEValido }),
    /** The "Quem visitar" intervals of the unit (issue 44), in days; left out: unchanged. */
    intervalos_visita: intervalosVisitaSchema.optional(),
    lock_version: lockVersion(),
  })
  // Issue 39: "no check" and "complete check" of the reception contradict each other (validacao_recepcao.ts).
  .refine((v) => !(v.sem_validacao && v.validacao_completa_municipe), {
    path: ['validacao_completa_municipe'],
    error: validacaoRecepcaoMsg.conflito,
  });
export type UnidadeParametrosUpdate = z.input<typeof unidadeParametrosUpdateSchema>;

/** GET /api/v1/parametros/unidades_saude (the page's list) and the PUT's answer. */
export const unidadeParametrosSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  cnes: z.string(),
  ativo: z.boolean(),
  ...flagsShape,
  tempo_chamadas: z.int(),
  /** Every adjustable interval, the unit's own or the default (intervalosDaUnidade). */
  intervalos_visita: intervalosVisitaSchema,
  lock_version: z.int(),
});
export type UnidadeParametros = z.infer<typeof unidadeParametrosSchema>;

/**
 * What each flag changes in the product (the flags page shows it under the switch): gerenciamento_filas
 * (filas/comum.ts), pronto_atendimento and misto (unidadeOferece in access.ts), cpf_cns (cpfCnsIssues in municipe.ts),
 * sem_validacao and validacao_completa_municipe (validacao_recepcao.ts), exportacao_esus (the e-SUS export).
 * `agenda`: kept for the municipality's scheduling system, which this product does not include (docs/decisions.md
 * "Unit flags"); the page marks it apart.
 */
export const UNIDADE_FLAGS_TEXTOS: Record<
  (typeof unidadeFlags)[number],
  { rotulo: string; explicacao: string; agenda?: true }
> = {
  com_agendamento: {
    rotulo: 'Com agendamento',
    explicacao:
      'Informa ao sistema de agendamento do município que a unidade atende com horário marcado. Este sistema não tem agenda: a marcação é guardada para essa integração e não muda nenhuma tela daqui.',
    agenda: true,
  },
  cpf_cns: {
    rotulo: 'Exigir CPF ou CNS',
    explicacao:
      'O cadastro de munícipe feito nesta unidade só é salvo com CPF ou CNS: o cartão provisório sozinho não basta (exceto para falecidos e bebês no primeiro mês de vida).',
  },
  exportacao_esus: {
    rotulo: 'Exportação e-SUS',
    explicacao:
      'Os cadastros individuais, cadastros domiciliares e visitas da unidade entram na exportação para o e-SUS APS (LEDI). Desligada, a unidade não é oferecida na tela de exportação e nada dela é exportado.',
  },
  gerenciamento_filas: {
    rotulo: 'Gerenciamento de filas',
    explicacao: 'Liga a emissão de senhas, o painel de chamadas e a fila de espera da unidade.',
  },
  misto: {
    rotulo: 'Atendimento misto',
    explicacao:
      'A unidade de atenção primária também faz urgência e emergência: abre as telas de atendimento de urgência, como o pronto atendimento.',
  },
  pronto_atendimento: {
    rotulo: 'Pronto atendimento',
    explicacao: 'Liga a classificação de risco e o atendimento de urgência e emergência na unidade.',
  },
  sem_validacao: {
    rotulo: 'Sem validação de cadastro',
    explicacao:
      'A recepção de urgência registra a chegada sem conferir o cadastro do munícipe nem avisar o que falta. Sem esta nem a validação completa, a recepção avisa o que falta e registra a chegada.',
  },
  validacao_completa_municipe: {
    rotulo: 'Validação completa do munícipe',
    explicacao: `A recepção de urgência só registra a chegada de um munícipe com o cadastro completo: ${PENDENCIAS_RECEPCAO.map((p) => p.rotulo).join(', ')} (mãe desconhecida e S/N valem). Não pode ser ligada junto com "Sem validação de cadastro".`,
  },
  validacao_no_agendamento: {
    rotulo: 'Validação no agendamento',
    explicacao:
      'Informa ao sistema de agendamento do município que o cadastro do munícipe é conferido ao marcar o horário, não na chegada. Este sistema não tem agenda: a marcação é guardada para essa integração.',
    agenda: true,
  },
};
