import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CNES_MAX_BYTES, parseCnes } from './parser';

const fixture = readFileSync(new URL('./fixtures/cnes_sintetico.xml', import.meta.url));
const refusal = async (input: Buffer | string) => {
  try {
    await parseCnes([input]);
  } catch (e) {
    return e as { statusCode: number; message: string };
  }
  throw new Error('parsed');
};

describe('parseCnes', () => {
  it('reads the synthetic file: 2 units, 2 teams with micro-areas from their agents, 3 professionals, 4 bonds', async () => {
    const a = await parseCnes([fixture]);
    expect(a.unidades.map((u) => [u.cnes, u.nome, u.tipo_codigo])).toEqual([
      ['9100001', 'UBS Jardim das Flores', '02'],
      ['9100002', 'UBS Vila Aurora', '02'],
    ]);
    expect(a.unidades[1]).toMatchObject({
      cep: '01002000',
      logradouro: 'Avenida Central',
      numero: '2000',
      complemento: 'Bloco B',
      bairro: 'Vila Aurora',
      telefones: ['1135556666', '1135557777'],
    });
    // The professional's own address (ENDERECO inside DADOS_PROFISSIONAIS) is never taken for a unit's.
    expect(a.unidades[0]).toMatchObject({
      cep: '01001000',
      logradouro: 'Rua das Acácias',
      bairro: 'Jardim das Flores',
    });
    expect(a.equipes.map((e) => [e.ine, e.cnes, e.micro_areas])).toEqual([
      ['0000910001', '9100001', ['01']],
      ['0000910002', '9100002', ['03']],
    ]);
    expect(a.profissionais.map((p) => [p.cpf, p.cns, p.lotacoes.length])).toEqual([
      ['52998224725', '160614834120001', 1],
      ['11144477735', null, 2],
      [null, '203012345670018', 1],
    ]);
    expect(a.avisos).toEqual([]);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same hash whatever the chunking, and decodes the ISO-8859-1 the CNES exports declare', async () => {
    const latin1 = Buffer.from(fixture.toString('utf8').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    const chunks = Array.from({ length: Math.ceil(latin1.length / 7) }, (_, i) => latin1.subarray(i * 7, i * 7 + 7));
    const a = await parseCnes(chunks);
    expect(a.unidades[1]!.nome).toBe('UBS Vila Aurora');
    expect(a.profissionais[1]!.nome).toBe('João Batista Lima');
    expect(a.sha256).toBe((await parseCnes([latin1])).sha256);
  });

  it('refuses a DOCTYPE, so no entity is ever expanded (XXE, billion laughs)', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><ImportarXMLCNES>&e;</ImportarXMLCNES>`;
    const e = await refusal(xxe);
    expect(e.statusCode).toBe(422);
    expect(e.message).toMatch(/^Arquivo CNES inválido: declaração DOCTYPE não é permitida/);
  });

  it('refuses an undeclared entity and a malformed file, naming the line', async () => {
    expect((await refusal('<ImportarXMLCNES>&e;</ImportarXMLCNES>')).statusCode).toBe(422);
    const e = await refusal('<ImportarXMLCNES>\n<IDENTIFICACAO>\n<ESTABELECIMENTOS>\n</IDENTIFICACAO>');
    expect(e.message).toBe('Arquivo CNES inválido: XML malformado na linha 4, coluna 16');
  });

  it('refuses a NUL byte, a blank file, a non-XML file and a file with no establishment', async () => {
    expect((await refusal(Buffer.from('<ImportarXMLCNES>\u0000</ImportarXMLCNES>'))).message).toMatch(
      /^Arquivo CNES inválido: XML malformado na linha 1/,
    );
    expect((await refusal('')).message).toBe('Arquivo CNES inválido: o arquivo está vazio');
    expect((await refusal('nome;cpf\nMaria;123')).statusCode).toBe(422);
    expect((await refusal('<ImportarXMLCNES/>')).message).toBe(
      'Arquivo CNES inválido: nenhum estabelecimento (DADOS_GERAIS_ESTABELECIMENTOS) encontrado',
    );
  });

  it('stops past 50 MB with a 413', async () => {
    const mb = Buffer.alloc(1024 * 1024, 0x20);
    const chunks = [
      Buffer.from('<ImportarXMLCNES>'),
      ...Array.from({ length: CNES_MAX_BYTES / mb.length + 1 }, () => mb),
    ];
    await expect(parseCnes(chunks)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('leaves out, with a warning, a professional with no valid document and a bond outside the file', async () => {
    const xml = fixture
      .toString('utf8')
      .replace('CPF_PROF="" CO_CNS="203012345670018"', 'CPF_PROF="12345678900" CO_CNS="203012345670011"')
      .replace('CNES="9100002" CO_CBO="225142"', 'CNES="9999999" CO_CBO="225142"');
    const a = await parseCnes([xml]);
    expect(a.profissionais).toHaveLength(2);
    expect(a.profissionais[1]!.lotacoes).toHaveLength(1);
    expect(a.avisos).toHaveLength(2);
    expect(a.avisos.join('\n')).toMatch(/Ana Cristina Rocha sem nome ou sem CPF\/CNS válido/);
  });
});
