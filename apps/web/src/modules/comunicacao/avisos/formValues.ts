// The notice form (issue 19): its values and their mapping to and from the API. The rules are the shared ones
// (avisoInputSchema, with avisoIssues: the end not before the start), so the browser answers with the API's messages;
// the API still decides, and only it knows whether the targeting reaches anyone (its 422 on `alvos`).
import { z } from 'zod';
import { avisoInputSchema, type Aviso, type AvisoInput } from '@saude/shared/schemas/aviso';
import { omitEmpty } from '../../../lib/form';

const texto = () => z.string().nullable();
const ids = () => z.array(z.string());

const camposSchema = z.object({
  titulo: texto(),
  mensagem: texto(),
  data_inicial: texto(),
  data_final: texto(),
  horario: texto(),
  tipo_unidade_ids: ids(),
  unidade_ids: ids(),
  perfil_ids: ids(),
  profissional_ids: ids(),
  checar_resposta: z.boolean(),
  responsavel_id: texto(),
  situacao: z.enum(['ativo', 'inativo']),
});

export type AvisoFormValues = z.input<typeof camposSchema>;
type Campo = keyof AvisoFormValues;

export const ROTULOS: Record<Campo | 'alvos', string> = {
  titulo: 'Título',
  mensagem: 'Mensagem',
  data_inicial: 'Data inicial',
  data_final: 'Data final',
  horario: 'Horário',
  tipo_unidade_ids: 'Tipos de unidade',
  unidade_ids: 'Unidades',
  perfil_ids: 'Perfis',
  profissional_ids: 'Profissionais',
  checar_resposta: 'Exigir resposta',
  responsavel_id: 'Responsável',
  situacao: 'Situação',
  alvos: 'Destinatários',
};

export const avisoFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = avisoInputSchema.safeParse(formParaApi(v));
  if (r.success) return;
  const vistos = new Set<string>();
  for (const issue of r.error.issues) {
    const campo = String(issue.path[0] ?? '');
    if (!campo || vistos.has(campo)) continue;
    vistos.add(campo);
    ctx.addIssue({ code: 'custom', path: [campo], message: issue.message });
  }
});

/** A new notice: starts today, aimed at nobody in particular (everyone), active; the responsible is the user (API). */
export const novoAviso = (hoje: string): AvisoFormValues => ({
  titulo: null,
  mensagem: null,
  data_inicial: hoje,
  data_final: null,
  horario: null,
  tipo_unidade_ids: [],
  unidade_ids: [],
  perfil_ids: [],
  profissional_ids: [],
  checar_resposta: false,
  responsavel_id: null,
  situacao: 'ativo',
});

/** A loaded notice as the form holds it. */
export const avisoParaForm = (a: Aviso): AvisoFormValues => ({
  titulo: a.titulo,
  mensagem: a.mensagem,
  data_inicial: a.data_inicial,
  data_final: a.data_final,
  horario: a.horario,
  tipo_unidade_ids: a.tipo_unidade_ids,
  unidade_ids: a.unidade_ids,
  perfil_ids: a.perfil_ids,
  profissional_ids: a.profissional_ids,
  checar_resposta: a.checar_resposta,
  responsavel_id: a.responsavel_id,
  // A deleted notice never reaches the form (the API answers 404 to its edit).
  situacao: a.situacao === 'inativo' ? 'inativo' : 'ativo',
});

/** Form → API body: empty answers left out (the API stores them null; no responsible means the user). */
export const formParaApi = (v: AvisoFormValues): AvisoInput =>
  omitEmpty({ ...v, titulo: v.titulo ?? '', mensagem: v.mensagem ?? '' }) as AvisoInput;
