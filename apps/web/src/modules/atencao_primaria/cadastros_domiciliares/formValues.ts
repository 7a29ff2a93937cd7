// The household form (issue 7), derived from the shared schema (cadastroDomiciliarFieldsSchema: its fields and labels;
// checked by cadastroDomiciliarInputSchema on the very body the form would send), so the browser and the API answer
// with the same messages. Held in another shape: the timestamp, as a date and an hour in São Paulo. The header's
// unit, professional and occupation go as read on edit; on create the API fills them from the user's assignment, or a
// user without a team sends the professional picked (issue 39).
import {
  cadastroDomiciliarFieldsSchema,
  cadastroDomiciliarInputSchema,
  normalizarCadastroDomiciliar,
  TIPO_IMOVEL_DOMICILIO,
  type CadastroDomiciliar,
  type CadastroDomiciliarInput,
  type CadastroDomiciliarValues,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { comChecagens, dataEHoraDadas, formCodec, type CodecValues } from '../../../lib/form';
import { agoraParaCadastro, dataDoCadastro } from '../comum/CabecalhoEsus';

const fields = { data_cadastro: dataDoCadastro };
const codec = formCodec(cadastroDomiciliarFieldsSchema, {
  fields,
  rules: cadastroDomiciliarInputSchema,
  defaults: { fora_area: false, sem_numero: false, termo_recusa: false, tipo_imovel_id: TIPO_IMOVEL_DOMICILIO },
});

/** With the municipality's name, shown by the address block; not sent. */
export type DomicilioFormValues = CodecValues<typeof cadastroDomiciliarFieldsSchema, typeof fields> & {
  municipio_nome?: string | null;
};

/** Labels of the save summary (spec §8 'verifique o(s) seguinte(s) campo(s)'); the API's data_cadastro included. */
export const ROTULOS_DOMICILIO: Record<string, string> = codec.labels;

/** The date and hour first, then every rule of the shared schema, run on the body the form would send. */
export const domicilioFormSchema = comChecagens<DomicilioFormValues>(
  (v, add) => dataEHoraDadas(v, 'data_cadastro_data', 'data_cadastro_hora', add),
  codec.schema((v) => formParaApi(v)),
);

/** A new household: a home (the common case), dated now (spec §5: date and time default to now, editable). */
export const novoDomicilio = (agora = new Date()): DomicilioFormValues => ({
  ...codec.empty(),
  municipio_nome: null,
  ...agoraParaCadastro(agora),
});

export const domicilioParaForm = (c: CadastroDomiciliar): DomicilioFormValues => ({
  ...codec.toForm(c),
  municipio_nome: c.municipio_nome,
});

/**
 * Form → API body, cleared by the shared normalizer of what does not apply (property type, refusal, rural area,
 * electricity, animals), so a hidden answer is never sent.
 */
export const formParaApi = (v: DomicilioFormValues): CadastroDomiciliarInput =>
  // The normalizer reads the answers only: the body's loose input shape is what it clears.
  normalizarCadastroDomiciliar(codec.toBody(v) as CadastroDomiciliarValues) as CadastroDomiciliarInput;
