import { readFileSync } from 'node:fs';
import { perfis as perfisCodigos } from '@saude/shared';
import type { ImportacaoCnes, PreviaCnes } from '@saude/shared/schemas/administracao_importacao_cnes';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../auth/sessions';
import { equipes, importacoesCnes, lotacoes, perfis, profissionais, unidadesSaude } from '../../../db/schema';
import { fixtures, type Usuario } from '../../../test/fixtures';
import { auditRows, useTestApp, type TestApp } from '../../../test/helpers';
import { zipDe } from '../../../test/zip';

const url = '/api/v1/administracao/importacao_cnes';
const fixture = readFileSync(new URL('./fixtures/cnes_sintetico.xml', import.meta.url), 'utf8');
/** The synthetic file without João Batista Lima (CPF 111.444.777-35) and his two bonds. */
const semJoao = fixture.replace(/<DADOS_PROFISSIONAIS CPF_PROF="11144477735"[\s\S]*?<\/DADOS_PROFISSIONAIS>/, '');

/** The preview and the apply as the manager's screen sends them (the raw XML body). */
function importador(t: TestApp, gestor: () => Usuario) {
  const send = (path: string, xml: string | Buffer, query: Record<string, string> = {}, headers = gestor().headers) =>
    t.app.inject({
      method: 'POST',
      url: `${url}${path}`,
      query: { arquivo_nome: 'cnes.xml', ...query },
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: xml,
    });
  const previa = async (xml: string) => {
    const res = await send('/previa', xml);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PreviaCnes>();
  };
  const aplicar = async (xml: string) => {
    const res = await send('', xml, { sha256: (await previa(xml)).arquivo_sha256 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ImportacaoCnes>();
  };
  return { send, previa, aplicar };
}

const profPorCpfDe = async (t: TestApp, cpf: string) =>
  (await t.db.select().from(profissionais).where(eq(profissionais.cpf_numero, cpf)))[0]!;

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;

  beforeAll(async () => {
    const unidade = await f.unidade();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
  });

  const { send, previa, aplicar } = importador(t, () => gestor);
  const profPorCpf = (cpf: string) => profPorCpfDe(t, cpf);

  it('previews the synthetic file without writing: 2 units, 2 teams, 3 professionals and 4 bonds to create', async () => {
    const p = await previa(fixture);
    expect(p.resumo).toEqual({
      unidades: { criar: 2, atualizar: 0, desativar: 0 },
      equipes: { criar: 2, atualizar: 0, desativar: 0 },
      profissionais: { criar: 3, atualizar: 0, desativar: 0 },
      lotacoes: { criar: 4, atualizar: 0, desativar: 0 },
    });
    expect(p.sem_alteracoes).toBe(false);
    expect(p.amostras.profissionais.map((x) => x.chave)).toEqual([
      'CPF 529.982.247-25',
      'CPF 111.444.777-35',
      'CNS 203 0123 4567 0018',
    ]);
    expect(await t.db.select().from(unidadesSaude).where(eq(unidadesSaude.cnes, '9100001'))).toEqual([]);
  });

  it('applies in one go: records marked as from CNES, new staff with an unusable one-time password, profiles from the CBO, every change audited', async () => {
    const r = await aplicar(fixture);
    expect(r.resumo.lotacoes.criar).toBe(4);
    expect(r.profissional_nome).toBe(gestor.nome);

    const [ubs] = await t.db.select().from(unidadesSaude).where(eq(unidadesSaude.cnes, '9100002'));
    expect(ubs).toMatchObject({ nome: 'UBS Vila Aurora', origem_cnes: true, ativo: true, complemento: 'Bloco B' });
    const eqs = await t.db
      .select()
      .from(equipes)
      .where(inArray(equipes.ine, ['0000910001', '0000910002']));
    expect(eqs.map((e) => [e.ine, e.micro_areas, e.tipo, e.origem_cnes]).sort()).toEqual([
      ['0000910001', ['01'], '70', true],
      ['0000910002', ['03'], '70', true],
    ]);
    const maria = await profPorCpf('52998224725');
    expect(maria).toMatchObject({ login: '52998224725', senha_provisoria: true, origem_cnes: true, ativo: true });
    const [lot] = await t.db
      .select({ perfil: perfis.codigo, micro_areas: lotacoes.micro_areas })
      .from(lotacoes)
      .innerJoin(perfis, eq(perfis.id, lotacoes.perfil_id))
      .where(eq(lotacoes.profissional_id, maria.id));
    expect(lot).toEqual({ perfil: 'acs', micro_areas: ['01'] });
    const joao = await profPorCpf('11144477735');
    const perfisJoao = await t.db
      .select({ perfil: perfis.codigo })
      .from(lotacoes)
      .innerJoin(perfis, eq(perfis.id, lotacoes.perfil_id))
      .where(eq(lotacoes.profissional_id, joao.id));
    expect(perfisJoao).toEqual([{ perfil: 'medico' }, { perfil: 'medico' }]);

    // The trail: values of set-up data, only the fact for personal documents.
    const [audProf] = await auditRows(t, { record_id: maria.id });
    expect(audProf).toMatchObject({ action: 'create', resource: 'administracao/profissionais' });
    const alt = (audProf!.details as { alteracoes: Record<string, unknown> }).alteracoes;
    expect(alt.cpf_numero).toEqual({ alterado: true });
    expect(alt.nome).toEqual({ antes: null, depois: 'Maria Aparecida Souza' });
    expect(JSON.stringify(audProf!.details)).not.toContain('52998224725');
    expect(await auditRows(t, { record_id: r.id, resource: 'administracao/importacao_cnes' })).toHaveLength(1);
    expect(await auditRows(t, { resource: 'administracao/lotacoes', action: 'create' })).toHaveLength(4);
  });

  it('re-running the same file changes nothing: all counts zero, no record touched, the run still recorded', async () => {
    const auditoriaAntes = (await auditRows(t)).length;
    const p = await previa(fixture);
    expect(p.sem_alteracoes).toBe(true);
    const r = await aplicar(fixture);
    expect(r.sem_alteracoes).toBe(true);
    expect((await auditRows(t)).length).toBe(auditoriaAntes + 1); // only the import's own row
    const list = await t.app.inject({ method: 'GET', url, headers: gestor.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<ImportacaoCnes[]>()[0]).toMatchObject({
      id: r.id,
      sem_alteracoes: true,
      arquivo_nome: 'cnes.xml',
    });
  });

  it('a later file without a professional deactivates them and their bonds, and their session ends', async () => {
    const joao = await profPorCpf('11144477735');
    const [u] = await t.db.select().from(unidadesSaude).where(eq(unidadesSaude.cnes, '9100001'));
    const s = await createSession(
      t.db,
      { idleMinutes: 30, maxHours: 12 },
      {
        profissionalId: joao.id,
        unidadeId: u!.id,
        ip: '127.0.0.1',
        userAgent: null,
      },
    );
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Bearer ${s.token}` } });
    expect((await me()).statusCode).toBe(200);

    const p = await previa(semJoao);
    expect(p.resumo.profissionais).toEqual({ criar: 0, atualizar: 0, desativar: 1 });
    expect(p.resumo.lotacoes).toEqual({ criar: 0, atualizar: 0, desativar: 2 });
    await aplicar(semJoao);

    expect((await profPorCpf('11144477735')).ativo).toBe(false);
    const bonds = await t.db.select().from(lotacoes).where(eq(lotacoes.profissional_id, joao.id));
    expect(bonds.map((b) => b.ativo)).toEqual([false, false]);
    expect(bonds.every((b) => b.fim !== null)).toBe(true);
    expect((await me()).statusCode).toBe(401);

    // Back in the file: brought back, as the import itself had deactivated them.
    const volta = await previa(fixture);
    expect(volta.resumo.profissionais.atualizar).toBe(1);
    expect(volta.resumo.lotacoes.atualizar).toBe(2);
  });

  it('never deactivates a record made by hand, though the file no longer has it', async () => {
    const unidade = await f.unidade();
    const equipe = await f.equipe(unidade);
    const manual = await f.profissional([{ unidade, equipe, perfil: 'acs' }]);
    await aplicar(semJoao);
    const [u] = await t.db.select().from(unidadesSaude).where(eq(unidadesSaude.id, unidade.id));
    const [e] = await t.db.select().from(equipes).where(eq(equipes.id, equipe.id));
    const [p] = await t.db.select().from(profissionais).where(eq(profissionais.id, manual.id));
    const [l] = await t.db.select().from(lotacoes).where(eq(lotacoes.profissional_id, manual.id));
    expect([u!.ativo, e!.ativo, p!.ativo, l!.ativo]).toEqual([true, true, true, true]);
    expect((await previa(semJoao)).sem_alteracoes).toBe(true);
  });

  it('applies only the previewed file: another hash answers 409 and writes nothing', async () => {
    const antes = (await t.db.select().from(importacoesCnes)).length;
    const p = await previa(fixture);
    const outro = fixture.replace('UBS Vila Aurora', 'UBS Vila Aurora II');
    const res = await send('', outro, { sha256: p.arquivo_sha256 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('O arquivo enviado não é o mesmo da prévia. Gere a prévia novamente.');
    expect((await t.db.select().from(importacoesCnes)).length).toBe(antes);
    expect((await send('', fixture, { sha256: 'abc' })).statusCode).toBe(422);
  });

  const sendZip = (path: string, zip: Buffer, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${url}${path}`,
      query: { arquivo_nome: 'cnes.zip', ...query },
      headers: { ...gestor.headers, 'content-type': 'application/zip' },
      payload: zip,
    });

  it('reads the .zip the CNES portal delivers: the same preview as its XML, and applies it', async () => {
    const xml = fixture;
    const esperado = await previa(xml);
    const zip = zipDe([
      ['leiame/', ''],
      ['XMLCNES_530010_202611.xml', xml],
    ]);
    const res = await sendZip('/previa', zip);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<PreviaCnes>();
    expect(p.arquivo_sha256).toBe(esperado.arquivo_sha256);
    expect(p.resumo).toEqual(esperado.resumo);
    const aplicada = await sendZip('', zip, { sha256: p.arquivo_sha256 });
    expect(aplicada.statusCode, aplicada.body).toBe(201);
  });

  it("refuses another municipality's file (CO_IBGE_MUN), one that does not say, and a bad .zip, writing nothing", async () => {
    const antes = (await t.db.select().from(profissionais)).length;
    const deSaoPaulo = fixture.replace('CO_IBGE_MUN="530010"', 'CO_IBGE_MUN="355030"');
    for (const res of [
      await send('/previa', deSaoPaulo),
      await sendZip('/previa', zipDe([['cnes.xml', deSaoPaulo]])),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Arquivo CNES de outro município (código IBGE 355030); este município é o 5300108.',
      );
    }
    const semMunicipio = await send('/previa', fixture.replace(' CO_IBGE_MUN="530010"', ''));
    expect(semMunicipio.statusCode).toBe(422);
    expect(semMunicipio.json().message).toBe(
      'Arquivo CNES inválido: o arquivo não diz de que município é (IDENTIFICACAO, CO_IBGE_MUN)',
    );
    const corrompido = zipDe([['cnes.xml', fixture]]);
    corrompido.fill(0xff, 60, 200);
    const casos: Array<[Buffer, string]> = [
      [Buffer.from('isto não é um zip'), 'Arquivo CNES inválido: o arquivo não é um .zip'],
      [zipDe([['leiame.txt', 'oi']]), 'Arquivo CNES inválido: o .zip não tem o arquivo esperado'],
      [
        zipDe([
          ['a.xml', fixture],
          ['b.xml', fixture],
        ]),
        'Arquivo CNES inválido: o .zip tem mais de um arquivo; envie só o do CNES',
      ],
      [corrompido, 'Arquivo CNES inválido: o .zip está corrompido'],
    ];
    for (const [zip, mensagem] of casos) {
      const res = await sendZip('/previa', zip);
      expect(res.statusCode, mensagem).toBe(422);
      expect(res.json().message).toBe(mensagem);
    }
    expect((await t.db.select().from(profissionais)).length).toBe(antes);
  });

  it('answers 422 "Arquivo CNES inválido" for a malformed file, a DOCTYPE attack, a NUL byte, a blank body, a non-XML file', async () => {
    const casos: Array<[string | Buffer, RegExp]> = [
      ['<ImportarXMLCNES>\n<IDENTIFICACAO>\n</ImportarXMLCNES>', /^Arquivo CNES inválido: XML malformado na linha 3/],
      [
        '<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<ImportarXMLCNES>&b;</ImportarXMLCNES>',
        /^Arquivo CNES inválido: declaração DOCTYPE não é permitida \(linha 2\)/,
      ],
      [Buffer.from('<ImportarXMLCNES>\u0000</ImportarXMLCNES>'), /^Arquivo CNES inválido: XML malformado na linha 1/],
      ['', /^Arquivo CNES inválido: (o arquivo está vazio|envie o arquivo)/],
      ['CNES;NOME\n9100001;UBS', /^Arquivo CNES inválido: XML malformado/],
    ];
    for (const [xml, mensagem] of casos) {
      const res = await send('/previa', xml);
      expect(res.statusCode, String(xml)).toBe(422);
      expect(res.json().message).toMatch(mensagem);
    }
    // A form post instead of the file: refused as unsupported, never a 500.
    const form = await t.app.inject({
      method: 'POST',
      url: `${url}/previa`,
      headers: { ...gestor.headers, 'content-type': 'application/json' },
      payload: { arquivo: 'x' },
    });
    expect(form.statusCode).toBe(422);
  });

  it("reads a file past the server-wide 2 MB body limit (a big city's export); a NUL byte in its name is refused", async () => {
    const grande = fixture.replace('<ImportarXMLCNES>', `<ImportarXMLCNES><!--${'x'.repeat(3 * 1024 * 1024)}-->`);
    const res = await send('/previa', grande, { arquivo_nome: 'cnes grande.xml' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<PreviaCnes>()).toMatchObject({ arquivo_nome: 'cnes grande.xml', bytes: Buffer.byteLength(grande) });
    const nul = await send('/previa', fixture, { arquivo_nome: 'cnes\u0000.xml' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ arquivo_nome: ['não é válido'] });
  });

  it('reads an upload over a real socket (the input guard must not walk the body stream)', async () => {
    const endereco = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${endereco}${url}/previa?arquivo_nome=cnes.xml`, {
      method: 'POST',
      headers: { ...gestor.headers, 'content-type': 'application/xml' },
      body: fixture,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PreviaCnes).arquivo_nome).toBe('cnes.xml');
  });

  it('every other profile gets 403 on the preview, the apply and the history', async () => {
    const unidade = await f.unidade();
    for (const perfil of perfisCodigos.filter((p) => p !== 'gestor')) {
      const u = await f.usuario({ unidade, perfil });
      expect((await send('/previa', fixture, {}, u.headers)).statusCode, perfil).toBe(403);
      expect((await send('', fixture, { sha256: 'a'.repeat(64) }, u.headers)).statusCode, perfil).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: u.headers })).statusCode, perfil).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

// Issue 43: the import follows the screens' rules for ending and deactivating (unidades, equipes, lotações).
describe(`${url}: the screens' deactivation rules`, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;

  beforeAll(async () => {
    gestor = await f.usuario({ unidade: await f.unidade(), perfil: 'gestor' });
  });

  const { previa, aplicar } = importador(t, () => gestor);
  const unidadePorCnes = async (cnes: string) =>
    (await t.db.select().from(unidadesSaude).where(eq(unidadesSaude.cnes, cnes)))[0]!;
  const equipePorIne = async (ine: string) => (await t.db.select().from(equipes).where(eq(equipes.ine, ine)))[0]!;
  /** The synthetic file without the unit Vila Aurora (CNES 9100002): its team, Ana and João's second bond go too. */
  const semAurora = semJoao
    .replace(/<DADOS_GERAIS_ESTABELECIMENTOS CNES="9100002"[\s\S]*?<\/DADOS_GERAIS_ESTABELECIMENTOS>/, '')
    .replace(/<DADOS_PROFISSIONAIS CPF_PROF="" CO_CNS="203012345670018"[\s\S]*?<\/DADOS_PROFISSIONAIS>/, '');

  it('ends a bond as its screen does: its unit sessions end, the others stay; never before its start', async () => {
    await aplicar(fixture);
    const joao = await profPorCpfDe(t, '11144477735');
    const [flores, aurora] = [await unidadePorCnes('9100001'), await unidadePorCnes('9100002')];
    // A start set in the future by a manager: the end cannot come before it.
    const futuro = `${new Date().getFullYear() + 1}-01-15`;
    await t.db
      .update(lotacoes)
      .set({ inicio: futuro })
      .where(and(eq(lotacoes.profissional_id, joao.id), eq(lotacoes.unidade_saude_id, aurora.id)));
    const sessao = (unidadeId: string) =>
      createSession(
        t.db,
        { idleMinutes: 30, maxHours: 12 },
        { profissionalId: joao.id, unidadeId, ip: '127.0.0.1', userAgent: null },
      );
    const [emFlores, emAurora] = [await sessao(flores.id), await sessao(aurora.id)];
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: { authorization: `Bearer ${token}` } });

    // João loses only his bond at Vila Aurora.
    const soFlores = fixture.replace(/\s*<DADOS_LOTACOES CNES="9100002" CO_CBO="225142"[^>]*\/>/, '');
    expect((await previa(soFlores)).resumo.lotacoes).toEqual({ criar: 0, atualizar: 0, desativar: 1 });
    await aplicar(soFlores);
    const [bond] = await t.db
      .select()
      .from(lotacoes)
      .where(and(eq(lotacoes.profissional_id, joao.id), eq(lotacoes.unidade_saude_id, aurora.id)));
    expect({ ativo: bond!.ativo, fim: bond!.fim }).toEqual({ ativo: false, fim: futuro });
    expect((await me(emAurora.token)).statusCode).toBe(401);
    expect((await me(emFlores.token)).statusCode).toBe(200);
  });

  it('keeps a unit and a team that hand-made bonds still use, saying why, and keeps the micro-areas they cover', async () => {
    await aplicar(fixture);
    const [aurora, equipeAurora] = [await unidadePorCnes('9100002'), await equipePorIne('0000910002')];
    const manual = await f.profissional([
      { unidade: aurora, equipe: equipeAurora, perfil: 'acs', micro_areas: ['03'] },
    ]);

    const p = await previa(semAurora);
    expect(p.resumo.unidades.desativar).toBe(0);
    expect(p.resumo.equipes.desativar).toBe(0);
    expect(p.avisos).toContain(
      'Equipe INE 0000910002 (ESF Aurora) não desativada. Não é possível desativar esta equipe: há 1 lotação ativa nela. Encerre as lotações ou mude-as de equipe antes.',
    );
    expect(p.avisos).toContain(
      'Unidade CNES 9100002 (UBS Vila Aurora) não desativada. Não é possível desativar esta unidade: há 1 equipe ativa e 1 lotação ativa nela. Desative as equipes e encerre as lotações antes.',
    );
    await aplicar(semAurora);
    expect((await unidadePorCnes('9100002')).ativo).toBe(true);
    expect((await equipePorIne('0000910002')).ativo).toBe(true);
    // What the import itself made there still goes: Ana, the only one in the file at Vila Aurora, and her bond.
    const [ana] = await t.db.select().from(profissionais).where(eq(profissionais.codigo_cns, '203012345670018'));
    expect(ana!.ativo).toBe(false);

    // The hand-made bond's micro-area stays on the team though the file lists others.
    await aplicar(fixture.replace('MICROAREA="03"', 'MICROAREA="07"'));
    expect((await equipePorIne('0000910002')).micro_areas).toEqual(['03', '07']);

    // Once the manager ends the hand-made bond, the next file deactivates both.
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, manual.id));
    const depois = await previa(semAurora);
    expect(depois.resumo.unidades.desativar).toBe(1);
    expect(depois.resumo.equipes.desativar).toBe(1);
  });

  it('creates no team nor bond in a unit a manager deactivated by hand', async () => {
    const inativa = await f.unidade();
    await t.db.update(unidadesSaude).set({ ativo: false, cnes: '9100003' }).where(eq(unidadesSaude.id, inativa.id));
    const arquivo = fixture
      .replace(/CNES="9100002"/g, 'CNES="9100003"')
      .replace(/CO_INE="0000910002"/g, 'CO_INE="0000910003"');
    const p = await previa(arquivo);
    expect(p.avisos).toContain(
      'Equipe INE 0000910003 (ESF Aurora) não importada: a unidade CNES 9100003 está inativa aqui. Reative a unidade e importe de novo.',
    );
    expect(
      p.avisos.filter((a) => a.startsWith('Lotação de ') && a.endsWith('a unidade CNES 9100003 está inativa aqui.')),
    ).toHaveLength(2);
    await aplicar(arquivo);
    expect(await t.db.select().from(equipes).where(eq(equipes.ine, '0000910003'))).toEqual([]);
    expect(await t.db.select().from(lotacoes).where(eq(lotacoes.unidade_saude_id, inativa.id))).toEqual([]);
    expect((await unidadePorCnes('9100003')).ativo).toBe(false);
  });
});
