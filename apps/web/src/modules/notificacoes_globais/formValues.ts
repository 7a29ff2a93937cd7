// The global notification form (issue 20), derived from the shared schema (notificacaoGlobalInputSchema: its fields,
// rules and labels), so the browser answers with the API's messages; the API still decides. The colour goes upper case.
import {
  COR_PADRAO_NOTIFICACAO_GLOBAL,
  notificacaoGlobalInputSchema,
  type NotificacaoGlobalInput,
} from '@saude/shared/schemas/notificacao_global';
import { formCodec, type CodecValues } from '../../lib/form';

type Cor = { cor: string | null };
const fields = {
  cor: {
    empty: (): Cor => ({ cor: null }),
    toForm: (cor: string): Cor => ({ cor }),
    toBody: (v: Cor) => v.cor?.toUpperCase(),
  },
};
const codec = formCodec(notificacaoGlobalInputSchema, {
  fields,
  defaults: { tipo: 'aviso', cor: COR_PADRAO_NOTIFICACAO_GLOBAL },
});

export type NotificacaoGlobalFormValues = CodecValues<typeof notificacaoGlobalInputSchema, typeof fields>;
export const ROTULOS = codec.labels;
export const notificacaoGlobalFormSchema = codec.schema();
export const novaNotificacao = codec.empty;
/** Form → API body: empty answers left out. */
export const formParaApi = (v: NotificacaoGlobalFormValues): NotificacaoGlobalInput => codec.toBody(v);
