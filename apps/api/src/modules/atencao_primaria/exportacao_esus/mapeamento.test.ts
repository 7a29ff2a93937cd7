import { describe, expect, it } from 'vitest';
import { fichaXml, type Ficha } from './mapeamento';
import { CNES, fichaDomiciliar, fichaIndividual, fichaVisita, instalacao } from './test-data';
import { escapar } from './xml';
import { validarXsd } from './xsd';

// Every produced file is checked against the official XSDs kept in xsd/ (the record inside the envelope too).
async function valido(item: Ficha): Promise<string> {
  const xml = fichaXml(item, instalacao);
  const r = await validarXsd([{ fileName: 'ficha.esus.xml', contents: xml }]);
  expect(r.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(r.valid).toBe(true);
  return xml;
}

const tag = (xml: string, nome: string) =>
  [...xml.matchAll(new RegExp(`<${nome}>([^<]*)</${nome}>`, 'g'))].map((m) => m[1]);

describe('LEDI mapping: cadastro individual', () => {
  it('maps every block and is valid against the XSD', async () => {
    const xml = await valido({ tipo: 'individual', ficha: fichaIndividual() });
    expect(xml).toContain('<tipoDadoSerializado>2</tipoDadoSerializado>');
    expect(tag(xml, 'uuid')).toEqual([`${CNES}-0193c3a0-0000-7000-8000-000000000001`]);
    expect(tag(xml, 'uuidFichaOriginadora')).toEqual(tag(xml, 'uuid'));
    expect(tag(xml, 'fichaAtualizada')).toEqual(['false']);
    expect(tag(xml, 'dataNascimentoCidadao')).toEqual(['662742000000']);
    expect(tag(xml, 'cnsResponsavelFamiliar')).toEqual(['700609923387762']);
    expect(tag(xml, 'doencaCardiaca')).toEqual(['26']);
    expect(tag(xml, 'origemAlimentoSituacaoRua')).toEqual(['37', '40']);
    expect(tag(xml, 'maternidadeDeReferencia')).toEqual(['Maternidade &lt;Central&gt; &amp; Cia']);
    expect(tag(xml, 'profissionalCNS')).toEqual(['700609923387762']);
    expect(tag(xml, 'ine')).toEqual(['0000471828']);
    expect(tag(xml, 'codigoIbgeMunicipio')).toEqual(['5300108']);
    expect(xml).not.toContain('saidaCidadaoCadastro');
    expect(xml).not.toContain('informacoesSocioEconomicas');
  });

  it('a refusal (termo_recusa) sends the identification only, flagged as the layout asks', async () => {
    const xml = await valido({ tipo: 'individual', ficha: fichaIndividual({ termoRecusa: true }) });
    expect(tag(xml, 'statusTermoRecusaCadastroIndividualAtencaoBasica')).toEqual(['true']);
    expect(xml).not.toContain('condicoesDeSaude');
    expect(xml).not.toContain('informacoesSocioDemograficas');
    expect(tag(xml, 'nomeCidadao')).toEqual(['MARIA DAS DORES']);
  });

  it('an exit from the register is saidaCidadaoCadastro with reason, death date and DO', async () => {
    const saida = { motivo: 135, dataObito: 1700000000000, numeroDo: '123456789' };
    const xml = await valido({ tipo: 'individual', ficha: fichaIndividual({ saida }) });
    expect(xml).toContain(
      '<saidaCidadaoCadastro><motivoSaidaCidadao>135</motivoSaidaCidadao><dataObito>1700000000000</dataObito><numeroDO>123456789</numeroDO></saidaCidadaoCadastro>',
    );
  });

  it('an edited registration carries a new uuid and the first one as uuidFichaOriginadora', async () => {
    const primeiro = `${CNES}-0193c3a0-0000-7000-8000-000000000001`;
    const novo = `${CNES}-0193c3a0-0000-7000-8000-0000000000aa`;
    const xml = await valido({
      tipo: 'individual',
      ficha: fichaIndividual({ uuidFicha: novo, uuidFichaOriginadora: primeiro }),
    });
    expect(tag(xml, 'uuid')).toEqual([novo]);
    expect(tag(xml, 'uuidDadoSerializado')).toEqual([novo]);
    expect(tag(xml, 'uuidFichaOriginadora')).toEqual([primeiro]);
    expect(tag(xml, 'fichaAtualizada')).toEqual(['true']);
  });

  it('a NUL byte or another control character in a name never reaches the file', async () => {
    const f = fichaIndividual();
    const xml = await valido({
      tipo: 'individual',
      ficha: { ...f, municipe: { ...f.municipe, nome: 'ANA\u0000\u0007 SOUSA' } },
    });
    expect(tag(xml, 'nomeCidadao')).toEqual(['ANA SOUSA']);
    expect(escapar('a"b\'c')).toBe('a&quot;b&apos;c');
  });

  it('the unanswered blocks are absent, not empty', async () => {
    const xml = await valido({
      tipo: 'individual',
      ficha: fichaIndividual({ sociodemografica: null, condicaoSaude: null, responsavel: null, ehResponsavel: true }),
    });
    expect(xml).not.toMatch(/condicoesDeSaude|emSituacaoDeRua|informacoesSocioDemograficas|ResponsavelFamiliar/);
    expect(tag(xml, 'statusEhResponsavel')).toEqual(['true']);
  });
});

describe('LEDI mapping: cadastro domiciliar', () => {
  it('maps a home with its living conditions and families', async () => {
    const xml = await valido({ tipo: 'domiciliar', ficha: fichaDomiciliar() });
    expect(xml).toContain('<tipoDadoSerializado>3</tipoDadoSerializado>');
    expect(tag(xml, 'animaisNoDomicilio')).toEqual(['128', '129']);
    expect(tag(xml, 'numeroDneUf')).toEqual(['07']);
    expect(tag(xml, 'numeroMembrosFamilia')).toEqual(['3']);
    expect(tag(xml, 'quantosAnimaisNoDomicilio')).toEqual(['3']);
    expect(xml).not.toContain('instituicaoPermanencia');
  });

  it('a refusal keeps the address and drops the living conditions', async () => {
    const xml = await valido({ tipo: 'domiciliar', ficha: fichaDomiciliar({ termoRecusa: true }) });
    expect(tag(xml, 'statusTermoRecusa')).toEqual(['true']);
    expect(xml).not.toMatch(/condicaoMoradia|familias|animaisNoDomicilio/);
    expect(tag(xml, 'nomeLogradouro')).toEqual(['PAU DE CANELA']);
  });

  it('an institution sends its block, an edited one its originating uuid', async () => {
    const first = `${CNES}-0193c3a0-0000-7000-8000-000000000002`;
    const xml = await valido({
      tipo: 'domiciliar',
      ficha: fichaDomiciliar({
        tipoImovel: 7,
        uuidFicha: `${CNES}-0193c3a0-0000-7000-8000-0000000000bb`,
        uuidFichaOriginadora: first,
        endereco: { ...fichaDomiciliar().endereco, semNumero: true, numero: null },
        instituicao: {
          nome: 'ABRIGO ESPERANÇA',
          outrosProfissionais: true,
          responsavelNome: 'JOÃO',
          responsavelCns: '700609923387762',
          responsavelCargo: 'DIRETOR',
          responsavelTelefone: '6133334444',
        },
      }),
    });
    expect(tag(xml, 'nomeInstituicaoPermanencia')).toEqual(['ABRIGO ESPERANÇA']);
    expect(xml).not.toContain('condicaoMoradia');
    expect(tag(xml, 'stSemNumero')).toEqual(['true']);
    expect(tag(xml, 'numero')).toEqual([]);
    expect(tag(xml, 'uuidFichaOriginadora')).toEqual([first]);
    expect(tag(xml, 'fichaAtualizada')).toEqual(['true']);
  });
});

describe('LEDI mapping: visita domiciliar', () => {
  it('one master with one child, tipo 8, valid', async () => {
    const xml = await valido({ tipo: 'visita', ficha: fichaVisita() });
    expect(xml).toContain('<tipoDadoSerializado>8</tipoDadoSerializado>');
    expect(tag(xml, 'uuidFicha')).toEqual([`${CNES}-0193c3a0-0000-7000-8000-000000000003`]);
    expect(xml.match(/<visitasDomiciliares>/g)).toHaveLength(1);
    expect(tag(xml, 'motivosVisita')).toEqual(['1', '27']);
    expect(tag(xml, 'pesoAcompanhamentoNutricional')).toEqual(['70.5']);
    expect(tag(xml, 'cpfCidadao')).toEqual(['31422733521']);
  });

  it('a territorial visit (no citizen, outside the area) is still valid', async () => {
    const xml = await valido({
      tipo: 'visita',
      ficha: fichaVisita({
        cidadao: null,
        foraArea: true,
        microArea: null,
        glicemia: null,
        uuidCadastroDomiciliar: null,
      }),
    });
    expect(tag(xml, 'microArea')).toEqual(['FA']);
    expect(xml).not.toMatch(/cpfCidadao|cnsCidadao|tipoGlicemia|uuidOrigemCadastroDomiciliar/);
  });
});

describe('the XSD check itself', () => {
  it('refuses an element out of the sequence inside the record (not only in the envelope)', async () => {
    const xml = fichaXml({ tipo: 'visita', ficha: fichaVisita() }, instalacao).replace(
      '<turno>',
      '<turnoX>1</turnoX><turno>',
    );
    const r = await validarXsd([{ fileName: 'ficha.esus.xml', contents: xml }]);
    expect(r.valid).toBe(false);
    expect(r.errors[0]?.message).toContain('turnoX');
  });
});
