import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import {
  cadastroIndividualFiltersSchema,
  cadastroIndividualInputSchema,
  cadastroIndividualUpdateSchema,
  normalizarCadastroIndividual,
  saidaCadastroSchema,
} from './cadastro_individual';
import { errors } from './test-errors';

const CPF = '529.982.247-25';
const CNS = '123 4567 8901 0000';
const MUNICIPE = '0190a0b0-0000-7000-8000-000000000001';
const base = { municipe_id: MUNICIPE, cpf_numero: CPF, codigo_cns: CNS, nacionalidade_id: 1, micro_area: '01' };

describe('cadastroIndividualInputSchema', () => {
  it('accepts a minimal registration and normalizes documents; unanswered questions stay unanswered (issue 12)', () => {
    const v = cadastroIndividualInputSchema.parse({ ...base, possui_deficiencia: null });
    expect(v).toMatchObject({
      cpf_numero: '52998224725',
      codigo_cns: '123456789010000',
      termo_recusa: false,
      fora_area: false,
      deficiencias: [],
    });
    expect(v.alimentos_acabaram_sem_dinheiro).toBeUndefined();
    expect(v.comeu_alguns_alimentos_sem_dinheiro).toBeUndefined();
    expect(v.possui_deficiencia).toBeUndefined();
    expect(v.informa_orientacao_sexual).toBeUndefined();
    expect(cadastroIndividualInputSchema.parse({ ...base, possui_deficiencia: false }).possui_deficiencia).toBe(false);
  });

  it('CNS required when CPF absent and CPF required when CNS absent, word for word', () => {
    expect(errors(cadastroIndividualInputSchema, { ...base, cpf_numero: '', codigo_cns: null })).toEqual({
      codigo_cns: ['é obrigatório, devido à ausência de preenchimento do campo de CPF'],
      cpf_numero: ['é obrigatório, devido à ausência de preenchimento do campo de CNS'],
    });
    expect(errors(cadastroIndividualInputSchema, { ...base, cpf_numero: '' })).toEqual({});
    expect(errors(cadastroIndividualInputSchema, { ...base, codigo_cns: '' })).toEqual({});
  });

  it("a foreigner's country of birth 'não pode ser Brasil', also with a refusal", () => {
    expect(
      errors(cadastroIndividualInputSchema, {
        ...base,
        nacionalidade_id: 3,
        pais_nascimento_id: 31,
        data_entrada_brasil: '2001-01-01',
      }),
    ).toEqual({ pais_nascimento_id: ['não pode ser Brasil'] });
    expect(
      errors(cadastroIndividualInputSchema, {
        municipe_id: MUNICIPE,
        termo_recusa: true,
        micro_area: '01',
        nacionalidade_id: 3,
        pais_nascimento_id: 31,
      }),
    ).toEqual({ pais_nascimento_id: [msg.paisNaoPodeSerBrasil] });
  });

  it('a refusal relaxes documents, nationality and details; the micro-area stays unless outside the area', () => {
    expect(
      errors(cadastroIndividualInputSchema, { municipe_id: MUNICIPE, termo_recusa: true, micro_area: '01' }),
    ).toEqual({});
    expect(errors(cadastroIndividualInputSchema, { municipe_id: MUNICIPE, termo_recusa: true })).toEqual({
      micro_area: [msg.obrigatorio],
    });
    expect(
      errors(cadastroIndividualInputSchema, { municipe_id: MUNICIPE, termo_recusa: true, fora_area: true }),
    ).toEqual({});
    expect(errors(cadastroIndividualInputSchema, { municipe_id: MUNICIPE })).toMatchObject({
      codigo_cns: [msg.cnsObrigatorioSemCpf],
      cpf_numero: [msg.cpfObrigatorioSemCns],
      nacionalidade_id: [msg.obrigatorio],
      micro_area: [msg.obrigatorio],
    });
  });

  it('asks the details of yes answers and of naturalized citizens; refuses a CBO outside the form and a future date', () => {
    expect(
      errors(cadastroIndividualInputSchema, {
        ...base,
        nacionalidade_id: 2,
        possui_deficiencia: true,
        informa_orientacao_sexual: true,
      }),
    ).toEqual({
      data_naturalizacao: [msg.obrigatorio],
      portaria_naturalizacao: [msg.obrigatorio],
      deficiencias: [msg.obrigatorio],
      orientacao_sexual_id: [msg.obrigatorio],
    });
    const amanha = new Date(Date.now() + 86_400_000).toISOString();
    const e = errors(cadastroIndividualInputSchema, { ...base, ocupacao_id: '715505', data_cadastro: amanha });
    expect(e.ocupacao_id).toEqual([msg.naoEValido]);
    expect(e.data_cadastro).toHaveLength(1);
    expect(
      errors(cadastroIndividualInputSchema, {
        ...base,
        ocupacao_id: '515105',
        data_cadastro: '2025-01-02T10:00:00-03:00',
      }),
    ).toEqual({});
    expect(
      cadastroIndividualInputSchema.parse({ ...base, data_cadastro: '2025-01-02T10:00:00-03:00' }).data_cadastro,
    ).toBe('2025-01-02T13:00:00.000Z');
    expect(errors(cadastroIndividualInputSchema, { ...base, municipe_id: '' })).toEqual({
      municipe_id: [msg.obrigatorio],
    });
  });

  it('PUT requires lock_version', () => {
    expect(errors(cadastroIndividualUpdateSchema, base)).toEqual({ lock_version: [msg.obrigatorio] });
  });

  it('normalizes answers that do not apply', () => {
    const v = normalizarCadastroIndividual(
      cadastroIndividualInputSchema.parse({
        ...base,
        fora_area: true,
        data_entrada_brasil: '2000-01-01',
        deficiencias: [12],
        orientacao_sexual_id: 148,
      }),
    );
    expect(v).toMatchObject({
      micro_area: undefined,
      pais_nascimento_id: 31,
      data_entrada_brasil: undefined,
      deficiencias: [],
      orientacao_sexual_id: undefined,
    });
  });
});

describe('saidaCadastroSchema', () => {
  it('death requires data_obito and numero_do', () => {
    expect(errors(saidaCadastroSchema, { motivo_saida_cadastro_id: 135 })).toEqual({
      data_obito: [msg.obrigatorio],
      numero_do: [msg.obrigatorio],
    });
    expect(errors(saidaCadastroSchema, { motivo_saida_cadastro_id: 135, data_obito: '2024-01-01' })).toEqual({
      numero_do: [msg.obrigatorio],
    });
    expect(errors(saidaCadastroSchema, { motivo_saida_cadastro_id: '136' })).toEqual({});
    expect(errors(saidaCadastroSchema, {})).toEqual({ motivo_saida_cadastro_id: [msg.obrigatorio] });
    expect(errors(saidaCadastroSchema, { motivo_saida_cadastro_id: 1 })).toEqual({
      motivo_saida_cadastro_id: [msg.naoEValido],
    });
  });

  it('refuses a death date after today', () => {
    const depois = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(
      errors(saidaCadastroSchema, { motivo_saida_cadastro_id: 135, data_obito: depois, numero_do: '1' }).data_obito,
    ).toHaveLength(1);
  });
});

describe('cadastroIndividualFiltersSchema', () => {
  it('defaults to the active list and cleans CPF/CNS masks', () => {
    expect(cadastroIndividualFiltersSchema.parse({ q: '529.982' })).toMatchObject({
      situacao: 'ativo',
      q: '529982',
      page: 1,
      per_page: 10,
    });
    expect(
      errors(cadastroIndividualFiltersSchema, { situacao: 'x', data_cadastro_inicio: '31/01/2025' }),
    ).toMatchObject({
      situacao: [msg.naoEValido],
      data_cadastro_inicio: [msg.dateFormat],
    });
  });
});
