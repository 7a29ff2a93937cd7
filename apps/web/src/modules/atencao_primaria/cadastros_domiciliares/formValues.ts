// The household form's values and their mapping to and from the API (issue 7). The rules are the shared ones
// (cadastroDomiciliarInputSchema with cadastroDomiciliarIssues), run on the very body the form would send, so the
// browser and the API answer with the same messages.
import { z } from 'zod';
import { isValidTime, msg, zonedDateTimeToIso } from '@saude/shared';
import {
  cadastroDomiciliarFieldsSchema,
  cadastroDomiciliarInputSchema,
  normalizarCadastroDomiciliar,
  TIPO_IMOVEL_DOMICILIO,
  type CadastroDomiciliar,
  type CadastroDomiciliarInput,
  type CadastroDomiciliarValues,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { emptyValues, omitEmpty, pickValues } from '../../../lib/form/values';
import { agoraParaCadastro, campoDoCabecalho, type ProfissionalEscolhido } from '../comum/CabecalhoEsus';

// The one null convention (issue 13): the form holds the row's fields as the row holds them (null for empty), so a
// new household field is named in the shared schema, the table and its section only. Mapped by hand: the timestamp
// (split into date and hour in São Paulo) and the header the API fills from the user's assignment.
const DO_CABECALHO = ['unidade_saude_id', 'profissional_id', 'ocupacao_id', 'data_cadastro'] as const;
type Campo = Exclude<keyof CadastroDomiciliarValues, (typeof DO_CABECALHO)[number]>;
const CAMPOS = Object.keys(cadastroDomiciliarFieldsSchema.shape).filter(
  (k) => !(DO_CABECALHO as readonly string[]).includes(k),
) as Campo[];

export type DomicilioFormValues = Pick<CadastroDomiciliar, Campo | 'municipio_nome'> &
  ProfissionalEscolhido & {
    /** yyyy-MM-dd and HH:mm in São Paulo; joined into one ISO timestamp for the API. */
    data_cadastro_data: string | null;
    data_cadastro_hora: string | null;
  };

// The field types are the row's; every rule is the shared schema's, run on the body the form would send.
export const domicilioFormSchema = z.custom<DomicilioFormValues>().superRefine((v, ctx) => {
  const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!v.data_cadastro_data) add('data_cadastro_data', msg.obrigatorio);
  if (!isValidTime(v.data_cadastro_hora)) add('data_cadastro_hora', msg.obrigatorio);
  const r = cadastroDomiciliarInputSchema.safeParse(formParaApi(v));
  if (r.success) return;
  const vistos = new Set<string>();
  for (const issue of r.error.issues) {
    const campo = campoDoCabecalho(String(issue.path[0] ?? ''));
    // One message per field, the first: the summary lists each field once.
    if (vistos.has(campo) || (campo === 'data_cadastro_data' && !v.data_cadastro_data)) continue;
    vistos.add(campo);
    add(campo, issue.message);
  }
});

/** A new household: a home (the common case), dated now (spec §5: date and time default to now, editable). */
export function novoDomicilio(agora = new Date()): DomicilioFormValues {
  return {
    ...emptyValues([...CAMPOS, 'municipio_nome']),
    fora_area: false,
    sem_numero: false,
    possui_animais: null,
    termo_recusa: false,
    animal_ids: [],
    tipo_imovel_id: TIPO_IMOVEL_DOMICILIO,
    ...agoraParaCadastro(agora),
  };
}

export const domicilioParaForm = (c: CadastroDomiciliar): DomicilioFormValues => ({
  ...pickValues(c, [...CAMPOS, 'municipio_nome']),
  ...agoraParaCadastro(c.data_cadastro),
});

/**
 * Form → API body, cleared by the shared normalizer of what does not apply (property type, refusal, rural area,
 * electricity, animals), so a hidden answer is never sent. Header fields the form does not edit (unit, professional,
 * occupation) go as read on edit; on create the API fills them from the user's assignment, or a user without a team
 * sends the professional picked (issue 39: `respostas` then holds them).
 */
export function formParaApi(v: DomicilioFormValues, atual?: CadastroDomiciliar): CadastroDomiciliarInput {
  const { data_cadastro_data, data_cadastro_hora, municipio_nome: _nome, ...respostas } = v;
  const body = {
    unidade_saude_id: atual?.unidade_saude_id,
    profissional_id: atual?.profissional_id,
    ocupacao_id: atual?.ocupacao_id,
    ...omitEmpty(respostas),
    data_cadastro: zonedDateTimeToIso(data_cadastro_data, data_cadastro_hora) ?? undefined,
  };
  // The normalizer reads the answers only: the body's loose input shape is what it clears.
  return normalizarCadastroDomiciliar(body as CadastroDomiciliarValues) as CadastroDomiciliarInput;
}
