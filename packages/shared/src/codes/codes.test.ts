import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as bundled from './index';
import {
  cboCadastroDomiciliarCodigos,
  cboCadastroIndividualCodigos,
  cboVisitaDomiciliarCodigos,
  codigosDe,
  descricaoDe,
  doencaNotificacaoCompulsoria,
  findBy,
  findCodigo,
  isCodigo,
  motivoSaidaCadastro,
  estadoCivil,
  motivoVisita,
  racaCor,
  sexo,
  uf,
} from './index';
import { cbo } from './cbo';
import { cid10Categoria } from './cid10_categoria';
import { etnia } from './etnia';
import { municipio } from './municipio';
import { pais } from './pais';
import { tipoLogradouro } from './tipo_logradouro';

const codesDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const script = join(repoRoot, 'scripts/gen-codes.mjs');
const refDir = join(repoRoot, '../shared/reference/esus');

// Row counts from the "Files" table of shared/reference/esus/README.md (data rows, header not counted).
const README_ROWS: Record<string, number> = {
  sexo: 4, raca_cor: 5, etnia: 406, nacionalidade: 3, pais: 346, uf: 27, tipo_logradouro: 393, estado_civil: 5,
  tipo_sanguineo: 8, curso_mais_elevado: 15, situacao_mercado_trabalho: 10, deficiencia_cidadao: 6,
  orientacao_sexual: 7, identidade_genero: 7, parentesco: 10, responsavel_crianca: 6, povo_comunidade_tradicional: 35,
  motivo_saida_cadastro: 2, doenca_cardiaca: 3, doenca_respiratoria: 4, problema_rins: 3, consideracao_peso: 3,
  tempo_situacao_rua: 4, quantas_vezes_alimentacao: 3, origem_alimentacao: 5, acesso_higiene: 4, cuidador_cidadao: 8,
  justificativa_nao_possui_cpf: 12, tipo_imovel: 14, situacao_moradia: 9, condicao_posse_uso_terra: 10,
  localizacao_moradia: 3, tipo_domicilio: 6, tipo_acesso_domicilio: 4, material_paredes: 12, abastecimento_agua: 9,
  tratamento_agua: 7, escoamento_sanitario: 6, destino_lixo: 5, tipo_origem_energia_eletrica: 5,
  animal_no_domicilio: 8, renda_familiar: 8, motivo_visita: 37, desfecho_visita: 3, turno: 3,
  tipo_glicemia_capilar: 4, local_atendimento: 17, tipo_dado_serializado: 13, cbo_cadastro_individual: 124,
  cbo_cadastro_domiciliar: 115, cbo_visita_domiciliar: 7, doenca_notificacao_compulsoria: 89, municipio: 5571,
  cbo: 2721, cid10_categoria: 2045,
};
const LARGE = ['cbo', 'cid10_categoria', 'etnia', 'municipio', 'pais', 'tipo_logradouro'];

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
const generatedModules = () =>
  readdirSync(codesDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['index.ts', 'lookup.ts', 'cbo_formularios.ts'].includes(f))
    .map((f) => f.slice(0, -3))
    .sort();

const tmpDirs: string[] = [];
const tmp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  tmpDirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
});
const run = (...args: string[]) => execFileSync(process.execPath, [script, ...args], { encoding: 'utf8', stdio: 'pipe' });

describe('generated code tables', () => {
  it('has one module per README table, with the README row count', async () => {
    expect(generatedModules()).toEqual(Object.keys(README_ROWS).sort());
    for (const [name, rows] of Object.entries(README_ROWS)) {
      const mod = (await import(`./${name}.ts`)) as Record<string, unknown>;
      const table = mod[camel(name)];
      expect(Array.isArray(table), name).toBe(true);
      expect((table as unknown[]).length, name).toBe(rows);
    }
  });

  it('bundles only the small tables in index.ts', () => {
    const index = readFileSync(join(codesDir, 'index.ts'), 'utf8');
    const reexported = [...index.matchAll(/^export \* from '\.\/(\w+)';$/gm)].map((m) => m[1]);
    expect(reexported).toContain('lookup');
    for (const name of Object.keys(README_ROWS)) {
      expect(reexported.includes(name), name).toBe(!LARGE.includes(name));
    }
    for (const name of LARGE) expect(camel(name) in bundled, name).toBe(false);
    expect(bundled.racaCor).toBe(racaCor);
  });

  it('keeps known values, source order and column types', () => {
    expect(findCodigo(pais, 31)?.descricao).toBe('BRASIL');
    expect(pais[0]).toEqual({ codigo: 1, descricao: 'AFEGANISTÃO' });
    expect(uf).toHaveLength(27);
    expect(uf[0]).toEqual({ codigo: '01', descricao: 'ACRE' });
    expect(descricaoDe(uf, '26')).toBe('SÃO PAULO');
    expect(descricaoDe(uf, '1')).toBeUndefined();
    expect(tipoLogradouro[0]).toEqual({ codigo: '001', descricao: 'ACESSO' });
    expect(etnia[0]).toEqual({ codigo: 1, codigo_cadsus: '0001', descricao: 'ACONA (WAKONAS, NACONAS, JAKONA, ACORANES)' });
    expect(findCodigo(etnia, 270)).toBeUndefined();
    expect(descricaoDe(cbo, '515105')).toBe('AGENTE COMUNITÁRIO DE SAÚDE');
    expect(descricaoDe(cbo, '5151F1')).toBe('AGENTE DE COMBATE ÀS ENDEMIAS');
    expect(findBy(municipio, 'codigo_ibge', '3550308')).toEqual({ codigo_ibge: '3550308', nome: 'SÃO PAULO', uf: 'SP' });
    expect(municipio[0]?.nome).toBe('ABADIA DE GOIÁS');
    expect(descricaoDe(cid10Categoria, 'A00')).toBe('Cólera');
    expect(sexo.map((s) => s.codigo)).toEqual([0, 1, 4, 5]);
    expect(findCodigo(sexo, 4)?.observacao).toBe('Apenas quando não foi informado o sexo do cidadão.');
    expect(motivoSaidaCadastro.map((m) => m.descricao)).toEqual(['Óbito', 'Mudança de território']);
    expect(descricaoDe(motivoSaidaCadastro, 135)).toBe('Óbito');
    expect(findCodigo(motivoVisita, 1)).toEqual({ codigo: 1, descricao: 'Cadastramento / Atualização', grupo: 'TIPO_VISITA', ordem: 1 });
    expect(motivoVisita.map((m) => m.ordem)).toEqual(motivoVisita.map((_, i) => i + 1));
    const hib = findCodigo(doencaNotificacaoCompulsoria, '16a');
    expect(hib?.descricao).toBe('Doença Invasiva por "Haemophilus Influenza"');
    expect(hib?.imediata_ms).toBe('');
    expect(isCodigo(racaCor, 5)).toBe(true);
    expect(isCodigo(racaCor, '5')).toBe(false);
    expect(codigosDe(racaCor)).toEqual([1, 2, 4, 3, 5]); // source order, not numeric
    // The source's typo "jucidialmente" is fixed by the generator (LABEL_FIXES), the code kept (issue 39).
    expect(descricaoDe(estadoCivil, 4)).toBe('Separado judicialmente');
    expect(estadoCivil.some((e) => /jucidial/i.test(e.descricao))).toBe(false);
  });

  it('exports the CBO groups as arrays of codes', () => {
    expect(cboVisitaDomiciliarCodigos).toEqual(['515105', '515310', '515140', '515130', '515125', '322255', '515120']);
    expect(cboCadastroIndividualCodigos).toHaveLength(124);
    expect(cboCadastroDomiciliarCodigos).toHaveLength(115);
    for (const c of [...cboCadastroIndividualCodigos, ...cboCadastroDomiciliarCodigos]) expect(typeof c).toBe('string');
    expect(cboCadastroIndividualCodigos).toContain('515105');
    expect(cboCadastroDomiciliarCodigos).toContain('515105');
    // README: every group code is in the full list except 515124 (given only in Tabela 1).
    const missing = [...cboCadastroIndividualCodigos, ...cboCadastroDomiciliarCodigos, ...cboVisitaDomiciliarCodigos]
      .filter((c) => !isCodigo(cbo, c));
    expect([...new Set(missing)]).toEqual(['515124']);
  });

  it('keeps one CBO table: the groups name its rows, and it is whole in source order', () => {
    expect(cbo).toHaveLength(2721);
    expect(cbo.slice(0, 2)).toEqual([
      { codigo: '848505', descricao: 'ABATEDOR' },
      { codigo: '764305', descricao: 'ACABADOR DE CALÇADOS' },
    ]);
    // The forms' rows are put back at their places: ordered by name as the source is, around them too.
    const at = cbo.findIndex((r) => r.codigo === '515105');
    expect(cbo[at - 1]?.descricao.localeCompare(cbo[at]!.descricao, 'pt')).toBeLessThan(0);
    expect(cbo[at + 1]?.descricao.localeCompare(cbo[at]!.descricao, 'pt')).toBeGreaterThan(0);
    for (const group of [bundled.cboCadastroIndividual, bundled.cboCadastroDomiciliar, bundled.cboVisitaDomiciliar]) {
      for (const row of group) if (row.codigo !== '515124') expect(findCodigo(cbo, row.codigo)).toBe(row);
    }
    expect(bundled.cboCadastroIndividual.map((r) => r.codigo)).toEqual(cboCadastroIndividualCodigos);
    // The CBO table's spelling, not the group table's unaccented one.
    expect(descricaoDe(bundled.cboVisitaDomiciliar, '515130')).toBe('AGENTE INDÍGENA DE SANEAMENTO');
    // The one code the full list lacks keeps the group's name.
    expect(descricaoDe(bundled.cboCadastroIndividual, '515124')).toBe('AGENTE INDÍGENA DE SAÚDE');
  });
});

describe('scripts/gen-codes.mjs', () => {
  // Without ../shared/reference a developer's checkout skips it; CI must have it, so there it fails instead.
  it.skipIf(!existsSync(refDir) && !process.env.CI)('regenerates identical files', () => {
    expect(existsSync(refDir), `${refDir} is missing: CI must check out shared/reference`).toBe(true);
    const out = tmp('codes-regen-');
    run(refDir, out);
    const produced = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f !== 'json').sort();
    const committed = readdirSync(codesDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f !== 'json' && !f.endsWith('.test.ts') && f !== 'lookup.ts' && f !== 'cbo_formularios.ts')
      .sort();
    expect(produced).toEqual(committed);
    for (const f of produced) {
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(codesDir, f), 'utf8'));
    }
  });

  it('parses quoted fields, doubled quotes, CRLF and line breaks; types columns by one rule', async () => {
    const ref = tmp('codes-ref-');
    const out = tmp('codes-out-');
    writeFileSync(join(ref, 'README.md'), '| File | Rows | Source | What |\n|---|---|---|---|\n| amostra_teste.csv | 4 | D `Amostra` | test |\n');
    writeFileSync(
      join(ref, 'amostra_teste.csv'),
      '\uFEFFcodigo,descricao,zero,vazio\r\n' +
        '10,"Com, vírgula",01,\r\n' +
        '2,"Aspas ""duplas"" e \'simples\'",02,x\r\n' +
        '0,"Duas\nlinhas",10,\r\n' +
        '3,Barra \\ invertida,00,\n',
    );
    run(ref, out);
    const text = readFileSync(join(out, 'amostra_teste.ts'), 'utf8');
    expect(readFileSync(join(out, 'json/amostra_teste.json'), 'utf8')).toMatch(/^\[\n {2}\{"codigo":10,"descricao":"Com, vírgula"/);
    expect(text).toContain('from shared/reference/esus/amostra_teste.csv (source: [D] LEDI APS Dicionário de dados 8.7.0, `Amostra`). Do not edit.');
    expect(text).toContain('Columns: codigo (number), descricao (string), zero (string), vazio (string).');
    const mod = (await import(join(out, 'amostra_teste.ts'))) as { amostraTeste: unknown };
    expect(mod.amostraTeste).toEqual([
      { codigo: 10, descricao: 'Com, vírgula', zero: '01', vazio: '' },
      { codigo: 2, descricao: 'Aspas "duplas" e \'simples\'', zero: '02', vazio: 'x' },
      { codigo: 0, descricao: 'Duas\nlinhas', zero: '10', vazio: '' },
      { codigo: 3, descricao: 'Barra \\ invertida', zero: '00', vazio: '' },
    ]);
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toContain("export * from './amostra_teste';");
  });

  it('fails on a row count that differs from the README, and on malformed CSV', () => {
    const ref = tmp('codes-bad-');
    const out = tmp('codes-bad-out-');
    writeFileSync(join(ref, 'README.md'), '| x.csv | 2 | D `X` | x |\n');
    writeFileSync(join(ref, 'x.csv'), 'codigo,descricao\n1,Um\n');
    expect(() => run(ref, out)).toThrow(/1 rows, README.md says 2/);
    writeFileSync(join(ref, 'x.csv'), 'codigo,descricao\n1,Um\n2,"Dois\n');
    expect(() => run(ref, out)).toThrow(/unterminated quoted field/);
    writeFileSync(join(ref, 'x.csv'), 'codigo,descricao\n1,U"m\n2,Dois\n');
    expect(() => run(ref, out)).toThrow(/quote inside an unquoted field/);
    writeFileSync(join(ref, 'x.csv'), 'codigo,descricao\n1,Um,extra\n2,Dois\n');
    expect(() => run(ref, out)).toThrow(/has 3 fields, header has 2/);
  });
});
