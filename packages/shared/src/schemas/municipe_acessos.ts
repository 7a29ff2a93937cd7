import { z } from 'zod';
import { msg } from '../messages';
import { isoToBr, toIsoDate } from '../validation/dates';
import { zRequired } from '../validation/zod';
import { paginationSchema } from './auth';
import { opt, textoFiltro } from './comum';
import { ACOES_LEITURA } from './auditoria_textos';

// "Quem acessou" a citizen (issue 46, LGPD art. 18 and 37): every read and change of one person's data, from the
// audit trail, in the parts of the record a citizen recognises. The manager reads it on the citizen's page.

/** The parts of a citizen's data, in the order of the record. */
export const PARTES_ACESSO = [
  { value: 'identificacao', label: 'Identificação' },
  { value: 'blocos', label: 'Sociodemográfica e condições de saúde' },
  { value: 'cadastros', label: 'Cadastros (individual, domiciliar, família)' },
  { value: 'visitas', label: 'Visitas domiciliares' },
  { value: 'notificacoes', label: 'Notificações compulsórias' },
  { value: 'urgencia', label: 'Urgência e emergência' },
  { value: 'historico', label: 'Histórico de acessos' },
  { value: 'outros', label: 'Outros' },
] as const;
export type ParteAcesso = (typeof PARTES_ACESSO)[number]['value'];
const PARTES = PARTES_ACESSO.map((p) => p.value) as [ParteAcesso, ...ParteAcesso[]];

/** The resource codes of each part ('outros': every other resource that named the citizen). */
export const RECURSOS_DA_PARTE: Record<Exclude<ParteAcesso, 'outros'>, readonly string[]> = {
  identificacao: ['municipes', 'municipes/biometrias', 'municipes/cadsus', 'municipes/correcoes'],
  blocos: ['municipes/sociodemograficas', 'municipes/condicoes_saude'],
  cadastros: [
    'atencao_primaria/cadastros_individuais',
    'atencao_primaria/cadastros_domiciliares',
    'atencao_primaria/familias',
    'atencao_primaria/exportacao_esus',
  ],
  visitas: ['atencao_primaria/visitas_domiciliares'],
  notificacoes: ['municipes_notificacao'],
  urgencia: [
    'urgencia_emergencia/atendimentos',
    'urgencia_emergencia/atendimentos_retroativos',
    'urgencia_emergencia/paciente_sem_identificacoes',
    'filas/senhas',
  ],
  historico: ['auditoria', 'municipes/lgpd'],
};

const PARTE_DO_RECURSO = new Map(
  Object.entries(RECURSOS_DA_PARTE).flatMap(([parte, recursos]) => recursos.map((r) => [r, parte as ParteAcesso])),
);
export const parteDoRecurso = (resource: string): ParteAcesso => PARTE_DO_RECURSO.get(resource) ?? 'outros';
export const parteTexto = (parte: string): string => PARTES_ACESSO.find((p) => p.value === parte)?.label ?? parte;

export const tipoDaAcao = (action: string): 'leitura' | 'escrita' =>
  (ACOES_LEITURA as readonly string[]).includes(action) ? 'leitura' : 'escrita';

/**
 * A day of the period, required: typed as on the screen (dd/MM/yyyy) or as the wire's ISO date, handed on as ISO.
 * Required so every read of the trail names its months (the table is partitioned by month: a period prunes the rest).
 */
const diaDoPeriodo = () =>
  zRequired()
    .refine((v) => toIsoDate(v) !== null, { error: msg.dateFormat, abort: true })
    .transform((v) => toIsoDate(v)!);

export const acessosMunicipeFiltersSchema = paginationSchema
  .extend({
    de: diaDoPeriodo(),
    ate: diaDoPeriodo(),
    profissional: opt(textoFiltro(70)),
    parte: opt(z.enum(PARTES, { error: msg.naoEValido })),
  })
  .superRefine((f, ctx) => {
    if (f.ate < f.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: msg.dataNaoAnteriorA(isoToBr(f.de)!) });
  });
export type AcessosMunicipeFilters = z.input<typeof acessosMunicipeFiltersSchema>;

export const acessoMunicipeSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  profissional_nome: z.string().nullable(),
  /** The profile of the professional's assignment in that unit on that day (the trail does not store it). */
  perfil_nome: z.string().nullable(),
  unidade_nome: z.string().nullable(),
  action: z.string(),
  tipo: z.enum(['leitura', 'escrita']),
  parte: z.enum(PARTES),
  resource: z.string(),
  record_id: z.string().nullable(),
  /** Names of parts, filters and changed fields — never values (access/audit.ts). */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AcessoMunicipe = z.infer<typeof acessoMunicipeSchema>;
