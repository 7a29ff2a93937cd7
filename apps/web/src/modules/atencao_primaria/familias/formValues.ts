// The family form (issue 7), derived from the shared schema (familiaFieldsSchema: its fields and labels; checked by
// familiaInputSchema on the very body the form would send). Held in another shape: 'Reside desde' as 'MM/aaaa', and
// the members: the head is its own field (`responsavel_id`), sent as the first member (PARENTESCO_RESPONSAVEL); the
// form's `membros` are the others. The header's unit and professional go as read on edit; on create the API fills them
// (from the user, or the professional a user without a team picked: issue 39).
import {
  familiaFieldsSchema,
  familiaInputSchema,
  PARENTESCO_RESPONSAVEL,
  type Familia,
  type FamiliaInput,
} from '@saude/shared/schemas/familia';
import { formCodec, mesAno, type CodecValues } from '../../../lib/form';

export { mesAnoParaIso } from '../../../lib/form';

type Outro = { municipe_id: string; parentesco_id: number | null };

const fields = {
  reside_desde: mesAno('reside_desde'),
  membros: {
    empty: () => ({ membros: [] as Outro[] }),
    toForm: (ms: Outro[]) => ({
      membros: ms.map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id })),
    }),
    toBody: (f: { membros: Outro[] }) =>
      f.membros.map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id ?? '' })),
    fieldOf: (path: readonly PropertyKey[]) => campoDoForm(['membros', ...path].map(String).join('.')),
  },
};
const codec = formCodec(familiaFieldsSchema, {
  fields,
  rules: familiaInputSchema,
  defaults: { responsavel_id: '', mudou: false },
});

export type FamiliaFormValues = CodecValues<typeof familiaFieldsSchema, typeof fields>;

/** Form → API body: the head first with the head's kinship, then the others (PUT replaces the list). */
export function formParaApi(v: FamiliaFormValues): FamiliaInput {
  const body = codec.toBody(v);
  const cabeca = { municipe_id: v.responsavel_id ?? '', parentesco_id: PARENTESCO_RESPONSAVEL };
  return { ...body, responsavel_id: v.responsavel_id ?? '', membros: [cabeca, ...(body.membros ?? [])] };
}

export const familiaFormSchema = codec.schema(formParaApi);
export const novaFamilia = codec.empty;
/** The form's `membros` are the others: the head is `responsavel_id`. */
export const familiaParaForm = (f: Familia): FamiliaFormValues =>
  codec.toForm({ ...f, membros: f.membros.filter((m) => m.municipe_id !== f.responsavel_id) });

/**
 * API path → form path. The body's member 0 is the head (the `responsavel_id` field); member N is the form's N-1.
 */
export function campoDoForm(path: string): string {
  const m = /^membros\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!m) return path;
  const n = Number(m[1]);
  if (n === 0) return 'responsavel_id';
  return `membros.${n - 1}.${m[2] ?? 'municipe_id'}`;
}

export const ROTULOS: Record<string, string> = {
  ...codec.labels,
  'membros.municipe_id': 'Membro',
  'membros.parentesco_id': 'Parentesco',
};

/**
 * The summary's labels with each member named (issue 12: an empty kinship said 'não é válido' three times without
 * saying whose): 'Parentesco de João da Silva (membro 2)', or 'Parentesco do membro 2' before a citizen is picked.
 */
export function rotulosDaFamilia(
  membros: FamiliaFormValues['membros'],
  nomes: Record<string, { nome: string } | undefined>,
): Record<string, string> {
  const out = { ...ROTULOS };
  membros.forEach((m, i) => {
    const nome = nomes[m.municipe_id]?.nome;
    out[`membros.${i}.municipe_id`] = `Membro ${i + 1}`;
    out[`membros.${i}.parentesco_id`] = nome
      ? `Parentesco de ${nome} (membro ${i + 1})`
      : `Parentesco do membro ${i + 1}`;
  });
  return out;
}
