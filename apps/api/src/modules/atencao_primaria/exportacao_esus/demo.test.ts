import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportacaoEsus } from '@saude/shared/schemas/exportacao_esus';
import { todayIso } from '@saude/shared/validation/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { CADASTROS_INCOMPLETOS } from '../../../seed/cadastros_individuais';
import { signIn, useTestApp } from '../../../test/helpers';
import { pendentes, type Filtro } from './queries';
import { lerZip, validarXsd } from './xsd';

// The XSD check of every demo record (issue 26): the demo municipality exported whole, through the route, as its
// manager. Every record leaves as a file the official XSDs accept, except the demo's deliberate set of incomplete
// registrations (seed/cadastros_individuais.ts), which the report names — nothing else is refused.

const url = '/api/v1/atencao_primaria/exportacao_esus';
const DIA = 86_400_000;
const RAIZ = path.resolve(import.meta.dirname, '../../../../../..');
const XSD = 'apps/api/src/modules/atencao_primaria/exportacao_esus/xsd';

describe(`${url} over the demo`, () => {
  const t = useTestApp({}, { demo: true });
  let gestor: { authorization: string };
  let unidades: string[];
  const fim = todayIso();
  // The longest period one export may cover, ending today: the demo's visits are of the last four months and its
  // registrations were made (seeded) today, so this covers every demo record (checked below).
  const inicio = new Date(Date.parse(`${fim}T12:00:00Z`) - 365 * DIA).toISOString().slice(0, 10);

  const contar = async (f: Filtro) => {
    let n = 0;
    for await (const _ of pendentes(t.db, f)) n++;
    return n;
  };

  beforeAll(async () => {
    gestor = await signIn(t, 'admin');
    const res = await t.app.inject({ method: 'GET', url: `${url}/unidades`, headers: gestor });
    unidades = res
      .json<Array<{ id: string; exporta: boolean }>>()
      .filter((u) => u.exporta)
      .map((u) => u.id);
  });

  it('exports every demo record as an XSD-valid file but the deliberate incomplete registrations', async () => {
    expect(unidades.length, 'the demo units flagged to export').toBeGreaterThanOrEqual(4);
    const pendentesNoPeriodo = await contar({ unidades, inicio, fim });
    expect(pendentesNoPeriodo, 'the period covers every demo record').toBe(
      await contar({ unidades, inicio: '1900-01-01', fim: '2100-12-31' }),
    );
    expect(pendentesNoPeriodo).toBeGreaterThan(400);

    const res = await t.app.inject({ method: 'POST', url, headers: gestor, payload: { unidades, inicio, fim } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const zip = lerZip(res.rawPayload);
    const xmls = zip.filter((e) => e.fileName.endsWith('.esus.xml'));
    expect(zip.map((e) => e.fileName).filter((n) => !n.endsWith('.esus.xml'))).toEqual(['relatorio.csv']);

    const [hist] = (await t.app.inject({ method: 'GET', url, headers: gestor })).json<ExportacaoEsus[]>();
    expect(hist).toMatchObject({ exportadas: xmls.length, inicio, fim });
    expect(xmls.length + hist!.com_problema).toBe(pendentesNoPeriodo);
    // Refused: exactly the deliberate set, each for its one missing answer, all individual registrations.
    expect(hist!.com_problema).toBe(CADASTROS_INCOMPLETOS.length);
    expect(
      hist!.problemas
        .map((p) => ({ tipo: p.tipo, nome: p.descricao, campo: p.campo }))
        .sort((a, b) => a.nome.localeCompare(b.nome)),
    ).toEqual(
      CADASTROS_INCOMPLETOS.map((c) => ({ tipo: 'individual', nome: c.nome, campo: c.campo })).sort((a, b) =>
        a.nome.localeCompare(b.nome),
      ),
    );
    const relatorio = zip
      .find((e) => e.fileName === 'relatorio.csv')!
      .contents.toString('utf8')
      .trim()
      .split('\r\n');
    expect(relatorio).toHaveLength(1 + CADASTROS_INCOMPLETOS.length);

    // Every record type is there, and every file passes the official XSDs.
    expect(new Set(xmls.map((e) => e.fileName.split('/')[0]))).toEqual(new Set(['domiciliar', 'individual', 'visita']));
    const arquivos = xmls.map((e) => ({ fileName: e.fileName, contents: e.contents.toString('utf8') }));
    // A batch is read file by file: a broken copy among valid files is reported, and only it.
    const quebrado = { fileName: 'quebrado.esus.xml', contents: arquivos[0]!.contents.replace(/<uuid>/, '<uuidx>') };
    const prova = await validarXsd([arquivos[1]!, quebrado, arquivos[2]!]);
    expect(prova.valid).toBe(false);
    expect(new Set(prova.errors.flatMap((e) => (e.loc ? [e.loc.fileName] : [])))).toEqual(new Set([quebrado.fileName]));
    for (const valido of [arquivos[1]!, arquivos[2]!])
      expect(prova.errors.filter((e) => e.rawMessage.includes(valido.fileName))).toEqual([]);
    // Then the whole zip through the project's own check, as CI and a municipality run it (issue 26).
    const pasta = mkdtempSync(path.join(tmpdir(), 'saude-ledi-'));
    try {
      writeFileSync(path.join(pasta, 'demo.zip'), res.rawPayload);
      const r = spawnSync(process.execPath, ['scripts/validar-ledi.mjs', XSD, path.join(pasta, 'demo.zip')], {
        cwd: RAIZ,
        encoding: 'utf8',
      });
      expect(r.stderr.split('\n').slice(0, 10).join('\n')).toBe('');
      expect(r.stdout.trim()).toBe(`${xmls.length} arquivo(s), todos válidos.`);
      expect(r.status).toBe(0);
    } finally {
      rmSync(pasta, { recursive: true, force: true });
    }
  }, 120_000);
});
