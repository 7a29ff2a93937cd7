import { z } from 'zod';
import { interpolate, msg } from '../messages';
import { rotulados } from '../rotulos';
import { zIsoDate } from '../validation/zod';

// Export to e-SUS APS (issue 26): the request, the history and the report lines.

const { valores: TIPOS_FICHA_ESUS, rotulos: NOME_FICHA_ESUS } = rotulados({
  individual: 'Cadastro individual',
  domiciliar: 'Cadastro domiciliar',
  visita: 'Visita domiciliar',
});
export { NOME_FICHA_ESUS };
export type TipoFichaEsus = (typeof TIPOS_FICHA_ESUS)[number];
/**
 * The pre-export check's reasons and the screen's texts (docs/decisions.md). Here, not in messages.ts: only the export
 * screen and the API use them, and every list screen loads messages.ts.
 */
export const lediMsg = {
  obrigatorio: 'é obrigatório para o e-SUS APS',
  invalido: 'não é válido para o e-SUS APS',
  tamanho: (max: number) => interpolate('deve ter no máximo %{1} caracteres para o e-SUS APS', max),
  codigo: 'não é um código da tabela do e-SUS APS',
  cboNaoPermitido: (ficha: string) =>
    interpolate('a ocupação (CBO) do profissional não pode registrar a ficha de %{1} no e-SUS APS', ficha),
  caractereInvalido: 'contém caracteres de controle que o arquivo XML não aceita',
  dataFutura: 'não pode ser posterior à data da ficha',
  foraDaFaixa: (min: number, max: number) => interpolate('deve estar entre %{1} e %{2}', min, max),
  responsavelSemDocumento: 'o responsável familiar precisa de CPF ou CNS para o e-SUS APS',
  periodoInvalido: 'o fim do período não pode ser anterior ao início',
  periodoLongo: 'o período pode ter no máximo 366 dias',
  unidadeSemExportacao: 'esta unidade não exporta para o e-SUS APS',
} as const;

/** Longest period one export may cover (a year, leap day included). */
const PERIODO_MAXIMO_DIAS = 366;

export const exportacaoEsusInputSchema = z
  .object({
    unidades: z
      .array(z.uuid({ error: msg.naoEValido }), { error: msg.obrigatorio })
      .min(1, { error: msg.obrigatorio })
      .max(500),
    inicio: zIsoDate({ defaultRange: true }),
    fim: zIsoDate({ defaultRange: true }),
  })
  .superRefine((v, ctx) => {
    if (typeof v.inicio !== 'string' || typeof v.fim !== 'string') return;
    if (v.fim < v.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: lediMsg.periodoInvalido });
    else if ((Date.parse(v.fim) - Date.parse(v.inicio)) / 86_400_000 >= PERIODO_MAXIMO_DIAS)
      ctx.addIssue({ code: 'custom', path: ['fim'], message: lediMsg.periodoLongo });
  });
export type ExportacaoEsusInput = z.input<typeof exportacaoEsusInputSchema>;

const problemaExportacaoSchema = z.object({
  tipo: z.enum(TIPOS_FICHA_ESUS),
  registro_id: z.uuid(),
  municipe_id: z.uuid().nullable(),
  /** The citizen, or for a household its address: whom the worker looks for. */
  descricao: z.string(),
  /** The unit whose screens open the record (absent in reports made before issue 39). */
  unidade_saude_id: z.uuid().optional(),
  unidade_nome: z.string().optional(),
  campo: z.string(),
  motivo: z.string(),
});
export type ProblemaExportacao = z.infer<typeof problemaExportacaoSchema>;

/** Where the worker fixes a refused record: the web route of its form (the screen's link and relatorio.csv). */
export function linkCorrecao(p: Pick<ProblemaExportacao, 'tipo' | 'registro_id' | 'municipe_id'>): string {
  if (p.tipo === 'domiciliar') return `/atencao_primaria/cadastros_domiciliares/${p.registro_id}/edit`;
  if (p.tipo === 'individual') return `/atencao_primaria/cadastros_individuais/${p.registro_id}/edit`;
  return p.municipe_id ? `/municipes/${p.municipe_id}/edit` : '/atencao_primaria/visitas_domiciliares';
}

export const exportacaoEsusSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  profissional_nome: z.string(),
  unidade_ids: z.array(z.uuid()),
  inicio: z.string(),
  fim: z.string(),
  exportadas: z.number(),
  com_problema: z.number(),
  problemas: z.array(problemaExportacaoSchema),
});
export type ExportacaoEsus = z.infer<typeof exportacaoEsusSchema>;

/** GET …/exportacao_esus/unidades: every active unit; `exporta` is its exportacao_esus flag (off: left out). */
export const unidadeExportavelSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  cnes: z.string(),
  exporta: z.boolean(),
});
export type UnidadeExportavel = z.infer<typeof unidadeExportavelSchema>;
