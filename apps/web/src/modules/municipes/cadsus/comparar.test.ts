import { describe, expect, it } from 'vitest';
import { cadsusCamposSchema, type CadsusCampos } from '@saude/shared/schemas/municipe_cadsus';
import { compararComCadsus } from './comparar';

// Issue 43: the registry beside an existing record, field by field.

const nada = (over: Partial<CadsusCampos>): CadsusCampos =>
  ({ ...Object.fromEntries(Object.keys(cadsusCamposSchema.shape).map((k) => [k, null])), ...over }) as CadsusCampos;

describe('compararComCadsus', () => {
  const nosso: Record<string, unknown> = {
    nome: 'Maria das Dores',
    nome_mae: null,
    sexo_id: '1',
    cpf_numero: '529.982.247-25',
    'telefones.celular': '61991837465',
    residencia_municipio_ibge: '5300108',
    residencia_municipio_nome: 'BRASÍLIA',
    data_nascimento: '1984-03-09',
  };
  const linhas = compararComCadsus(
    nada({
      nome: 'MARIA  DAS DORES',
      nome_mae: 'JOANA',
      sexo_id: 1,
      cpf_numero: '52998224725',
      telefone_celular: '61988887777',
      residencia_municipio_ibge: '3304557',
      residencia_municipio_nome: 'RIO DE JANEIRO',
      data_nascimento: '1984-03-10',
    }),
    (c) => nosso[c],
  );
  const linha = (campo: string) => linhas.find((l) => l.campo === campo)!;

  it('sees no difference in case, spacing, masks or a code typed as text', () => {
    for (const campo of ['nome', 'sexo_id', 'cpf_numero']) expect(linha(campo).igual, campo).toBe(true);
  });

  it('shows both values as the screen reads them, and what taking a row sets with it', () => {
    expect(linha('nome_mae')).toMatchObject({
      igual: false,
      nosso: 'Não informado',
      cadsus: 'JOANA',
      caminhos: ['nome_mae', 'mae_desconhecida'],
    });
    expect(linha('telefones.celular')).toMatchObject({ nosso: '(61) 99183-7465', cadsus: '(61) 98888-7777' });
    expect(linha('residencia_municipio_ibge')).toMatchObject({
      igual: false,
      nosso: 'BRASÍLIA',
      cadsus: 'RIO DE JANEIRO',
      caminhos: ['residencia_municipio_ibge', 'residencia_municipio_nome'],
    });
    expect(linha('data_nascimento')).toMatchObject({ nosso: '09/03/1984', cadsus: '10/03/1984', igual: false });
    expect(linha('sexo_id').cadsus).toBe('Feminino');
    // The city's name is never a row of its own.
    expect(linhas.some((l) => l.campo === 'residencia_municipio_nome')).toBe(false);
  });
});

describe('compararComCadsus: the registry says the person died (issue 43, DeceasedInd/DeceasedTimeHandler)', () => {
  it('shows the exit "Óbito" and its date beside a record that has the person alive, for the user to take', () => {
    const linhas = compararComCadsus(
      nada({
        nome: 'PESSOA',
        motivo_saida_cadastro_id: 135,
        data_obito: '2024-01-05',
        raca_cor_id: 5,
        etnia_id: 265,
        certidao_tipo: 'casamento',
        certidao_data_emissao: '1990-01-01',
      }),
      (c) => ({ nome: 'Pessoa' })[c],
    );
    const linha = (campo: string) => linhas.find((l) => l.campo === campo);
    expect(linha('motivo_saida_cadastro_id')).toMatchObject({ nosso: 'Não informado', cadsus: 'Óbito', igual: false });
    expect(linha('data_obito')).toMatchObject({ nosso: 'Não informado', cadsus: '05/01/2024', igual: false });
    expect(linha('etnia_id')?.cadsus).toBe('AHANENAWA');
    expect([linha('certidao_tipo')?.cadsus, linha('certidao_data_emissao')?.cadsus]).toEqual([
      'Casamento',
      '01/01/1990',
    ]);
  });
});
