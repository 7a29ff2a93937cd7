import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { dateRange, isoToBr, latestAdultBirthDate, todayIso } from '../validation/dates';
import {
  condicaoSaudeInputSchema,
  contarFiltrosBuscaAvancada,
  cpfCnsIssues,
  MOTIVO_SAIDA_OBITO,
  iniciaisNome,
  mascararCns,
  mascararCpf,
  municipeBuscaAvancadaSchema,
  municipeCreateSchema,
  municipeFieldsSchema,
  municipeInputSchema,
  municipeSchema,
  normalizarCondicaoSaude,
  sociodemograficaInputSchema,
  municipeUpdateSchema,
} from './municipe';
import { errors } from './test-errors';

// Valid documents (checked by the validators' own tests).
const CPF = '529.982.247-25';
const CNS = '123 4567 8901 0000';
const CNS2 = '700000000000005';

const base = {
  nome: 'João da Conceição',
  data_nascimento: '1980-05-10',
  sexo_id: 0,
  cpf_numero: CPF,
  codigo_cns: CNS,
  telefones: { celular: '(61) 99183-7465' },
};

describe('municipeInputSchema', () => {
  it('accepts a minimal citizen and normalizes masks, blanks and nulls', () => {
    const v = municipeInputSchema.parse({
      ...base,
      nome_social: '  ',
      email: null,
      telefones: { celular: '(61) 99183-7465', residencial: '' },
    });
    expect(v).toMatchObject({
      cpf_numero: '52998224725',
      codigo_cns: '123456789010000',
      nome_social: undefined,
      email: undefined,
      telefones: { celular: '61991837465', residencial: undefined },
      prontuarios: [],
      fora_area: false,
      doador_sangue: false,
    });
  });

  it("refuses invalid CPF, CNS and PIS with 'não é válido'", () => {
    const e = errors(municipeInputSchema, {
      ...base,
      cpf_numero: '111.111.111-11',
      codigo_cns: '123456789012345',
      nis: '123',
    });
    expect(e).toMatchObject({ cpf_numero: [msg.naoEValido], codigo_cns: [msg.naoEValido], nis: [msg.naoEValido] });
  });

  it('requires the provisional card to differ from the CNS, and the CNS from the card', () => {
    const e = errors(municipeInputSchema, { ...base, codigo_cns: CNS2, cartao_provisorio: CNS2 });
    expect(e.cartao_provisorio).toEqual([msg.cartaoProvisorioIgualCns]);
    expect(e.codigo_cns).toEqual([msg.cnsIgualCartaoProvisorio]);
  });

  it('requires the CNS when there is no provisional card, and the CPF when there is neither', () => {
    expect(errors(municipeInputSchema, { ...base, codigo_cns: '' })).toEqual({ codigo_cns: [msg.obrigatorio] });
    expect(errors(municipeInputSchema, { ...base, codigo_cns: null, cpf_numero: null })).toEqual({
      codigo_cns: [msg.obrigatorio],
      cpf_numero: [msg.obrigatorio],
    });
    expect(
      errors(municipeInputSchema, { ...base, codigo_cns: undefined, cpf_numero: undefined, cartao_provisorio: '123' }),
    ).toEqual({});
  });

  it('requires a residential phone when no other phone is given', () => {
    expect(errors(municipeInputSchema, { ...base, telefones: {} })).toEqual({
      'telefones.residencial': [msg.obrigatorio],
    });
    expect(errors(municipeInputSchema, { ...base, telefones: undefined })).toEqual({
      'telefones.residencial': [msg.obrigatorio],
    });
    expect(errors(municipeInputSchema, { ...base, telefones: { contato: '6133445566' } })).toEqual({});
    expect(errors(municipeInputSchema, { ...base, telefones: { residencial: '6133445566' } })).toEqual({});
  });

  it("requires the guardian's name to differ from the citizen's, ignoring case, accents and spaces", () => {
    expect(errors(municipeInputSchema, { ...base, responsavel_nome: 'JOAO  DA CONCEICAO' })).toEqual({
      responsavel_nome: [msg.responsavelIgualMunicipe],
    });
    expect(errors(municipeInputSchema, { ...base, responsavel_nome: 'Maria da Conceição' })).toEqual({});
  });

  it('keeps dates within the default range, and the death date on or after the birth date', () => {
    const { min, max } = dateRange();
    const range = msg.dateBetween(isoToBr(min)!, isoToBr(max)!);
    // A future date says so (issue 39); one too far back gives the range.
    expect(errors(municipeInputSchema, { ...base, data_nascimento: '2999-01-01' })).toEqual({
      data_nascimento: [msg.dataFutura],
    });
    expect(errors(municipeInputSchema, { ...base, data_nascimento: '1800-01-01' })).toEqual({
      data_nascimento: [range],
    });
    expect(errors(municipeInputSchema, { ...base, data_nascimento: '' })).toEqual({
      data_nascimento: [msg.obrigatorio],
    });
    expect(errors(municipeInputSchema, { ...base, data_obito: '1980-05-09' })).toEqual({
      data_obito: [msg.maiorOuIgualQue('10/05/1980')],
    });
    expect(errors(municipeInputSchema, { ...base, data_obito: '1980-05-10' })).toEqual({});
    expect(errors(municipeInputSchema, { ...base, motivo_saida_cadastro_id: 135 })).toEqual({
      data_obito: [msg.obrigatorio],
    });
  });

  it('requires the ethnicity of an indigenous citizen, and a justification to inactivate a record number', () => {
    expect(errors(municipeInputSchema, { ...base, raca_cor_id: 5 })).toEqual({ etnia_id: [msg.obrigatorio] });
    const u = '0190a0b0-0000-7000-8000-000000000000';
    expect(
      errors(municipeInputSchema, {
        ...base,
        prontuarios: [{ numero: '1', unidade_saude_id: u, inativacao_motivo_id: 1 }],
      }),
    ).toEqual({ 'prontuarios.0.inativacao_justificativa': [msg.obrigatorio] });
    expect(
      errors(municipeInputSchema, {
        ...base,
        prontuarios: [
          { numero: '1', unidade_saude_id: u },
          { numero: '1', unidade_saude_id: u },
        ],
      }),
    ).toEqual({ 'prontuarios.1.numero': [msg.prontuarioEmUso] });
  });

  it('reports every problem at once, codes outside their tables included', () => {
    const e = errors(municipeInputSchema, {
      nome: '',
      data_nascimento: 'x',
      sexo_id: 9,
      raca_cor_id: 'abc',
      telefones: {},
      certidao_tipo: 'x',
    });
    expect(Object.keys(e).sort()).toEqual([
      'certidao_tipo',
      'codigo_cns',
      'cpf_numero',
      'data_nascimento',
      'nome',
      'raca_cor_id',
      'sexo_id',
      'telefones.residencial',
    ]);
    expect(e.nome).toEqual([msg.obrigatorio]);
    expect(e.sexo_id).toEqual([msg.naoEValido]);
  });

  it("refuses a sex left blank with 'Não pode ficar em branco', never a default (issue 12: null was saved as 0, Masculino)", () => {
    const { sexo_id: _s, ...semSexo } = base;
    for (const blank of [null, undefined, '', '  ']) {
      expect(errors(municipeInputSchema, { ...base, sexo_id: blank }), String(blank)).toEqual({
        sexo_id: [msg.obrigatorio],
      });
    }
    expect(errors(municipeInputSchema, semSexo)).toEqual({ sexo_id: [msg.obrigatorio] });
    for (const wrong of [false, true, [], [0], {}, 'masculino', 9]) {
      expect(errors(municipeInputSchema, { ...base, sexo_id: wrong }), JSON.stringify(wrong)).toEqual({
        sexo_id: [msg.naoEValido],
      });
    }
    expect(municipeInputSchema.parse({ ...base, sexo_id: 0 }).sexo_id).toBe(0);
    expect(municipeInputSchema.parse({ ...base, sexo_id: '1' }).sexo_id).toBe(1);
  });

  it.each([
    'estado_civil_id',
    'raca_cor_id',
    'nacionalidade_id',
    'pais_nascimento_id',
    'motivo_saida_cadastro_id',
    'parentesco_id',
    'tipo_sanguineo_id',
  ])('leaves %s unanswered when blank and refuses what is not a code, never turning it into one', (campo) => {
    for (const blank of [null, undefined, '']) {
      expect(
        (municipeInputSchema.parse({ ...base, [campo]: blank }) as Record<string, unknown>)[campo],
      ).toBeUndefined();
    }
    for (const wrong of [false, true, [], [1], {}, 'x']) {
      expect(errors(municipeInputSchema, { ...base, [campo]: wrong }), JSON.stringify(wrong)).toMatchObject({
        [campo]: [msg.naoEValido],
      });
    }
  });

  it('refuses a death date after today with the latest date allowed (issue 12: it said the format was wrong)', () => {
    const hoje = todayIso();
    const amanha = new Date(Date.parse(`${hoje}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(errors(municipeInputSchema, { ...base, data_obito: amanha, motivo_saida_cadastro_id: 135 })).toEqual({
      data_obito: [msg.dataFutura],
    });
    expect(errors(municipeInputSchema, { ...base, data_obito: hoje, motivo_saida_cadastro_id: 135 })).toEqual({});
  });

  it("takes a guardian born at most on spec §5's minimum adult birth date (today − 18 years) (issue 39)", () => {
    const limite = latestAdultBirthDate();
    const diaDepois = new Date(Date.parse(`${limite}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(errors(municipeInputSchema, { ...base, responsavel_data_nascimento: limite })).toEqual({});
    expect(errors(municipeInputSchema, { ...base, responsavel_data_nascimento: diaDepois })).toEqual({
      responsavel_data_nascimento: [msg.responsavelMenorDeIdade],
    });
  });

  it('has a create body with confirmar_duplicados and an update body with lock_version', () => {
    expect(municipeCreateSchema.parse(base).confirmar_duplicados).toBe(false);
    expect(errors(municipeUpdateSchema, base)).toEqual({ lock_version: [msg.obrigatorio] });
    expect(municipeUpdateSchema.parse({ ...base, lock_version: 3 }).lock_version).toBe(3);
  });

  it('lists every field of the record in the input (the form edits what the API answers)', () => {
    const display = [
      'id',
      'lock_version',
      'created_at',
      'updated_at',
      'idade',
      'unidade_referencia_nome',
      'equipe_nome',
      'profissional_nome',
      'residencia_municipio_nome',
      'municipio_nascimento_nome',
      // A merged record's pointer (issue 45): set by the merge, never by the form.
      'unificado_em_id',
    ];
    const inputKeys = Object.keys(municipeFieldsSchema.shape);
    for (const k of Object.keys(municipeSchema.shape)) if (!display.includes(k)) expect(inputKeys, k).toContain(k);
  });
});

describe('blocks', () => {
  it('requires the detail of a question answered yes, and clears it when answered no', () => {
    expect(
      errors(condicaoSaudeInputSchema, { doenca_cardiaca: true, internacao_12_meses: true, situacao_rua: true }),
    ).toEqual({
      doencas_cardiacas: [msg.naoDeveFicarEmBranco],
      internacao_causa: [msg.naoDeveFicarEmBranco],
      tempo_situacao_rua_id: [msg.naoDeveFicarEmBranco],
    });
    const v = normalizarCondicaoSaude(
      condicaoSaudeInputSchema.parse({ doenca_cardiaca: false, doencas_cardiacas: [24], origem_alimentacao: [37] }),
    );
    expect(v.doencas_cardiacas).toEqual([]);
    expect(v.origem_alimentacao).toEqual([]);
    expect(errors(sociodemograficaInputSchema, { possui_deficiencia: true })).toEqual({
      deficiencias: [msg.naoDeveFicarEmBranco],
    });
    expect(errors(sociodemograficaInputSchema, { deficiencias: [999] })).toEqual({
      'deficiencias.0': [msg.naoEValido],
    });
  });
});

describe('advanced search', () => {
  it("needs at least two filters: 'Preencha ao menos DOIS filtros para realizar a busca'", () => {
    expect(errors(municipeBuscaAvancadaSchema, { nome: 'maria' })).toEqual({ base: [msg.buscaAvancadaDoisFiltros] });
    expect(errors(municipeBuscaAvancadaSchema, { nome: 'maria', nome_mae: '  ' })).toEqual({
      base: [msg.buscaAvancadaDoisFiltros],
    });
    expect(errors(municipeBuscaAvancadaSchema, { nome: 'maria', data_nascimento: '10/05/1980' })).toEqual({});
    expect(municipeBuscaAvancadaSchema.parse({ nome: 'maria', data_nascimento: '10/05/1980' }).data_nascimento).toBe(
      '1980-05-10',
    );
    expect(contarFiltrosBuscaAvancada({ nome: 'a', micro_area: '01', cpf_numero: '' })).toBe(2);
  });
});

describe('masking', () => {
  it('masks documents and reduces names to initials', () => {
    expect(mascararCpf('52998224725')).toBe('***.982.247-**');
    expect(mascararCns('898001160360000')).toBe('*** **** **** 0000');
    expect(iniciaisNome('Maria da Conceição souza')).toBe('M. C. S.');
  });
});

// Issue 39: the unit flag cpf_cns, the same rule on the form and in the API.
describe('cpfCnsIssues', () => {
  const hoje = '2026-11-28';
  const provisorio = { cartao_provisorio: '898001160580009', data_nascimento: '1980-01-01' };
  const recusa = [
    { path: ['cpf_numero'], message: msg.cpfObrigatorioSemCns },
    { path: ['codigo_cns'], message: msg.cnsObrigatorioSemCpf },
  ];

  it('refuses the provisional card alone, on both fields', () => {
    expect(cpfCnsIssues(provisorio, hoje)).toEqual(recusa);
  });

  it('takes a CPF or a CNS; leaves an empty record to the general rule (no second message)', () => {
    expect(cpfCnsIssues({ ...provisorio, cpf_numero: '12345678909' }, hoje)).toEqual([]);
    expect(cpfCnsIssues({ ...provisorio, codigo_cns: '898001160580009' }, hoje)).toEqual([]);
    expect(cpfCnsIssues({ data_nascimento: '1980-01-01' }, hoje)).toEqual([]);
  });

  it('exempts a deceased citizen and a baby in its first month, not an older baby', () => {
    expect(cpfCnsIssues({ ...provisorio, motivo_saida_cadastro_id: MOTIVO_SAIDA_OBITO }, hoje)).toEqual([]);
    expect(cpfCnsIssues({ ...provisorio, data_obito: '2026-11-01' }, hoje)).toEqual([]);
    expect(cpfCnsIssues({ ...provisorio, data_nascimento: '2026-11-01' }, hoje)).toEqual([]);
    expect(cpfCnsIssues({ ...provisorio, data_nascimento: '2026-09-20' }, hoje)).toEqual(recusa);
  });
});
