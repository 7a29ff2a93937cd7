// The form of a patient without identification (issue 16), derived from the shared schema
// (pacienteSemIdentificacaoFieldsSchema, checked with its input schema: fields, rules and labels), so the browser
// answers with the API's messages. The e-SUS header (unit, professional, occupation) is the API's, not the form's.
import { NACIONALIDADE_BRASILEIRA } from '@saude/shared/schemas/cadastro_individual';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import {
  pacienteSemIdentificacaoFieldsSchema,
  pacienteSemIdentificacaoInputSchema,
  type PacienteSemIdentificacao,
  type PacienteSemIdentificacaoInput,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { formCodec, type CodecValues } from '../../../lib/form';

const campos = pacienteSemIdentificacaoFieldsSchema.omit({
  unidade_saude_id: true,
  profissional_id: true,
  ocupacao_id: true,
});
const codec = formCodec(campos, {
  rules: pacienteSemIdentificacaoInputSchema,
  defaults: { nome_mae_sem_informacao: false },
});

export type PacienteFormValues = CodecValues<typeof campos>;
/** The form's schema: the shared API schema's checks, each on its field. */
export const pacienteFormSchema = codec.schema();
export const ROTULOS = codec.labels;
export const novoPaciente = codec.empty;

/** A loaded patient as the form holds it; a Brazilian's country (Brazil, set by the API) is not asked. */
export const pacienteParaForm = (p: PacienteSemIdentificacao): PacienteFormValues =>
  codec.toForm({
    ...p,
    pais_nascimento_id: p.nacionalidade_id === NACIONALIDADE_BRASILEIRA ? null : p.pais_nascimento_id,
  });

/** The age an estimated birth date gives today (null for an incomplete or future date). */
export const idadeDaData = (iso: string | null | undefined) =>
  iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? idadeEmAnos(iso) : null;

/** Form → API body: empty answers left out (the API stores them null). */
export const formParaApi = (v: PacienteFormValues): PacienteSemIdentificacaoInput => codec.toBody(v);
