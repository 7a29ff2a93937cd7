// The professional's and the assignment's forms (issue 22), derived from the shared schemas (profissionalFieldsSchema,
// lotacaoFieldsSchema: fields, rules and labels), so the browser answers with the API's messages; only the API knows
// whether a login or CPF is in use, or whether an assignment repeats an active one.
import {
  lotacaoFieldsSchema,
  lotacaoInputSchema,
  profissionalFieldsSchema,
  profissionalInputSchema,
  type Lotacao,
  type LotacaoInput,
} from '@saude/shared/schemas/administracao_profissionais';
import { todayIso } from '@saude/shared/validation/dates';
import { formCodec, type CodecValues } from '../../../lib/form';

export const profissionalCodec = formCodec(profissionalFieldsSchema, {
  rules: profissionalInputSchema,
  defaults: { ativo: true },
});

export type ProfissionalFormValues = CodecValues<typeof profissionalFieldsSchema>;
export const ROTULOS_PROFISSIONAL = profissionalCodec.labels;

// ---- assignment ------------------------------------------------------------------------------------------

const lotacao = formCodec(lotacaoFieldsSchema, { rules: lotacaoInputSchema });

export type LotacaoFormValues = CodecValues<typeof lotacaoFieldsSchema>;
export const lotacaoParaApi = (v: LotacaoFormValues): Omit<LotacaoInput, 'profissional_id'> => lotacao.toBody(v);
/** The shared rules; the professional's id is the page's, so a placeholder stands for it here. */
export const lotacaoFormSchema = lotacao.schema((v) => ({
  ...lotacaoParaApi(v),
  profissional_id: '00000000-0000-4000-8000-000000000000',
}));
export const ROTULOS_LOTACAO = lotacao.labels;
/** A new assignment starts today. */
export const novaLotacao = (): LotacaoFormValues => ({ ...lotacao.empty(), inicio: todayIso() });
export const lotacaoParaForm = (l: Lotacao): LotacaoFormValues => lotacao.toForm(l);
