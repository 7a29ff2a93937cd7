// The form of a patient without identification (issue 16): its values and their mapping to and from the API. The
// rules are the shared ones (pacienteSemIdentificacaoInputSchema), so the browser answers with the API's messages.
import { z } from 'zod';
import { NACIONALIDADE_BRASILEIRA } from '@saude/shared/schemas/cadastro_individual';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import {
  pacienteSemIdentificacaoInputSchema,
  type PacienteSemIdentificacao,
  type PacienteSemIdentificacaoInput,
} from '@saude/shared/schemas/paciente_sem_identificacao';
import { addFieldIssues, emptyValues, omitEmpty, pickValues } from '../../../lib/form';

const numero = () => z.number().nullable();
const texto = () => z.string().nullable();

const camposSchema = z.object({
  nome: texto(),
  data_nascimento_estimada: texto(),
  idade_estimada: numero(),
  sexo_id: numero(),
  raca_cor_id: numero(),
  cor_cabelo_id: numero(),
  cor_olhos_id: numero(),
  altura_aproximada: numero(),
  peso_aproximado: numero(),
  possui_deficiencia: z.boolean().nullable(),
  deficiencia_ids: z.array(z.number()),
  outras_caracteristicas: texto(),
  nome_mae: texto(),
  nome_mae_sem_informacao: z.boolean(),
  nacionalidade_id: numero(),
  municipio_nascimento_ibge: texto(),
  pais_nascimento_id: numero(),
});

export type PacienteFormValues = z.input<typeof camposSchema>;
type Campo = keyof PacienteFormValues;
const CAMPOS = Object.keys(camposSchema.shape) as Campo[];

/** The form's schema: the shared API schema's checks, each on its field. */
export const pacienteFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = pacienteSemIdentificacaoInputSchema.safeParse(formParaApi(v));
  if (!r.success) addFieldIssues(ctx, r.error.issues);
});

export const ROTULOS: Record<Campo, string> = {
  nome: 'Nome ou pseudônimo',
  data_nascimento_estimada: 'Data de nascimento estimada',
  idade_estimada: 'Idade estimada',
  sexo_id: 'Sexo',
  raca_cor_id: 'Raça/cor',
  cor_cabelo_id: 'Cor do cabelo',
  cor_olhos_id: 'Cor dos olhos',
  altura_aproximada: 'Altura aproximada',
  peso_aproximado: 'Peso aproximado',
  possui_deficiencia: 'Tem alguma deficiência?',
  deficiencia_ids: 'Deficiências',
  outras_caracteristicas: 'Outras características',
  nome_mae: 'Nome da mãe',
  nome_mae_sem_informacao: 'Sem informação da mãe',
  nacionalidade_id: 'Nacionalidade',
  municipio_nascimento_ibge: 'Município de nascimento',
  pais_nascimento_id: 'País de nascimento',
};

export function novoPaciente(): PacienteFormValues {
  return {
    ...emptyValues(CAMPOS),
    deficiencia_ids: [],
    nome_mae_sem_informacao: false,
  };
}

/** A loaded patient as the form holds it; a Brazilian's country (Brazil, set by the API) is not asked. */
export const pacienteParaForm = (p: PacienteSemIdentificacao): PacienteFormValues => ({
  ...pickValues(p, CAMPOS),
  pais_nascimento_id: p.nacionalidade_id === NACIONALIDADE_BRASILEIRA ? null : p.pais_nascimento_id,
});

/** The age an estimated birth date gives today (null for an incomplete or future date). */
export const idadeDaData = (iso: string | null | undefined) =>
  iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? idadeEmAnos(iso) : null;

/** Form → API body: empty answers left out (the API stores them null). */
export function formParaApi(v: PacienteFormValues): PacienteSemIdentificacaoInput {
  return omitEmpty({ ...v, nome: v.nome ?? '' }) as PacienteSemIdentificacaoInput;
}
