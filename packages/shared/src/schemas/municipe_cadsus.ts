import { z } from 'zod';
import { msg } from '../messages';
import { zCns, zCpf } from '../validation/zod';
import { opt } from './comum';
import { nomeadoSchema } from './resposta';

// The national registry (CADSUS) lookup of the citizen form (issue 24): what the form asks, what the API answers and
// the service's state (spec §7 GET /v1/ferramentas/parametrizacao/cadsus). docs/decisions.md "CADSUS".

/** GET /api/v1/municipes/cadsus?cpf=|cns=: exactly one of the two, masked or not. */
export const cadsusConsultaSchema = z.object({ cpf: opt(zCpf()), cns: opt(zCns()) }).superRefine((v, ctx) => {
  if (v.cpf && v.cns) ctx.addIssue({ code: 'custom', path: ['cns'], message: msg.cadsusApenasUm });
  if (!v.cpf && !v.cns) ctx.addIssue({ code: 'custom', path: ['cpf'], message: msg.cadsusInformeCpfOuCns });
});

const texto = z.string().nullable();

/**
 * The registry's answer as the citizen form's fields (names of municipeFieldsSchema). null: the registry says nothing
 * of it, and the form keeps what the user typed.
 */
const cadsusCamposSchema = z.object({
  nome: texto,
  nome_social: texto,
  nome_mae: texto,
  /** true: the registry says the mother is unknown ("SEM INFORMAÇÃO"); null: it says nothing of it. */
  mae_desconhecida: z.boolean().nullable(),
  nome_pai: texto,
  pai_desconhecido: z.boolean().nullable(),
  data_nascimento: texto,
  sexo_id: z.number().int().nullable(),
  raca_cor_id: z.number().int().nullable(),
  cpf_numero: texto,
  rg_numero: texto,
  rg_uf: texto,
  rg_data_emissao: texto,
  codigo_cns: texto,
  nacionalidade_id: z.number().int().nullable(),
  municipio_nascimento_ibge: texto,
  municipio_nascimento_nome: texto,
  residencia_cep: texto,
  residencia_uf: texto,
  residencia_municipio_ibge: texto,
  residencia_municipio_nome: texto,
  residencia_tipo_logradouro: texto,
  residencia_logradouro: texto,
  residencia_numero: texto,
  residencia_complemento: texto,
  residencia_bairro: texto,
  telefone_residencial: texto,
  telefone_celular: texto,
  telefone_contato: texto,
  email: texto,
});
export type CadsusCampos = z.infer<typeof cadsusCamposSchema>;

export const cadsusMunicipeSchema = z.object({
  campos: cadsusCamposSchema,
  /** Every CNS the registry holds for the person, the definitive ones first (the first is `campos.codigo_cns`). */
  cns: z.array(z.object({ numero: z.string(), definitivo: z.boolean() })),
  /** Citizens of this municipality's registry with the same CPF or one of these CNS (an edit, not a new record). */
  ja_cadastrados: z.array(nomeadoSchema),
});
export type CadsusMunicipe = z.infer<typeof cadsusMunicipeSchema>;

/** GET /api/v1/ferramentas/parametrizacao/cadsus: whether the lookup can run (no secret leaves the server). */
export const cadsusEstadoSchema = z.object({
  configurado: z.boolean(),
  /** The service's host only (e.g. servicos.saude.gov.br), for the manager to recognise it. */
  servico: z.string().nullable(),
  autenticacao: z.enum(['certificado', 'usuario', 'certificado_e_usuario', 'nenhuma']),
  /** Configured and its certificate (when one is set) opens with its password and is within its validity. */
  token_valido: z.boolean(),
  certificado: z
    .object({
      valido: z.boolean(),
      validade_fim: z.string().nullable(),
      titular: z.string().nullable(),
      /** Why it is not valid (pt-BR), or null. */
      problema: z.string().nullable(),
    })
    .nullable(),
  timeout_ms: z.number().int(),
});
export type CadsusEstado = z.infer<typeof cadsusEstadoSchema>;
