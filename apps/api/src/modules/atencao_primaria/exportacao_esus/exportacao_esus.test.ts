import { msg, perfis } from '@saude/shared';
import { lediMsg } from '@saude/shared/schemas/exportacao_esus';
import type { ExportacaoEsus } from '@saude/shared/schemas/exportacao_esus';
import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import { request } from 'node:http';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cadastrosIndividuais,
  esusFichasEnviadas,
  exportacoesEsus,
  municipes,
  profissionais,
  unidadesSaude,
} from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { cboDoPerfil, fixtures, type Equipe, type Headers, type Unidade, type Usuario } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { lerZip, validarXsd } from './xsd';

const url = '/api/v1/atencao_primaria/exportacao_esus';
const PROF_CNS = '700609923387762';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let acs: Usuario;
  let gestor: Headers;
  let cadastroId: string;
  let chefeId: string;
  const hoje = todayIso();

  const exportar = (body: unknown, headers: Headers = gestor) =>
    t.app.inject({ method: 'POST', url, headers, payload: body as object });
  const arquivos = async (body: unknown) => {
    const res = await exportar(body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    return { id: String(res.headers['x-exportacao-id']), zip: lerZip(res.rawPayload) };
  };

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio({ unidade: { exportacao_esus: true } }));
    acs = await f.usuario({ perfil: 'acs', unidade, equipe, micro_areas: ['01'] });
    await t.db.update(profissionais).set({ codigo_cns: PROF_CNS }).where(eq(profissionais.id, acs.id));
    gestor = (await f.usuario({ perfil: 'gestor', unidade })).headers;
    const header = { unidade, equipe, profissional: acs };
    const chefe = await f.municipe({
      unidade_saude_referencia_id: unidade.id,
      profissional_id: acs.id,
      equipe_id: equipe.id,
      ocupacao_id: cboDoPerfil.acs,
      micro_area: '01',
      raca_cor_id: 1,
      nacionalidade_id: 1,
      municipio_nascimento_ibge: '5300108',
      nome_mae: 'MARTA DOS SANTOS',
      pai_desconhecido: true,
    });
    chefeId = chefe.id;
    cadastroId = newId();
    await t.db.insert(cadastrosIndividuais).values({ id: cadastroId, municipe_id: chefe.id });
    const domicilio = await f.domicilio(header);
    const familia = await f.familia(header, { membros: [chefe], domicilio });
    await f.visita(header, { familia, municipe: chefe, turno_atendimentos: 1, desfecho_id: 1, tipo_imovel_id: 1 });
    // A visit recorded under an occupation outside LEDI's home-visit CBO group: reported, not exported.
    await f.visita(header, { familia, municipe: chefe, ocupacao_id: cboDoPerfil.medico, turno_atendimentos: 1 });
  });

  it('exports the valid records as XSD-valid files, reports the rest, and sends next time only what changed', async () => {
    const primeira = await arquivos({ unidades: [unidade.id], inicio: hoje, fim: hoje });
    expect(primeira.zip.map((e) => e.fileName)).toHaveLength(4);
    const xmls = primeira.zip.filter((e) => e.fileName.endsWith('.esus.xml'));
    expect(xmls.map((e) => e.fileName.split('/')[0]).sort()).toEqual(['domiciliar', 'individual', 'visita']);
    const r = await validarXsd(xmls.map((e) => ({ fileName: e.fileName, contents: e.contents.toString('utf8') })));
    expect(r.errors.map((e) => e.rawMessage)).toEqual([]);
    const individual = xmls.find((e) => e.fileName.startsWith('individual/'))!.contents.toString('utf8');
    expect(individual).toContain(`<uuid>${unidade.cnes}-${cadastroId}</uuid>`);
    expect(individual).toContain(`<profissionalCNS>${PROF_CNS}</profissionalCNS>`);
    expect(individual).toContain(`<ine>${equipe.ine}</ine>`);

    const relatorio = primeira.zip.find((e) => e.fileName === 'relatorio.csv')!.contents.toString('utf8');
    const linhas = relatorio.trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toContain(lediMsg.cboNaoPermitido('visita domiciliar'));

    const [hist] = (await t.app.inject({ method: 'GET', url, headers: gestor })).json<ExportacaoEsus[]>();
    expect(hist).toMatchObject({ id: primeira.id, exportadas: 3, com_problema: 1, inicio: hoje, fim: hoje });
    // Each line names the record's unit, so that "Corrigir" opens it there (issue 39).
    expect(hist!.problemas).toEqual([
      expect.objectContaining({
        tipo: 'visita',
        campo: 'CBO do profissional',
        unidade_saude_id: unidade.id,
        unidade_nome: unidade.nome,
      }),
    ]);
    // The export (create) and the history's read naming the citizen of the refused visit (index).
    const trilha = await auditRows(t, { resource: 'atencao_primaria/exportacao_esus' });
    expect(trilha.map((a) => a.action).sort()).toEqual(['create', 'index']);
    expect(trilha.find((a) => a.action === 'index')!.municipe_ids).toEqual([chefeId]);

    // Nothing changed: only the report (the bad visit again).
    const segunda = await arquivos({ unidades: [unidade.id], inicio: hoje, fim: hoje });
    expect(segunda.zip.map((e) => e.fileName)).toEqual(['relatorio.csv']);

    // An edited registration goes again with a new uuid pointing at the first.
    await t.db
      .update(cadastrosIndividuais)
      .set({ updated_at: new Date() })
      .where(eq(cadastrosIndividuais.id, cadastroId));
    const terceira = await arquivos({ unidades: [unidade.id], inicio: hoje, fim: hoje });
    const [editado] = terceira.zip.filter((e) => e.fileName.endsWith('.esus.xml'));
    const xml = editado!.contents.toString('utf8');
    expect(xml).toContain(`<uuidFichaOriginadora>${unidade.cnes}-${cadastroId}</uuidFichaOriginadora>`);
    expect(xml).toContain('<fichaAtualizada>true</fichaAtualizada>');
    expect(xml).not.toContain(`<uuid>${unidade.cnes}-${cadastroId}</uuid>`);
    const [enviada] = await t.db
      .select()
      .from(esusFichasEnviadas)
      .where(eq(esusFichasEnviadas.registro_id, cadastroId));
    expect(enviada).toMatchObject({
      exportacao_id: terceira.id,
      uuid_ficha_originadora: `${unidade.cnes}-${cadastroId}`,
    });
  });

  it('a download broken before its end leaves no history and marks nothing sent: the next export has the record', async () => {
    await t.db
      .update(cadastrosIndividuais)
      .set({ updated_at: new Date() })
      .where(eq(cadastrosIndividuais.id, cadastroId));
    const antes = await t.db.select().from(esusFichasEnviadas).where(eq(esusFichasEnviadas.registro_id, cadastroId));
    // Over a real socket: the browser sends the request and goes away before any byte of the answer (the tab closed).
    const criadas = (await auditRows(t, { resource: 'atencao_primaria/exportacao_esus', action: 'create' })).length;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const req = request(`${address}${url}`, {
      method: 'POST',
      headers: { ...gestor, 'content-type': 'application/json' },
    });
    req.on('error', () => undefined); // the aborted request's own error
    req.end(JSON.stringify({ unidades: [unidade.id], inicio: hoje, fim: hoje }), () => req.destroy());
    let id = '';
    await vi.waitFor(
      async () => {
        const rows = await auditRows(t, { resource: 'atencao_primaria/exportacao_esus', action: 'create' });
        expect(rows.length).toBe(criadas + 1); // the server did start the export
        id = rows.at(-1)!.record_id!;
      },
      { timeout: 20_000 },
    );
    await vi.waitFor(
      async () => expect(await t.db.select().from(exportacoesEsus).where(eq(exportacoesEsus.id, id))).toEqual([]),
      { timeout: 20_000 },
    );
    expect(await t.db.select().from(esusFichasEnviadas).where(eq(esusFichasEnviadas.registro_id, cadastroId))).toEqual(
      antes,
    );
    const depois = await arquivos({ unidades: [unidade.id], inicio: hoje, fim: hoje });
    expect(depois.zip.filter((e) => e.fileName.startsWith('individual/'))).toHaveLength(1);
  });

  it('offers the units flagged to export and names the active others as left out (issue 39)', async () => {
    const outra = await f.unidade();
    const inativa = await f.unidade({ exportacao_esus: true, ativo: false });
    const res = await t.app.inject({ method: 'GET', url: `${url}/unidades`, headers: gestor });
    expect(res.json()).toContainEqual({ id: unidade.id, nome: unidade.nome, cnes: unidade.cnes, exporta: true });
    expect(res.json()).toContainEqual({ id: outra.id, nome: outra.nome, cnes: outra.cnes, exporta: false });
    expect(res.json().map((u: { id: string }) => u.id)).not.toContain(inativa.id);
  });

  it("leaves a unit's records out while its flag is off, and sends them once it is on (issue 39)", async () => {
    const { unidade: ubs, equipe: eq2 } = await f.territorio();
    const agente = await f.usuario({ perfil: 'acs', unidade: ubs, equipe: eq2, micro_areas: ['01'] });
    const casa = await f.domicilio({ unidade: ubs, equipe: eq2, profissional: agente });
    const desligada = await exportar({ unidades: [ubs.id], inicio: hoje, fim: hoje });
    expect(desligada.statusCode).toBe(422);
    expect(desligada.json().errors).toEqual({ unidades: [lediMsg.unidadeSemExportacao] });
    // Together with a unit that exports: the whole request is refused, nothing of either is marked sent.
    expect((await exportar({ unidades: [unidade.id, ubs.id], inicio: hoje, fim: hoje })).statusCode).toBe(422);
    await t.db.update(unidadesSaude).set({ exportacao_esus: true }).where(eq(unidadesSaude.id, ubs.id));
    const ligada = await arquivos({ unidades: [ubs.id], inicio: hoje, fim: hoje });
    // Exported or reported: the record is read only now.
    const relatorio = ligada.zip.find((e) => e.fileName === 'relatorio.csv')!.contents.toString('utf8');
    expect(ligada.zip.some((e) => e.fileName.endsWith(`-${casa.id}.esus.xml`)) || relatorio.includes(casa.id)).toBe(
      true,
    );
  });

  it('answers 422 for the blank, a NUL byte, a reversed or too long period and a unit that does not export', async () => {
    const semExportacao = await f.unidade();
    for (const [body, campo, mensagem] of [
      [{}, 'unidades', msg.obrigatorio],
      [{ unidades: [], inicio: hoje, fim: hoje }, 'unidades', msg.obrigatorio],
      [{ unidades: ['\u0000'], inicio: hoje, fim: hoje }, 'unidades.0', msg.naoEValido],
      [{ unidades: [unidade.id], inicio: '2026-02-01', fim: '2026-01-01' }, 'fim', lediMsg.periodoInvalido],
      [{ unidades: [unidade.id], inicio: '2024-01-01', fim: '2025-12-31' }, 'fim', lediMsg.periodoLongo],
      [{ unidades: [semExportacao.id], inicio: hoje, fim: hoje }, 'unidades', lediMsg.unidadeSemExportacao],
      [{ unidades: [newId()], inicio: hoje, fim: hoje }, 'unidades', msg.naoEValido],
    ] as const) {
      const res = await exportar(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[campo], JSON.stringify(res.json())).toEqual([mensagem]);
    }
  });

  it('refuses every other profile (403)', async () => {
    for (const perfil of perfis.filter((p) => p !== 'gestor')) {
      const h = (await f.como(perfil, { unidade, equipe })).headers;
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode, perfil).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${url}/unidades`, headers: h })).statusCode, perfil).toBe(403);
      expect((await exportar({ unidades: [unidade.id], inicio: hoje, fim: hoje }, h)).statusCode, perfil).toBe(403);
    }
  });

  it('leaves the citizen out of the audit details and out of the history row but the report', async () => {
    const rows = await t.db.select().from(municipes).where(eq(municipes.unidade_saude_referencia_id, unidade.id));
    const audits = await auditRows(t, { resource: 'atencao_primaria/exportacao_esus' });
    for (const a of audits) expect(JSON.stringify(a.details)).not.toContain(rows[0]!.nome);
  });

  it('exports an individual registration saved through the API: the form asks at entry what e-SUS requires (issue 39)', async () => {
    // A citizen registered without race, parents or birthplace, as the citizen form allows.
    const m = await f.municipe({ unidade_saude_referencia_id: unidade.id, nacionalidade_id: 1 });
    const cadastros = '/api/v1/atencao_primaria/cadastros_individuais';
    const base = {
      municipe_id: m.id,
      codigo_cns: m.codigo_cns,
      cpf_numero: m.cpf_numero,
      nacionalidade_id: 1,
      micro_area: '01',
      proprio_responsavel_familiar: true,
    };
    const sem = await t.app.inject({ method: 'POST', url: cadastros, headers: acs.headers, payload: base });
    expect(sem.statusCode, sem.body).toBe(422);
    expect(Object.keys(sem.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(
      ['municipio_nascimento_ibge', 'nome_mae', 'nome_pai', 'raca_cor_id'].sort(),
    );
    const com = await t.app.inject({
      method: 'POST',
      url: cadastros,
      headers: acs.headers,
      payload: {
        ...base,
        raca_cor_id: 4,
        nome_mae: 'JOANA DA SILVA',
        pai_desconhecido: true,
        municipio_nascimento_ibge: '5300108',
      },
    });
    expect(com.statusCode, com.body).toBe(201);
    const { zip } = await arquivos({ unidades: [unidade.id], inicio: hoje, fim: hoje });
    const relatorio = zip.find((e) => e.fileName === 'relatorio.csv')?.contents.toString('utf8') ?? '';
    expect(relatorio.split('\r\n').filter((l) => l.includes(m.nome))).toEqual([]);
    const individuais = zip.filter((e) => e.fileName.startsWith('individual/')).map((e) => e.contents.toString('utf8'));
    expect(individuais.some((x) => x.includes(m.nome))).toBe(true);
  });
});
