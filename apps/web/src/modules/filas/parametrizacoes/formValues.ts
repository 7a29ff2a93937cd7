// The queue form (issue 17): its values and their mapping to and from the API. The rules are the shared ones
// (filaInputSchema), so the browser answers with the API's messages, on the same paths ('locais.1.nome').
import { z } from 'zod';
import { filaInputSchema, type Fila, type FilaInput } from '@saude/shared/schemas/fila';
import { addFieldIssues } from '../../../lib/form';

const camposSchema = z.object({
  nome: z.string().nullable(),
  ativo: z.boolean(),
  locais: z.array(z.object({ id: z.string().nullable(), nome: z.string().nullable(), ativo: z.boolean() })),
  categoria_ids: z.array(z.string()),
});

export type FilaFormValues = z.input<typeof camposSchema>;

export const filaFormSchema = camposSchema.superRefine((v, ctx) => {
  const r = filaInputSchema.safeParse(formParaApi(v));
  // A location's field keeps its path; anything about the categories goes on the select.
  if (!r.success)
    addFieldIssues(ctx, r.error.issues, (path) =>
      (path[0] === 'locais' && path.length >= 3 ? path.slice(0, 3) : path.slice(0, 1)).map((p) =>
        typeof p === 'number' ? p : String(p),
      ),
    );
});

export const ROTULOS: Record<string, string> = {
  nome: 'Nome da fila',
  ativo: 'Fila ativa',
  locais: 'Locais de atendimento',
  categoria_ids: 'Categorias',
};

export const novaFila = (): FilaFormValues => ({
  nome: null,
  ativo: true,
  locais: [{ id: null, nome: null, ativo: true }],
  categoria_ids: [],
});

export const filaParaForm = (f: Fila): FilaFormValues => ({
  nome: f.nome,
  ativo: f.ativo,
  locais: f.locais.map((l) => ({ id: l.id, nome: l.nome, ativo: l.ativo })),
  categoria_ids: f.categorias.map((c) => c.id),
});

export function formParaApi(v: FilaFormValues): FilaInput {
  return {
    nome: v.nome ?? '',
    ativo: v.ativo,
    locais: v.locais.map((l) => ({ ...(l.id ? { id: l.id } : {}), nome: l.nome ?? '', ativo: l.ativo })),
    categoria_ids: v.categoria_ids,
  };
}
