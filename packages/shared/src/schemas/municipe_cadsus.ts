import { z } from 'zod';
import { optionalText, zBrDate, zCns, zCpf, zRequired } from '../validation/zod';
import { opt } from './comum';
import { tiposCertidao } from './municipe';
import { nomeadoSchema } from './resposta';

/** The national registry lookup's messages (issue 24), beside its schema: not in the first load's catalogue. */
export const cadsusMsg = {
  // National registry lookup (issue 24): wording the spec does not show, in the same style (docs/decisions.md).
  cadsusIndisponivel:
    'A consulta ao CADSUS está indisponível no momento. Continue o cadastro normalmente e tente buscar mais tarde.',
  cadsusTempoEsgotado: 'O CADSUS não respondeu a tempo. Continue o cadastro normalmente e tente buscar mais tarde.',
  cadsusNaoConfigurado: 'A consulta ao CADSUS não está configurada neste município.',
  cadsusInformeCpfOuCns: 'Informe o CPF ou o CNS para buscar no CADSUS',
  cadsusApenasUm: 'Informe apenas o CPF ou apenas o CNS',
  cadsusCandidatoExpirado: 'A busca no CADSUS expirou. Busque de novo pelo nome.',
  cadsusNenhumCandidato:
    'Nenhuma pessoa encontrada no CADSUS com esses dados. Confira a grafia e a data de nascimento.',
} as const;

// The national registry (CADSUS) lookup of the citizen form (issue 24): what the form asks, what the API answers and
// the service's state (spec §7 GET /v1/ferramentas/parametrizacao/cadsus). docs/decisions.md "CADSUS".

/**
 * GET /api/v1/municipes/cadsus?cpf=|cns=|candidato=: exactly one, masked or not. `candidato` is the sealed reference of
 * a person listed by the name search (its number never reaches the browser).
 */
export const cadsusConsultaSchema = z
  .object({ cpf: opt(zCpf()), cns: opt(zCns()), candidato: opt(zRequired({ max: 400 })) })
  .superRefine((v, ctx) => {
    const dados = [v.cpf, v.cns, v.candidato].filter(Boolean).length;
    if (dados > 1) ctx.addIssue({ code: 'custom', path: ['cns'], message: cadsusMsg.cadsusApenasUm });
    if (dados === 0) ctx.addIssue({ code: 'custom', path: ['cpf'], message: cadsusMsg.cadsusInformeCpfOuCns });
  });

/** The shortest name the registry is asked by: fewer letters list half the country. */
export const CADSUS_NOME_MIN = 3;

/**
 * GET /api/v1/municipes/cadsus/candidatos: who does not know their CPF or CNS is found by name and birth date, and the
 * mother's name when known (the PDQ parameters livingSubjectName, livingSubjectBirthTime, mothersMaidenName).
 */
export const cadsusBuscaNomeSchema = z.object({
  nome: zRequired({ min: CADSUS_NOME_MIN, max: 70 }),
  /** dd/MM/yyyy, a real date, not after today. */
  data_nascimento: zBrDate({ defaultRange: true }),
  nome_mae: optionalText({ min: CADSUS_NOME_MIN, max: 70 }),
});
export type CadsusBuscaNome = z.input<typeof cadsusBuscaNomeSchema>;

const texto = z.string().nullable();

/**
 * The registry's answer as the citizen form's fields (names of municipeFieldsSchema). null: the registry says nothing
 * of it, and the form keeps what the user typed.
 */
export const cadsusCamposSchema = z.object({
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
  /** e-SUS etnia code, of an indigenous person only (raceCode 05 with ethnicGroupCode). */
  etnia_id: z.number().int().nullable(),
  cpf_numero: texto,
  rg_numero: texto,
  rg_uf: texto,
  rg_data_emissao: texto,
  codigo_cns: texto,
  nis: texto,
  titulo_eleitor: texto,
  titulo_zona: texto,
  titulo_secao: texto,
  certidao_tipo: z.enum(tiposCertidao.map((t) => t.codigo)).nullable(),
  certidao_cartorio: texto,
  certidao_livro: texto,
  certidao_folha: texto,
  certidao_termo: texto,
  certidao_data_emissao: texto,
  certidao_matricula: texto,
  nacionalidade_id: z.number().int().nullable(),
  municipio_nascimento_ibge: texto,
  municipio_nascimento_nome: texto,
  /** A foreigner's or naturalized citizen's entry into Brazil, and the naturalization (yyyy-MM-dd, act number). */
  data_entrada_brasil: texto,
  data_naturalizacao: texto,
  portaria_naturalizacao: texto,
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
  /** 135 (óbito) when the registry says the person died (deceasedInd/deceasedTime): never registered as alive. */
  motivo_saida_cadastro_id: z.number().int().nullable(),
  data_obito: texto,
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

/** One person a name search found: enough to tell homonyms apart, the documents masked. */
export const cadsusCandidatoSchema = z.object({
  nome: texto,
  nome_social: texto,
  data_nascimento: texto,
  nome_mae: texto,
  mae_desconhecida: z.boolean().nullable(),
  sexo_id: z.number().int().nullable(),
  /** Where the person lives (IBGE code's name and UF). */
  municipio: texto,
  uf: texto,
  /** e.g. ***.456.789-** */
  cpf_mascarado: texto,
  /** e.g. 898 **** **** 595, the definitive number first. */
  cns_mascarado: texto,
  /** Sealed reference to open this person (GET ?candidato=); null when the registry gave no CNS or CPF. */
  candidato: texto,
  /** A citizen of ours with the same CPF or CNS: opening the candidate compares with that record. */
  ja_cadastrado: nomeadoSchema.nullable(),
});
export type CadsusCandidato = z.infer<typeof cadsusCandidatoSchema>;

export const cadsusCandidatosSchema = z.object({
  candidatos: z.array(cadsusCandidatoSchema),
  /** How many the registry says it found (it may send fewer). */
  total: z.number().int(),
});
export type CadsusCandidatos = z.infer<typeof cadsusCandidatosSchema>;
