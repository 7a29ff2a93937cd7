// The registration form's values and its mapping to and from the API (issue 6). The rules are the shared ones
// (cadastroIndividualIssues), so the form and the API answer with the same messages.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeToIso } from '@saude/shared';
import {
  cadastroIndividualFieldsSchema,
  cadastroIndividualIssues,
  type CadastroIndividual,
  type CadastroIndividualInput,
} from '@saude/shared/schemas/cadastro_individual';
import { agoraParaCadastro, ROTULOS_CABECALHO } from '../comum/CabecalhoEsus';

const campo = cadastroIndividualFieldsSchema.shape;
/** Text as the kit's fields write it: null when empty. */
const texto = z.string().nullable();

export const cadastroFormSchema = z
  .object({
    municipe_id: z.string(),
    micro_area: texto,
    fora_area: z.boolean(),
    cpf_numero: texto,
    codigo_cns: texto,
    nacionalidade_id: z.number().nullable(),
    pais_nascimento_id: z.number().nullable(),
    data_naturalizacao: texto,
    portaria_naturalizacao: texto,
    data_entrada_brasil: texto,
    termo_recusa: z.boolean(),
    proprio_responsavel_familiar: z.boolean(),
    /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
    data_cadastro_data: texto,
    data_cadastro_hora: texto,
    alimentos_acabaram_sem_dinheiro: z.boolean(),
    comeu_alguns_alimentos_sem_dinheiro: z.boolean(),
    possui_deficiencia: z.boolean(),
    deficiencias: z.array(z.number()),
    informa_orientacao_sexual: z.boolean(),
    orientacao_sexual_id: z.number().nullable(),
    /** 'Com quem a criança fica?' — asked only for children 0–9 (see formParaApi). */
    responsaveis_criancas: z.array(z.number()),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.municipe_id) add('municipe_id', msg.obrigatorio);
    // Field formats with the API's own checks (CPF/CNS check digits, dates, decree length).
    for (const k of [
      'cpf_numero',
      'codigo_cns',
      'data_naturalizacao',
      'portaria_naturalizacao',
      'data_entrada_brasil',
      'micro_area',
    ] as const) {
      const r = campo[k].safeParse(v[k] || undefined);
      if (!r.success) add(k, r.error.issues[0]?.message ?? msg.naoEValido);
    }
    if (!v.data_cadastro_data) add('data_cadastro_data', msg.obrigatorio);
    if (!isValidTime(v.data_cadastro_hora)) add('data_cadastro_hora', msg.obrigatorio);
    else {
      const r = campo.data_cadastro.safeParse(zonedDateTimeToIso(v.data_cadastro_data, v.data_cadastro_hora));
      if (!r.success) add('data_cadastro_data', r.error.issues[0]?.message ?? msg.naoEValido);
    }
    for (const i of cadastroIndividualIssues(v)) add(String(i.path[0]), i.message);
  });

export type CadastroFormValues = z.input<typeof cadastroFormSchema>;

/** Citizen-owned answers the new form starts from (one truth: the citizen's current values). */
export interface DadosDoMunicipe {
  id: string;
  cpf_numero: string | null;
  codigo_cns: string | null;
  nacionalidade_id?: number | null;
  pais_nascimento_id?: number | null;
  data_naturalizacao?: string | null;
  portaria_naturalizacao?: string | null;
  data_entrada_brasil?: string | null;
  micro_area?: string | null;
  fora_area?: boolean | null;
}

export function novoCadastro(m?: DadosDoMunicipe, agora = new Date()): CadastroFormValues {
  return {
    municipe_id: m?.id ?? '',
    micro_area: m?.micro_area ?? null,
    fora_area: m?.fora_area ?? false,
    cpf_numero: m?.cpf_numero ?? null,
    codigo_cns: m?.codigo_cns ?? null,
    nacionalidade_id: m?.nacionalidade_id ?? null,
    pais_nascimento_id: m?.pais_nascimento_id ?? null,
    data_naturalizacao: m?.data_naturalizacao ?? null,
    portaria_naturalizacao: m?.portaria_naturalizacao ?? null,
    data_entrada_brasil: m?.data_entrada_brasil ?? null,
    termo_recusa: false,
    proprio_responsavel_familiar: false,
    ...agoraParaCadastro(agora),
    alimentos_acabaram_sem_dinheiro: false,
    comeu_alguns_alimentos_sem_dinheiro: false,
    possui_deficiencia: false,
    deficiencias: [],
    informa_orientacao_sexual: false,
    orientacao_sexual_id: null,
    responsaveis_criancas: [],
  };
}

export function cadastroParaForm(c: CadastroIndividual): CadastroFormValues {
  return {
    municipe_id: c.municipe_id,
    micro_area: c.micro_area,
    fora_area: c.fora_area,
    cpf_numero: c.cpf_numero,
    codigo_cns: c.codigo_cns,
    nacionalidade_id: c.nacionalidade_id,
    pais_nascimento_id: c.pais_nascimento_id,
    data_naturalizacao: c.data_naturalizacao,
    portaria_naturalizacao: c.portaria_naturalizacao,
    data_entrada_brasil: c.data_entrada_brasil,
    termo_recusa: c.termo_recusa,
    proprio_responsavel_familiar: c.proprio_responsavel_familiar,
    ...agoraParaCadastro(c.data_cadastro),
    alimentos_acabaram_sem_dinheiro: c.alimentos_acabaram_sem_dinheiro,
    comeu_alguns_alimentos_sem_dinheiro: c.comeu_alguns_alimentos_sem_dinheiro,
    possui_deficiencia: c.possui_deficiencia,
    deficiencias: c.deficiencias,
    informa_orientacao_sexual: c.informa_orientacao_sexual,
    orientacao_sexual_id: c.orientacao_sexual_id,
    responsaveis_criancas: c.responsaveis_criancas,
  };
}

/**
 * Form → API body. The caregivers go only for a child (0–9); on a new registration only when answered, so an
 * unseen answer already in the citizen's sociodemographic block is kept. Header fields the form does not edit (unit, professional, team, occupation) are sent as read on
 * edit and left out on create, where the API fills them from the user's team assignment.
 */
export function formParaApi(
  v: CadastroFormValues,
  atual?: CadastroIndividual,
  crianca = false,
): CadastroIndividualInput {
  const s = (x: string | null) => x || undefined;
  return {
    municipe_id: v.municipe_id,
    unidade_saude_id: atual?.unidade_saude_id ?? undefined,
    profissional_id: atual?.profissional_id ?? undefined,
    equipe_id: atual?.equipe_id ?? undefined,
    ocupacao_id: atual?.ocupacao_id ?? undefined,
    micro_area: v.fora_area ? undefined : s(v.micro_area),
    fora_area: v.fora_area,
    cpf_numero: s(v.cpf_numero),
    codigo_cns: s(v.codigo_cns),
    nacionalidade_id: v.nacionalidade_id ?? undefined,
    pais_nascimento_id: v.pais_nascimento_id ?? undefined,
    data_naturalizacao: s(v.data_naturalizacao),
    portaria_naturalizacao: s(v.portaria_naturalizacao),
    data_entrada_brasil: s(v.data_entrada_brasil),
    termo_recusa: v.termo_recusa,
    proprio_responsavel_familiar: v.proprio_responsavel_familiar,
    data_cadastro: zonedDateTimeToIso(v.data_cadastro_data, v.data_cadastro_hora) ?? undefined,
    alimentos_acabaram_sem_dinheiro: v.alimentos_acabaram_sem_dinheiro,
    comeu_alguns_alimentos_sem_dinheiro: v.comeu_alguns_alimentos_sem_dinheiro,
    possui_deficiencia: v.possui_deficiencia,
    deficiencias: v.possui_deficiencia ? v.deficiencias : [],
    informa_orientacao_sexual: v.informa_orientacao_sexual,
    orientacao_sexual_id: v.informa_orientacao_sexual ? (v.orientacao_sexual_id ?? undefined) : undefined,
    responsaveis_criancas:
      crianca && (atual || v.responsaveis_criancas.length > 0) ? v.responsaveis_criancas : undefined,
  };
}

/** Labels for the error summary; the API's data_cadastro error lands on the date field. */
export const ROTULOS: Record<string, string> = {
  ...ROTULOS_CABECALHO,
  municipe_id: 'Munícipe',
  micro_area: 'Micro-área',
  fora_area: 'Fora de área',
  cpf_numero: 'CPF',
  codigo_cns: 'CNS',
  nacionalidade_id: 'Nacionalidade',
  pais_nascimento_id: 'País de nascimento',
  data_naturalizacao: 'Data de naturalização',
  portaria_naturalizacao: 'Portaria de naturalização',
  data_entrada_brasil: 'Data de entrada no Brasil',
  deficiencias: 'Deficiências',
  orientacao_sexual_id: 'Orientação sexual',
  responsaveis_criancas: 'Com quem a criança fica?',
};
