// The registration form's values and its mapping to and from the API (issue 6). The rules are the shared ones
// (cadastroIndividualIssues), so the form and the API answer with the same messages.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeToIso } from '@saude/shared';
import {
  cadastroIndividualFieldsSchema,
  cadastroIndividualIssues,
  camposDoMunicipeSchema,
  type CadastroIndividual,
  type CadastroIndividualInput,
} from '@saude/shared/schemas/cadastro_individual';
import { identificacaoEsusIssues } from '@saude/shared/schemas/municipe';
import { dataEHoraDadas, formCodec, omitEmpty, pickValues, type CodecValues } from '../../../lib/form';
import { agoraParaCadastro, dataDoCadastro } from '../comum/CabecalhoEsus';

const campo = cadastroIndividualFieldsSchema.shape;

/**
 * The form derived from the shared schema (its fields and labels); held in another shape: the timestamp, as a date and
 * an hour in São Paulo. The header's unit, professional, team and occupation are not edited here (issue 13's null
 * convention: null for an empty answer, as in the answer).
 */
const fields = { data_cadastro: dataDoCadastro };
// The API reads the body whole: an unanswered question goes as null (issue 12), never left out.
const codec = formCodec(cadastroIndividualFieldsSchema, {
  fields,
  defaults: { responsaveis_criancas: [] },
  nulls: true,
});
const HEADER = ['unidade_saude_id', 'profissional_id', 'equipe_id', 'ocupacao_id'] as const;
/** The answers each checked by its shared field (the citizen and the date are checked apart). */
const CAMPOS = codec.keys.filter(
  (k) => !(HEADER as readonly string[]).includes(k) && k !== 'municipe_id' && k !== 'data_cadastro',
);

export type CadastroFormValues = CodecValues<typeof cadastroIndividualFieldsSchema, typeof fields> & {
  /** "NAME - UF" of the birthplace, shown by its picker; not sent. */
  municipio_nascimento_nome?: string | null;
};

export const cadastroFormSchema = z
  .custom<CadastroFormValues>((v) => typeof v === 'object' && v !== null)
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.municipe_id) add('municipe_id', msg.obrigatorio);
    // Each field with the API's own check (CPF/CNS check digits, dates, codes, decree length).
    for (const k of CAMPOS) {
      const r = (campo[k] as z.ZodType).safeParse((v as Record<string, unknown>)[k]);
      if (!r.success) add(k, r.error.issues[0]?.message ?? msg.naoEValido);
    }
    dataEHoraDadas(v, 'data_cadastro_data', 'data_cadastro_hora', add);
    if (v.data_cadastro_data && isValidTime(v.data_cadastro_hora)) {
      const r = campo.data_cadastro.safeParse(zonedDateTimeToIso(v.data_cadastro_data, v.data_cadastro_hora));
      if (!r.success) add('data_cadastro_data', r.error.issues[0]?.message ?? msg.naoEValido);
    }
    // The identity e-SUS requires (issue 39): the API checks it on the citizen's values merged with the body's.
    for (const i of [...cadastroIndividualIssues(v), ...identificacaoEsusIssues(v)]) add(String(i.path[0]), i.message);
  });

/** Citizen-owned answers the new form starts from (one truth: the citizen's current values). */
export interface DadosDoMunicipe {
  id: string;
  cpf_numero: string | null;
  codigo_cns: string | null;
  raca_cor_id?: number | null;
  etnia_id?: number | null;
  nome_mae?: string | null;
  mae_desconhecida?: boolean | null;
  nome_pai?: string | null;
  pai_desconhecido?: boolean | null;
  municipio_nascimento_ibge?: string | null;
  municipio_nascimento_nome?: string | null;
  nacionalidade_id?: number | null;
  pais_nascimento_id?: number | null;
  data_naturalizacao?: string | null;
  portaria_naturalizacao?: string | null;
  data_entrada_brasil?: string | null;
  micro_area?: string | null;
  fora_area?: boolean | null;
}

/** A new registration: nothing answered (null), the lists empty, the citizen's own columns as they are. */
export function novoCadastro(m?: DadosDoMunicipe, agora = new Date()): CadastroFormValues {
  const doMunicipe = Object.fromEntries(
    CAMPOS.filter((k) => k in camposDoMunicipeSchema.shape).map((k) => [k, m?.[k as keyof DadosDoMunicipe] ?? null]),
  );
  return {
    ...codec.empty(),
    ...doMunicipe,
    fora_area: m?.fora_area ?? false,
    mae_desconhecida: m?.mae_desconhecida ?? false,
    pai_desconhecido: m?.pai_desconhecido ?? false,
    municipio_nascimento_nome: m?.municipio_nascimento_nome ?? null,
    termo_recusa: false,
    proprio_responsavel_familiar: false,
    municipe_id: m?.id ?? '',
    ...agoraParaCadastro(agora),
  };
}

export const cadastroParaForm = (c: CadastroIndividual): CadastroFormValues => ({
  ...codec.toForm(c),
  municipio_nascimento_nome: c.municipio_nascimento_nome,
});

/**
 * Form → API body: the codec's (the API clears what does not apply). The caregivers go only for a child (0–9); on a
 * new registration only when answered, so an unseen answer already in the citizen's sociodemographic block is kept.
 * The header's unit, professional, team and occupation are sent as read on edit; on create the API fills them from
 * the session, or a user without a team sends the one picked (issue 39).
 */
export function formParaApi(
  v: CadastroFormValues,
  atual?: CadastroIndividual,
  crianca = false,
): CadastroIndividualInput {
  const responsaveis = v.responsaveis_criancas;
  return {
    ...codec.toBody(v),
    municipe_id: v.municipe_id ?? '',
    ...(atual ? pickValues(atual, HEADER) : omitEmpty(pickValues(v, HEADER))),
    responsaveis_criancas: crianca && (atual || (responsaveis?.length ?? 0) > 0) ? responsaveis : undefined,
  };
}

/** Labels for the error summary; the API's data_cadastro error lands on the date field. */
export const ROTULOS: Record<string, string> = codec.labels;
