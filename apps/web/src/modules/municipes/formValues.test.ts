// The citizen form moved to the codec (issue 40) with the same API body for the same typing: a new citizen, blank or
// filled; phones added and removed; an edit; a deceased citizen. The snapshot holds the bodies the code before the
// codec sent (compared with it in the commit that recorded them).
import { describe, expect, it } from 'vitest';
import type { Municipe } from '@saude/shared/schemas/municipe';
import {
  formParaApi,
  municipeFormSchema,
  municipeParaForm,
  novoMunicipe,
  ROTULOS,
  type MunicipeFormValues,
} from './formValues';

const UNIDADE = '0190a6d2-1c1e-7000-8000-0000000000a1';
const MUNICIPE = '0190a6d2-1c1e-7000-8000-0000000000b1';
const PRONTUARIO = '0190a6d2-1c1e-7000-8000-0000000000c1';

/** What goes over the wire (JSON leaves undefined out), or the messages when the form does not save. */
function corpo(values: unknown) {
  const r = municipeFormSchema.safeParse(values);
  if (!r.success) return r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).sort();
  return JSON.parse(JSON.stringify(formParaApi(r.data))) as unknown;
}
/** The body (or messages) is the old code's, recorded in the snapshot. */
const comoAntes = (values: unknown) => {
  const c = corpo(values);
  expect(c).toMatchSnapshot();
  return c;
};

type Edicao = Partial<MunicipeFormValues>;
const maria: Edicao = {
  nome: 'Maria da Silva',
  data_nascimento: '1980-05-10',
  sexo_id: 1,
  cpf_numero: '52998224725',
  codigo_cns: '700000000000005',
  telefones: { residencial: null, celular: '61991837465', contato: null },
};
const completo: Edicao = {
  ...maria,
  codigo_cns: '898001160660761',
  nome_social: '  Mari ',
  raca_cor_id: 1,
  nome_mae: 'Ana da Silva',
  pai_desconhecido: true,
  email: 'maria@example.com',
  residencia_cep: '01310100',
  residencia_uf: 'sp',
  residencia_municipio_ibge: '3550308',
  residencia_municipio_nome: 'SÃO PAULO - SP',
  residencia_logradouro: 'Avenida Paulista',
  residencia_numero: '1000',
  residencia_bairro: 'Bela Vista',
  titulo_eleitor: '1234 5678 9012',
  rg_numero: '12.345.678-9',
  prontuarios: [{ numero: 'A-1', unidade_saude_id: UNIDADE }],
  doador_sangue: true,
};

describe('the citizen body, before and after the codec', () => {
  const novo = (e: Edicao) => ({ ...novoMunicipe(UNIDADE), ...e });

  it('a new citizen left blank: the same messages', () => {
    expect(comoAntes(novo({}))).toEqual(expect.arrayContaining(['nome: Não pode ficar em branco']));
  });

  it('a new citizen with the least, and with unanswered fields emptied (null or as typed away)', () => {
    comoAntes(novo(maria));
    const apagados: Edicao = { ...maria, nome_social: null, email: null, residencia_cep: null, nome_mae: '' };
    expect(comoAntes(novo(apagados))).toEqual({
      nome: 'Maria da Silva',
      data_nascimento: '1980-05-10',
      sexo_id: 1,
      cpf_numero: '52998224725',
      codigo_cns: '700000000000005',
      telefones: { celular: '61991837465' },
      unidade_saude_referencia_id: UNIDADE,
      nacionalidade_id: 1,
      mae_desconhecida: false,
      pai_desconhecido: false,
      fora_area: false,
      doador_sangue: false,
      prontuarios: [],
    });
  });

  it('a new citizen with everything, phones added and removed', () => {
    comoAntes(novo(completo));
    const telefones = { residencial: '6135467821', celular: null, contato: '61984736251' };
    comoAntes(novo({ ...completo, telefones }));
    const semTelefone = { residencial: null, celular: null, contato: null };
    expect(comoAntes(novo({ ...maria, telefones: semTelefone }))).toEqual([
      'telefones.residencial: Não pode ficar em branco',
    ]);
  });

  const registro = {
    ...Object.fromEntries(
      Object.keys(ROTULOS)
        .filter((k) => !k.includes('.'))
        .map((k) => [k, null]),
    ),
    id: MUNICIPE,
    lock_version: 3,
    nome: 'José Souza',
    data_nascimento: '1950-01-02',
    sexo_id: 0,
    codigo_cns: '898001160660761',
    mae_desconhecida: true,
    pai_desconhecido: false,
    fora_area: false,
    doador_sangue: false,
    nacionalidade_id: 1,
    municipio_nascimento_ibge: '3550308',
    municipio_nascimento_nome: 'SÃO PAULO - SP',
    residencia_municipio_nome: null,
    telefones: { residencial: '6135467821', celular: null, contato: null },
    prontuarios: [
      {
        id: PRONTUARIO,
        numero: '77',
        unidade_saude_id: UNIDADE,
        unidade_nome: 'UBS Centro',
        inativacao_motivo_id: null,
        inativacao_justificativa: null,
        inativado_em: null,
      },
    ],
    idade: 76,
    unidade_referencia_nome: null,
    equipe_nome: null,
    profissional_nome: null,
  } as unknown as Municipe;

  it('an edit: the record as read, then phones changed', () => {
    expect(municipeParaForm(registro)).toMatchSnapshot();
    comoAntes(municipeParaForm(registro));
    const telefones = { residencial: null, celular: '61991837465', contato: null };
    comoAntes({ ...municipeParaForm(registro), telefones });
  });

  it('a deceased citizen: the exit by death with its date and declaration', () => {
    const obito: Edicao = { motivo_saida_cadastro_id: 135, data_obito: '2026-11-01', numero_do: '123.456' };
    const corpoObito = comoAntes({ ...municipeParaForm(registro), ...obito });
    expect(corpoObito).toMatchObject({ motivo_saida_cadastro_id: 135, data_obito: '2026-11-01', numero_do: '123456' });
    const semData = { ...obito, data_obito: null };
    expect(comoAntes({ ...municipeParaForm(registro), ...semData })).toEqual(['data_obito: Não pode ficar em branco']);
  });

  it('labels: the old ones, now from the shared schema', () => {
    expect(ROTULOS).toMatchSnapshot();
  });
});
