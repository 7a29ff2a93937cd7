import { z } from 'zod';
import { isCodigo, type CodeRow } from '../codes/lookup';
import { tipoLogradouro } from '../codes/tipo_logradouro';
import { tipoGlicemiaCapilar } from '../codes/tipo_glicemia_capilar';
import { msg } from '../messages';
import { ufs } from '../ufs';
import { paginationSchema } from './auth';
import { optionalField, optionalText, zCep, zIsoDate, zNumber, zRequired } from '../validation/zod';

// Field helpers shared by the primary-care schemas (households, families, home visits). Same shapes as the ones in
// municipe.ts / cadastro_individual.ts: '' and null become "not answered", codes are the e-SUS `codigo`.

export type Issue = { path: Array<string | number>; message: string };
export type Loose = Record<string, unknown>;

/** optionalField, also optional as an object key of z.input (the form may leave the key out). */
export const opt = <T extends z.ZodType>(schema: T) => optionalField(schema).optional();

/**
 * A code as a form or JSON sends it: a number, or its digits as text ('12'). Nothing else is read as a code — not
 * `z.coerce.number`, which turned null, false and [] into 0 and true into 1, all valid codes of some table (issue 12:
 * a sex left blank was saved as 0, Masculino).
 */
const codigoDe = <T extends CodeRow>(table: readonly T[], error: (iss: { input?: unknown }) => string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error }).refine((v) => isCodigo(table, v), { error: msg.naoEValido }),
  );

/** An optional code of `table`: '', null → undefined (not answered); '12' or 12 → 12; anything else 'não é válido'. */
export function codigo<T extends CodeRow>(table: readonly T[]) {
  return opt(codigoDe(table, () => msg.naoEValido));
}

/** A required code of `table`: '', null or absent → 'Não pode ficar em branco', never a default; else as `codigo`. */
export function codigoObrigatorio<T extends CodeRow>(table: readonly T[]) {
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  return z.preprocess(
    (v) => (blank(v) ? undefined : v),
    codigoDe(table, (iss) => (iss.input === undefined ? msg.obrigatorio : msg.naoEValido)),
  );
}

/** A list of codes of `table` (checkbox groups); null → []. Unique, each in the table. */
export function codigos<T extends CodeRow>(table: readonly T[]) {
  return z
    .array(
      codigoDe(table, () => msg.naoEValido),
      { error: msg.naoEValido },
    )
    .max(table.length, { error: msg.naoEValido })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);
}

/** Checkboxes (a flag, not a question: outside the area, no number, refusal): null/undefined → false. */
export const simNao = () =>
  z
    .boolean({ error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? false);
/** Yes/no questions: true, false, or not answered (null/undefined → undefined, stored null; never read as "Não"). */
export const simNaoOpcional = () =>
  z
    .boolean({ error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? undefined);
/** A record's "ativo": true unless sent false (a new record starts active). */
export const ativoPorPadrao = () =>
  z
    .boolean({ error: msg.naoEValido })
    .nullish()
    .transform((v) => v ?? true);
/** A yes/no list filter as a query string sends it ('true' / 'false'); absent: both. */
export const filtroSimNao = () =>
  opt(
    z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: msg.naoEValido })
      .transform((v) => v === true || v === 'true'),
  );
/** A list filter's text: trimmed, at most `max` characters; wrap in opt() ('' and null: no filter). */
export const textoFiltro = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg.max(max) });
/**
 * An administration list's query: the page, part of a name (up to `max`), the list's own filters, and active or not
 * (absent: both).
 */
export const filtrosTextoAtivo = <S extends z.ZodRawShape = Record<never, never>>(max: number, outros?: S) =>
  paginationSchema.extend({ texto: optionalText({ max }), ...(outros as S), ativo: filtroSimNao() });
export const optionalUuid = () => opt(z.uuid({ error: msg.naoEValido }));
export const requiredUuid = () =>
  z.uuid({ error: (iss) => (iss.input == null || iss.input === '' ? msg.obrigatorio : msg.naoEValido) });
/** A CBO 2002 code among those allowed to record a form (LEDI Tabela 2); '' and null: not answered. */
export const ocupacaoPermitida = (cbos: readonly string[]) =>
  opt(zRequired().refine((v) => cbos.includes(v), { error: msg.naoEValido }));
/**
 * The e-SUS header of a primary-care registration: unit, professional, team and occupation (one of `cbos`). Absent,
 * the API fills them from the user's assignment (the current unit; only a coordinator names another professional).
 */
export const cabecalhoEsusFields = (cbos: readonly string[]) => ({
  unidade_saude_id: optionalUuid().meta({ label: 'Unidade de saúde' }),
  profissional_id: optionalUuid().meta({ label: 'Profissional' }),
  equipe_id: optionalUuid().meta({ label: 'Equipe' }),
  ocupacao_id: ocupacaoPermitida(cbos).meta({ label: 'Ocupação (CBO)' }),
});
export const microArea = () => opt(zRequired().regex(/^\d{2}$/, { error: msg.naoEValido }));

const siglasUf = ufs.map((u) => u.sigla) as [string, ...string[]];
export const optionalUf = () =>
  opt(
    zRequired()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(siglasUf, { error: msg.naoEValido })),
  );

/** Tolerance for the clock of the browser being a little ahead of the server's ("never in the future"). */
export const TOLERANCIA_RELOGIO_MS = 5 * 60_000;

/** An ISO timestamp with offset, at most now (+ clock tolerance): the form's date and hour. */
export const zDataHora = () =>
  zRequired()
    .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, { error: msg.naoEValido, abort: true })
    .refine((v) => new Date(v).getTime() <= Date.now() + TOLERANCIA_RELOGIO_MS, {
      error: msg.dataFutura,
    })
    .transform((v) => new Date(v).toISOString());

export const optionalDate = () => opt(zIsoDate({ defaultRange: true }));

/** Runs a pure cross-field rule function inside a Zod schema (intersected with the field schema). */
export const rulesOf = (rules: (v: Loose) => Issue[]) =>
  z.unknown().transform((raw, ctx) => {
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      for (const i of rules(raw as Loose))
        ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input: undefined });
    }
    return {};
  });

/** The largest value of the lock_version column (int4): past it the database refuses the comparison (a 500). */
const LOCK_VERSION_MAX = 2_147_483_647;

/**
 * The lock_version a form read, sent back with a PUT: a stale one answers 409 edicao_desatualizada; one outside the
 * column's range 422 'não é válido' on the field. Every versioned body takes it from here.
 */
export const lockVersion = () =>
  z
    .int({ error: msg.obrigatorio })
    .nonnegative({ error: msg.naoEValido })
    .max(LOCK_VERSION_MAX, { error: msg.naoEValido });

/** The POST body of a record: its fields beside the cross-field rules (so both answer at once). */
export const inputBody = <S extends z.ZodRawShape>(fields: z.ZodObject<S>, issues: (v: Loose) => Issue[]) =>
  z.intersection(fields, rulesOf(issues));

/** The PUT body of a record: its fields as read, with the lock_version read, beside the cross-field rules. */
export const updateBody = <S extends z.ZodRawShape>(fields: z.ZodObject<S>, issues: (v: Loose) => Issue[]) =>
  z.intersection(fields.extend({ lock_version: lockVersion() }), rulesOf(issues));

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
export const given = (v: unknown) => v !== undefined && v !== null && v !== '';

// ---- vitals (household registration and home visit) ---------------------------------------------------------
// Physiologic ranges: the e-SUS PEC form's limits, inside the LEDI export limits (docs/decisions.md "Vitals").

export const FAIXAS_SINAIS_VITAIS = {
  temperatura: { min: 20, max: 45, casas: 1, unidade: '°C' },
  glicemia: { min: 20, max: 800, casas: 0, unidade: 'mg/dL' },
  pressao_sistolica: { min: 70, max: 250, casas: 0, unidade: 'mmHg' },
  pressao_diastolica: { min: 40, max: 150, casas: 0, unidade: 'mmHg' },
  peso: { min: 0.5, max: 500, casas: 3, unidade: 'kg' },
  altura: { min: 20, max: 250, casas: 1, unidade: 'cm' },
} as const;
export type SinalVital = keyof typeof FAIXAS_SINAIS_VITAIS;

const faixa = (k: SinalVital) => {
  const f = FAIXAS_SINAIS_VITAIS[k];
  return opt(zNumber({ between: [f.min, f.max], ...(f.casas === 0 ? { integer: true } : { decimals: f.casas }) }));
};

export const sinaisVitaisFields = {
  temperatura: faixa('temperatura').meta({ label: 'Temperatura' }),
  glicemia: faixa('glicemia').meta({ label: 'Glicemia capilar' }),
  momento_coleta_glicemia_id: codigo(tipoGlicemiaCapilar).meta({ label: 'Momento da coleta' }),
  pressao_sistolica: faixa('pressao_sistolica').meta({ label: 'Pressão sistólica' }),
  pressao_diastolica: faixa('pressao_diastolica').meta({ label: 'Pressão diastólica' }),
};

export const SINAIS_VITAIS = [
  'temperatura',
  'glicemia',
  'momento_coleta_glicemia_id',
  'pressao_sistolica',
  'pressao_diastolica',
] as const;

/** Pairs that go together (LEDI): both blood pressures or neither, glucose with its moment; systolic above diastolic. */
export function sinaisVitaisIssues(v: Loose): Issue[] {
  const issues: Issue[] = [];
  const sis = v.pressao_sistolica,
    dia = v.pressao_diastolica;
  if (given(sis) && !given(dia)) issues.push({ path: ['pressao_diastolica'], message: msg.obrigatorio });
  if (given(dia) && !given(sis)) issues.push({ path: ['pressao_sistolica'], message: msg.obrigatorio });
  if (given(sis) && given(dia) && Number(String(sis).replace(',', '.')) <= Number(String(dia).replace(',', '.'))) {
    issues.push({ path: ['pressao_sistolica'], message: msg.maiorQue('a pressão diastólica') });
  }
  if (given(v.glicemia) && !given(v.momento_coleta_glicemia_id))
    issues.push({ path: ['momento_coleta_glicemia_id'], message: msg.obrigatorio });
  if (given(v.momento_coleta_glicemia_id) && !given(v.glicemia))
    issues.push({ path: ['glicemia'], message: msg.obrigatorio });
  return issues;
}

/** A property's address as the household and the visit without a family take it (e-SUS field sizes). */
export const enderecoImovelFields = {
  cep: opt(zCep()).meta({ label: 'CEP' }),
  uf: optionalUf().meta({ label: 'UF' }),
  municipio_ibge: opt(zRequired().regex(/^\d{7}$/, { error: msg.naoEValido })).meta({ label: 'Município' }),
  tipo_logradouro: opt(zRequired().refine((v) => isCodigo(tipoLogradouro, v), { error: msg.naoEValido })).meta({
    label: 'Tipo de logradouro',
  }),
  logradouro: optionalText({ max: 72 }).meta({ label: 'Logradouro' }),
  numero: opt(zRequired({ max: 10 }).regex(/^[\p{L}\d ]+$/u, { error: msg.naoEValido })).meta({ label: 'Número' }),
  sem_numero: simNao().meta({ label: 'Sem número' }),
  complemento: optionalText({ max: 30 }).meta({ label: 'Complemento' }),
  bairro: optionalText({ max: 72 }).meta({ label: 'Bairro' }),
};

/** The property address's field names, in form order. */
export const CAMPOS_ENDERECO_IMOVEL = Object.keys(enderecoImovelFields) as Array<keyof typeof enderecoImovelFields>;

export * from './resposta';
