// The family form's values and their mapping to and from the API (issue 7). The head is its own field and is sent
// as the first member (PARENTESCO_RESPONSAVEL); the form's `membros` are the others. The shared schema
// (familiaInputSchema with familiaIssues) runs on the very body the form would send.
import { z } from 'zod';
import {
  familiaInputSchema,
  PARENTESCO_RESPONSAVEL,
  type Familia,
  type FamiliaInput,
} from '@saude/shared/schemas/familia';
import { ROTULOS_CABECALHO } from '../comum/CabecalhoEsus';
import { addFieldIssues } from '../../../lib/form';

export const familiaFormSchema = z
  .object({
    /** Picked by a user without a team on a new family (issue 39). */
    profissional_id: z.string().nullable().optional(),
    equipe_id: z.string().nullable(),
    numero_prontuario: z.string().nullable(),
    /** Month and year as typed, 'MM/aaaa'. */
    reside_desde: z.string(),
    responsavel_id: z.string(),
    renda_familiar_id: z.number().nullable(),
    mudou: z.boolean(),
    membros: z.array(z.object({ municipe_id: z.string(), parentesco_id: z.number().nullable() })),
  })
  .superRefine((v, ctx) => {
    const r = familiaInputSchema.safeParse(formParaApi(v));
    if (!r.success)
      addFieldIssues(ctx, r.error.issues, (path) =>
        campoDoForm(path.map(String).join('.'))
          .split('.')
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      );
  });

export type FamiliaFormValues = z.input<typeof familiaFormSchema>;

/** 'MM/aaaa' → 'aaaa-MM-01'; an incomplete or impossible month goes as typed, so the schema says 'não é válido'. */
export function mesAnoParaIso(texto: string): string | undefined {
  const t = texto.trim();
  if (!t) return undefined;
  const m = /^(\d{2})\/(\d{4})$/.exec(t);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return t;
  return `${m[2]}-${m[1]}-01`;
}

export const isoParaMesAno = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

export function novaFamilia(): FamiliaFormValues {
  return {
    equipe_id: null,
    numero_prontuario: null,
    reside_desde: '',
    responsavel_id: '',
    renda_familiar_id: null,
    mudou: false,
    membros: [],
  };
}

export function familiaParaForm(f: Familia): FamiliaFormValues {
  return {
    equipe_id: f.equipe_id,
    numero_prontuario: f.numero_prontuario,
    reside_desde: isoParaMesAno(f.reside_desde),
    responsavel_id: f.responsavel_id,
    renda_familiar_id: f.renda_familiar_id,
    mudou: f.mudou,
    membros: f.membros
      .filter((m) => m.municipe_id !== f.responsavel_id)
      .map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id })),
  };
}

/**
 * Form → API body: the head first with the head's kinship, then the others (PUT replaces the list). Header fields the
 * form does not edit (unit, professional) go as read on edit; on create the API fills them (from the user, or the
 * professional a user without a team picked: issue 39).
 */
export function formParaApi(v: FamiliaFormValues, atual?: Familia): FamiliaInput {
  const s = (x: string | null | undefined) => (x ? x : undefined);
  return {
    unidade_saude_id: atual?.unidade_saude_id,
    profissional_id: atual?.profissional_id ?? s(v.profissional_id),
    equipe_id: s(v.equipe_id),
    numero_prontuario: s(v.numero_prontuario?.trim()),
    reside_desde: mesAnoParaIso(v.reside_desde),
    responsavel_id: v.responsavel_id,
    renda_familiar_id: v.renda_familiar_id ?? undefined,
    mudou: v.mudou,
    membros: [
      { municipe_id: v.responsavel_id, parentesco_id: PARENTESCO_RESPONSAVEL },
      ...v.membros.map((m) => ({ municipe_id: m.municipe_id, parentesco_id: m.parentesco_id ?? '' })),
    ],
  };
}

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
  ...ROTULOS_CABECALHO,
  numero_prontuario: 'Nº do prontuário familiar',
  reside_desde: 'Reside desde',
  responsavel_id: 'Responsável familiar',
  renda_familiar_id: 'Renda familiar',
  mudou: 'Mudou-se',
  membros: 'Membros',
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
