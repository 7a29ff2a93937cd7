import { z } from 'zod';
import { acessoHigiene } from '../codes/acesso_higiene';
import { consideracaoPeso } from '../codes/consideracao_peso';
import { cursoMaisElevado } from '../codes/curso_mais_elevado';
import { deficienciaCidadao } from '../codes/deficiencia_cidadao';
import { doencaCardiaca } from '../codes/doenca_cardiaca';
import { doencaRespiratoria } from '../codes/doenca_respiratoria';
import { identidadeGenero } from '../codes/identidade_genero';
import { orientacaoSexual } from '../codes/orientacao_sexual';
import { origemAlimentacao } from '../codes/origem_alimentacao';
import { povoComunidadeTradicional } from '../codes/povo_comunidade_tradicional';
import { problemaRins } from '../codes/problema_rins';
import { quantasVezesAlimentacao } from '../codes/quantas_vezes_alimentacao';
import { responsavelCrianca } from '../codes/responsavel_crianca';
import { situacaoMercadoTrabalho } from '../codes/situacao_mercado_trabalho';
import { tempoSituacaoRua } from '../codes/tempo_situacao_rua';
import { msg } from '../messages';
import { optionalText, zRequired } from '../validation/zod';
import { codigo, codigos, lockVersion, opt, simNao } from './comum';
import type { Issue, Loose } from './comum';
import { nullableNumber as n, nullableString as s } from './resposta';

// The two blocks of a citizen with their own permissions (spec §3, §6): the e-SUS individual form's sociodemographic
// information and health conditions. Each is stored as one JSON document (docs/decisions.md). Re-exported by
// municipe.ts.

/**
 * What a block's form sends: its answers, the lock_version read (null before the first save) and the rules that
 * relate answers, which run even when a field already failed (Zod skips refinements after an aborting issue).
 */
function blocoInput<S extends z.ZodRawShape>(fields: z.ZodObject<S>, issues: (v: Loose) => Issue[]) {
  return fields.extend({ lock_version: lockVersion().nullish() }).superRefine(
    (v, ctx) => {
      for (const i of issues(v as Loose))
        ctx.addIssue({ code: 'custom', path: i.path, message: i.message, input: undefined });
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value) },
  );
}

// ---- sociodemographic block (e-SUS individual form, "Informações sociodemográficas") ----------------

export const sociodemograficaFieldsSchema = z.object({
  povo_comunidade_tradicional: simNao(),
  povo_comunidade_tradicional_id: codigo(povoComunidadeTradicional),
  curso_mais_elevado_id: codigo(cursoMaisElevado),
  frequenta_escola: simNao(),
  situacao_mercado_trabalho_id: codigo(situacaoMercadoTrabalho),
  /** The citizen's own occupation (CBO 2002), checked by the API. */
  ocupacao_id: opt(zRequired().regex(/^[0-9A-Z]{6}$/, { error: msg.naoEValido })),
  participa_grupo_comunitario: simNao(),
  plano_saude_privado: simNao(),
  frequenta_cuidador_tradicional: simNao(),
  possui_deficiencia: simNao(),
  deficiencias: codigos(deficienciaCidadao),
  informa_orientacao_sexual: simNao(),
  orientacao_sexual_id: codigo(orientacaoSexual),
  informa_identidade_genero: simNao(),
  identidade_genero_id: codigo(identidadeGenero),
  responsavel_familiar: simNao(),
  /** Only for children aged 0 to 9 (spec §5); the API checks the age. */
  responsaveis_criancas: codigos(responsavelCrianca),
});

/**
 * "Yes" to a question makes its detail required: [question, detail] pairs. "No" clears the detail (done by the
 * sociodemografica/condicaoSaude normalizers), so it is never asked then.
 */
const detalhesObrigatorios =
  (pares: ReadonlyArray<readonly [string, string]>) =>
  (v: Loose): Issue[] =>
    pares
      .filter(([pergunta, detalhe]) => {
        const d = v[detalhe];
        return v[pergunta] === true && (d == null || d === '' || (Array.isArray(d) && d.length === 0));
      })
      // Spec §5's other required text: a detail the answer "Sim" asks for (docs/decisions.md, issue 39).
      .map(([, detalhe]) => ({ path: [detalhe], message: msg.naoDeveFicarEmBranco }));

const sociodemograficaIssues = detalhesObrigatorios([
  ['povo_comunidade_tradicional', 'povo_comunidade_tradicional_id'],
  ['possui_deficiencia', 'deficiencias'],
  ['informa_orientacao_sexual', 'orientacao_sexual_id'],
  ['informa_identidade_genero', 'identidade_genero_id'],
]);

/** Clears the details of questions answered "no", so the stored answer never contradicts itself. */
export function normalizarSociodemografica<T extends z.output<typeof sociodemograficaFieldsSchema>>(v: T): T {
  return {
    ...v,
    povo_comunidade_tradicional_id: v.povo_comunidade_tradicional ? v.povo_comunidade_tradicional_id : undefined,
    deficiencias: v.possui_deficiencia ? v.deficiencias : [],
    orientacao_sexual_id: v.informa_orientacao_sexual ? v.orientacao_sexual_id : undefined,
    identidade_genero_id: v.informa_identidade_genero ? v.identidade_genero_id : undefined,
  };
}

export const sociodemograficaInputSchema = blocoInput(sociodemograficaFieldsSchema, sociodemograficaIssues);
export type SociodemograficaInput = z.input<typeof sociodemograficaInputSchema>;
export type SociodemograficaValues = z.output<typeof sociodemograficaFieldsSchema>;

const blocoMeta = {
  municipe_id: z.uuid(),
  /** null until the block is saved for the first time (then PUT creates it and needs the create permission). */
  lock_version: z.int().nullable(),
  updated_at: s(),
};

export const sociodemograficaSchema = z.object({
  ...blocoMeta,
  povo_comunidade_tradicional: z.boolean(),
  povo_comunidade_tradicional_id: n(),
  curso_mais_elevado_id: n(),
  frequenta_escola: z.boolean(),
  situacao_mercado_trabalho_id: n(),
  ocupacao_id: s(),
  participa_grupo_comunitario: z.boolean(),
  plano_saude_privado: z.boolean(),
  frequenta_cuidador_tradicional: z.boolean(),
  possui_deficiencia: z.boolean(),
  deficiencias: z.array(z.number()),
  informa_orientacao_sexual: z.boolean(),
  orientacao_sexual_id: n(),
  informa_identidade_genero: z.boolean(),
  identidade_genero_id: n(),
  responsavel_familiar: z.boolean(),
  responsaveis_criancas: z.array(z.number()),
});
export type Sociodemografica = z.infer<typeof sociodemograficaSchema>;

// ---- health conditions block (e-SUS individual form, "Condições/situações de saúde" and "Situação de rua") --------

export const condicaoSaudeFieldsSchema = z.object({
  gestante: simNao(),
  maternidade_referencia: optionalText({ max: 100 }),
  consideracao_peso_id: codigo(consideracaoPeso),
  fumante: simNao(),
  alcool: simNao(),
  outras_drogas: simNao(),
  hipertensao: simNao(),
  diabetes: simNao(),
  avc: simNao(),
  infarto: simNao(),
  doenca_cardiaca: simNao(),
  doencas_cardiacas: codigos(doencaCardiaca),
  doenca_rins: simNao(),
  doencas_rins: codigos(problemaRins),
  doenca_respiratoria: simNao(),
  doencas_respiratorias: codigos(doencaRespiratoria),
  hanseniase: simNao(),
  tuberculose: simNao(),
  cancer: simNao(),
  /** Hospitalised in the last 12 months (spec §5 look-back). */
  internacao_12_meses: simNao(),
  internacao_causa: optionalText({ max: 100 }),
  saude_mental: simNao(),
  acamado: simNao(),
  domiciliado: simNao(),
  plantas_medicinais: simNao(),
  plantas_medicinais_quais: optionalText({ max: 100 }),
  praticas_integrativas: simNao(),
  outras_condicoes: z
    .array(optionalText({ max: 100 }), { error: msg.naoEValido })
    .max(3, { error: msg.naoEValido })
    .nullish()
    .transform((v) => (v ?? []).filter((x): x is string => !!x)),
  // street situation
  situacao_rua: simNao(),
  tempo_situacao_rua_id: codigo(tempoSituacaoRua),
  recebe_beneficio: simNao(),
  referencia_familiar: simNao(),
  visita_familiar: simNao(),
  grau_parentesco_familiar: optionalText({ max: 100 }),
  acompanhado_outra_instituicao: simNao(),
  outra_instituicao: optionalText({ max: 100 }),
  quantas_vezes_alimentacao_id: codigo(quantasVezesAlimentacao),
  origem_alimentacao: codigos(origemAlimentacao),
  acesso_higiene: simNao(),
  acesso_higiene_ids: codigos(acessoHigiene),
});

const condicaoSaudeIssues = detalhesObrigatorios([
  ['doenca_cardiaca', 'doencas_cardiacas'],
  ['doenca_rins', 'doencas_rins'],
  ['doenca_respiratoria', 'doencas_respiratorias'],
  ['internacao_12_meses', 'internacao_causa'],
  ['plantas_medicinais', 'plantas_medicinais_quais'],
  ['situacao_rua', 'tempo_situacao_rua_id'],
  ['acompanhado_outra_instituicao', 'outra_instituicao'],
  ['acesso_higiene', 'acesso_higiene_ids'],
]);

export function normalizarCondicaoSaude<T extends z.output<typeof condicaoSaudeFieldsSchema>>(v: T): T {
  const rua = v.situacao_rua;
  return {
    ...v,
    maternidade_referencia: v.gestante ? v.maternidade_referencia : undefined,
    doencas_cardiacas: v.doenca_cardiaca ? v.doencas_cardiacas : [],
    doencas_rins: v.doenca_rins ? v.doencas_rins : [],
    doencas_respiratorias: v.doenca_respiratoria ? v.doencas_respiratorias : [],
    internacao_causa: v.internacao_12_meses ? v.internacao_causa : undefined,
    plantas_medicinais_quais: v.plantas_medicinais ? v.plantas_medicinais_quais : undefined,
    tempo_situacao_rua_id: rua ? v.tempo_situacao_rua_id : undefined,
    recebe_beneficio: rua && v.recebe_beneficio,
    referencia_familiar: rua && v.referencia_familiar,
    visita_familiar: rua && v.visita_familiar,
    grau_parentesco_familiar: rua ? v.grau_parentesco_familiar : undefined,
    acompanhado_outra_instituicao: rua && v.acompanhado_outra_instituicao,
    outra_instituicao: rua && v.acompanhado_outra_instituicao ? v.outra_instituicao : undefined,
    quantas_vezes_alimentacao_id: rua ? v.quantas_vezes_alimentacao_id : undefined,
    origem_alimentacao: rua ? v.origem_alimentacao : [],
    acesso_higiene: rua && v.acesso_higiene,
    acesso_higiene_ids: rua && v.acesso_higiene ? v.acesso_higiene_ids : [],
  };
}

export const condicaoSaudeInputSchema = blocoInput(condicaoSaudeFieldsSchema, condicaoSaudeIssues);
export type CondicaoSaudeInput = z.input<typeof condicaoSaudeInputSchema>;
export type CondicaoSaudeValues = z.output<typeof condicaoSaudeFieldsSchema>;

export const condicaoSaudeSchema = z.object({
  ...blocoMeta,
  gestante: z.boolean(),
  maternidade_referencia: s(),
  consideracao_peso_id: n(),
  fumante: z.boolean(),
  alcool: z.boolean(),
  outras_drogas: z.boolean(),
  hipertensao: z.boolean(),
  diabetes: z.boolean(),
  avc: z.boolean(),
  infarto: z.boolean(),
  doenca_cardiaca: z.boolean(),
  doencas_cardiacas: z.array(z.number()),
  doenca_rins: z.boolean(),
  doencas_rins: z.array(z.number()),
  doenca_respiratoria: z.boolean(),
  doencas_respiratorias: z.array(z.number()),
  hanseniase: z.boolean(),
  tuberculose: z.boolean(),
  cancer: z.boolean(),
  internacao_12_meses: z.boolean(),
  internacao_causa: s(),
  saude_mental: z.boolean(),
  acamado: z.boolean(),
  domiciliado: z.boolean(),
  plantas_medicinais: z.boolean(),
  plantas_medicinais_quais: s(),
  praticas_integrativas: z.boolean(),
  outras_condicoes: z.array(z.string()),
  situacao_rua: z.boolean(),
  tempo_situacao_rua_id: n(),
  recebe_beneficio: z.boolean(),
  referencia_familiar: z.boolean(),
  visita_familiar: z.boolean(),
  grau_parentesco_familiar: s(),
  acompanhado_outra_instituicao: z.boolean(),
  outra_instituicao: s(),
  quantas_vezes_alimentacao_id: n(),
  origem_alimentacao: z.array(z.number()),
  acesso_higiene: z.boolean(),
  acesso_higiene_ids: z.array(z.number()),
});
export type CondicaoSaude = z.infer<typeof condicaoSaudeSchema>;
