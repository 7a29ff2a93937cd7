import { z } from 'zod';
import { paginationSchema } from './auth';

// CNES import (issue 22): the municipality's CNES XML is sent as the raw request body (application/xml) twice — once
// for the preview, once to apply it with the SHA-256 the preview answered, so the apply runs on the very file the
// manager saw. The query carries the file's name (for the history) and, on apply, that hash.

export const TIPOS_IMPORTACAO_CNES = ['unidades', 'equipes', 'profissionais', 'lotacoes'] as const;
export type TipoImportacaoCnes = (typeof TIPOS_IMPORTACAO_CNES)[number];

const contagemCnesSchema = z.object({ criar: z.int(), atualizar: z.int(), desativar: z.int() });
export type ContagemCnes = z.infer<typeof contagemCnesSchema>;

/** One value per kind of record the file brings (TIPOS_IMPORTACAO_CNES), each from `campo`. */
const porTipo = <T extends z.ZodType>(campo: () => T) =>
  z.object({ unidades: campo(), equipes: campo(), profissionais: campo(), lotacoes: campo() });

const resumoCnesSchema = porTipo(() => contagemCnesSchema);
export type ResumoCnes = z.infer<typeof resumoCnesSchema>;

/** One planned change, as the preview shows it: the record's key (CNES, INE, masked CPF/CNS) and name. */
const itemPlanoCnesSchema = z.object({
  acao: z.enum(['criar', 'atualizar', 'desativar']),
  chave: z.string(),
  nome: z.string(),
  /** The fields that change (update), for the manager to see what the file brings. */
  campos: z.array(z.string()),
});
export type ItemPlanoCnes = z.infer<typeof itemPlanoCnesSchema>;

export const previaCnesSchema = z.object({
  arquivo_nome: z.string(),
  arquivo_sha256: z.string(),
  bytes: z.int(),
  resumo: resumoCnesSchema,
  /** The first changes of each kind (up to 10). */
  amostras: porTipo(() => z.array(itemPlanoCnesSchema)),
  /** Records of the file left out and why (first 50), and how many there were. */
  avisos: z.array(z.string()),
  total_avisos: z.int(),
  sem_alteracoes: z.boolean(),
});
export type PreviaCnes = z.infer<typeof previaCnesSchema>;

const nomeArquivo = z
  .string()
  .max(255)
  // Control characters (a NUL byte) never reach the history.
  .transform(
    (v) =>
      [...v]
        .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
        .join('')
        .trim() || 'cnes.xml',
  )
  .default('cnes.xml');

export const previaCnesQuerySchema = z.object({ arquivo_nome: nomeArquivo });
export const aplicarCnesQuerySchema = z.object({
  arquivo_nome: nomeArquivo,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'não é válido' }),
});

export const importacaoCnesSchema = z.object({
  id: z.uuid(),
  arquivo_nome: z.string(),
  arquivo_sha256: z.string(),
  resumo: resumoCnesSchema,
  profissional_nome: z.string(),
  created_at: z.string(),
  sem_alteracoes: z.boolean(),
});
export type ImportacaoCnes = z.infer<typeof importacaoCnesSchema>;

export const importacaoCnesFiltersSchema = paginationSchema;
export type ImportacaoCnesFilters = z.infer<typeof importacaoCnesFiltersSchema>;

export const semAlteracoes = (r: ResumoCnes) =>
  TIPOS_IMPORTACAO_CNES.every((k) => r[k].criar + r[k].atualizar + r[k].desativar === 0);
