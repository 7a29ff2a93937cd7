// The global notification form (issue 20): its values and their mapping to the API. The rules are the shared ones
// (notificacaoGlobalInputSchema), so the browser answers with the API's messages; the API still decides.
import { z } from 'zod';
import {
  COR_PADRAO_NOTIFICACAO_GLOBAL,
  notificacaoGlobalInputSchema,
  type NotificacaoGlobalInput,
} from '@saude/shared/schemas/notificacao_global';
import { omitEmpty } from '../../lib/form';

const texto = () => z.string().nullable();

const camposSchema = z.object({
  tipo: z.enum(['pemc', 'aviso']).nullable(),
  titulo: texto(),
  subtitulo: texto(),
  cor: texto(),
  redirecionar_path_url: texto(),
  perfil_ids: z.array(z.string()),
});

export type NotificacaoGlobalFormValues = z.input<typeof camposSchema>;

export const ROTULOS: Record<keyof NotificacaoGlobalFormValues, string> = {
  tipo: 'Tipo',
  titulo: 'Título',
  subtitulo: 'Subtítulo',
  cor: 'Cor',
  redirecionar_path_url: 'Caminho ao abrir',
  perfil_ids: 'Perfis',
};

/** Form → API body: empty answers left out. */
export const formParaApi = (v: NotificacaoGlobalFormValues): NotificacaoGlobalInput =>
  omitEmpty({ ...v, titulo: v.titulo ?? '', cor: v.cor?.toUpperCase() ?? null }) as NotificacaoGlobalInput;

export const notificacaoGlobalFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = notificacaoGlobalInputSchema.safeParse(formParaApi(v));
  if (r.success) return;
  const vistos = new Set<string>();
  for (const issue of r.error.issues) {
    const campo = String(issue.path[0] ?? '');
    if (!campo || vistos.has(campo)) continue;
    vistos.add(campo);
    ctx.addIssue({ code: 'custom', path: [campo], message: issue.message });
  }
});

export const novaNotificacao = (): NotificacaoGlobalFormValues => ({
  tipo: 'aviso',
  titulo: null,
  subtitulo: null,
  cor: COR_PADRAO_NOTIFICACAO_GLOBAL,
  redirecionar_path_url: null,
  perfil_ids: [],
});
