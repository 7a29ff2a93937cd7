import { z } from 'zod';
import { msg } from '../messages';
import { rotulados, rotulosDe } from '../rotulos';
import { optionalText, zRequired } from '../validation/zod';
import { lockVersion, opt } from './comum';

/** The correction requests' messages (issue 46), beside their schema: not in the first load's catalogue. */
export const correcaoMsg = {
  correcaoJaEncerrada: 'Este pedido de correção já foi encerrado.',
  motivoRecusaObrigatorio: 'Informe o motivo da recusa: ele será comunicado ao munícipe.',
} as const;
import { municipeFieldsSchema } from './municipe';

// The citizen's LGPD rights beyond "Quem acessou" (issue 46): correction requests (art. 18 III) and the copy of
// everything held about them (art. 18 II and V, art. 19).

// ---- correction requests ----------------------------------------------------------------------------------------

/** The fields of the record a request may name (their labels), and 'outro' for anything else the citizen points at. */
export const CAMPOS_CORRECAO: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(rotulosDe(municipeFieldsSchema)).filter(
      ([k]) => k !== 'prontuarios' && k !== 'mae_desconhecida' && k !== 'pai_desconhecido',
    ),
  ),
  outro: 'Outro dado (descrever)',
};
export const campoCorrecaoTexto = (campo: string): string => CAMPOS_CORRECAO[campo] ?? campo.replace(/_/g, ' ');

export const SITUACOES_CORRECAO = rotulados({ aberta: 'Aberta', corrigida: 'Corrigida', recusada: 'Recusada' });
export type SituacaoCorrecao = (typeof SITUACOES_CORRECAO.valores)[number];

export const correcaoCreateSchema = z.object({
  campo: zRequired()
    .refine((c) => c in CAMPOS_CORRECAO, { error: msg.naoEValido })
    .meta({ label: 'Dado a corrigir' }),
  descricao: zRequired({ max: 1000 }).meta({ label: 'Correção pedida' }),
});
export type CorrecaoCreate = z.input<typeof correcaoCreateSchema>;

/** Closing a request: corrected, or refused with the reason the citizen will be told. */
export const correcaoFecharSchema = z
  .object({
    situacao: z.enum(['corrigida', 'recusada'], { error: msg.naoEValido }).meta({ label: 'Situação' }),
    motivo_recusa: opt(optionalText({ max: 1000 })).meta({ label: 'Motivo da recusa' }),
    lock_version: lockVersion(),
  })
  .superRefine((v, ctx) => {
    if (v.situacao === 'recusada' && !v.motivo_recusa?.trim())
      ctx.addIssue({ code: 'custom', path: ['motivo_recusa'], message: correcaoMsg.motivoRecusaObrigatorio });
  });
export type CorrecaoFechar = z.input<typeof correcaoFecharSchema>;

export const correcaoSchema = z.object({
  id: z.string(),
  municipe_id: z.string(),
  campo: z.string(),
  descricao: z.string(),
  situacao: z.enum(SITUACOES_CORRECAO.valores),
  motivo_recusa: z.string().nullable(),
  solicitada_em: z.string(),
  solicitada_por_nome: z.string().nullable(),
  fechada_em: z.string().nullable(),
  fechada_por_nome: z.string().nullable(),
  lock_version: z.number(),
});
export type Correcao = z.infer<typeof correcaoSchema>;

// ---- the citizen's copy ----------------------------------------------------------------------------------------

/** One labelled value of a section: codes already in words, dates in dd/MM/yyyy. */
export const itemCopiaSchema = z.object({ rotulo: z.string(), valor: z.string() });
/** A group of values (one address, one visit, one notification…). */
export const registroCopiaSchema = z.object({ titulo: z.string(), itens: z.array(itemCopiaSchema) });
export const secaoCopiaSchema = z.object({
  chave: z.string(),
  titulo: z.string(),
  /** Said when the section holds nothing, so the reader knows it was looked at. */
  vazio: z.string(),
  registros: z.array(registroCopiaSchema),
});
export type SecaoCopia = z.infer<typeof secaoCopiaSchema>;
export type RegistroCopia = z.infer<typeof registroCopiaSchema>;

/** The copy as JSON (portability): the same sections as the PDF, plus who issued it and when. */
export const copiaMunicipeSchema = z.object({
  municipe_id: z.string(),
  titular: z.string(),
  emitida_em: z.string(),
  emitida_por: z.string(),
  controlador: z.string(),
  /** How long the data is kept (LGPD art. 9 II): the trail online, the record after a death (Parametrização). */
  guarda: z.object({ auditoria_meses: z.int(), obito_anos: z.int() }),
  secoes: z.array(secaoCopiaSchema),
});
export type CopiaMunicipe = z.infer<typeof copiaMunicipeSchema>;

/** The sections, in the PDF's order (the test checks each title is in the file). */
export const SECOES_COPIA = [
  { chave: 'identificacao', titulo: 'Identificação' },
  { chave: 'documentos', titulo: 'Documentos e prontuários' },
  { chave: 'endereco_contato', titulo: 'Endereço e contatos' },
  { chave: 'sociodemografica', titulo: 'Dados sociodemográficos' },
  { chave: 'condicao_saude', titulo: 'Condições de saúde' },
  { chave: 'cadastros_individuais', titulo: 'Cadastros individuais (atenção primária)' },
  { chave: 'familias', titulo: 'Família e domicílio' },
  { chave: 'visitas', titulo: 'Visitas domiciliares' },
  { chave: 'notificacoes', titulo: 'Notificações compulsórias' },
  { chave: 'urgencia', titulo: 'Atendimentos de urgência e emergência' },
  { chave: 'senhas', titulo: 'Senhas de atendimento' },
  { chave: 'biometria', titulo: 'Biometria' },
  { chave: 'correcoes', titulo: 'Pedidos de correção' },
  { chave: 'compartilhamentos', titulo: 'Compartilhamentos com outros sistemas' },
] as const;
export type ChaveSecaoCopia = (typeof SECOES_COPIA)[number]['chave'];
