import { msg } from '@saude/shared';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schema from '../db/schema';
import { fixtures, type Usuario } from '../test/fixtures';
import { buildTestApp, type TestApp } from '../test/helpers';

// Issue 39: a lock_version past the column's int4 range answered 500 on PUT /lembretes. Every versioned resource —
// every table with lock_version, found from the schema — must answer 422 on the field instead.

const INT4_MAX = 2_147_483_647;
const sampleUrl = (url: string) => url.replace(/:[a-zA-Z_]+\??/g, '0190a0b0-0000-7000-8000-000000000000');

/** The routes that carry each versioned table's lock_version (a URL pattern each). */
const rotasDaTabela: Record<string, RegExp> = {
  unidades_saude: /\/(administracao|parametros)\/unidades_saude\/:id$/,
  equipes: /\/administracao\/equipes\/:id$/,
  profissionais: /\/administracao\/profissionais\/:id$/,
  perfis: /\/administracao\/perfis\/:id$/,
  lotacoes: /\/administracao\/lotacoes\/:id$/,
  parametrizacao: /\/ferramentas\/parametrizacao$/,
  municipes: /\/v1\/municipes\/:id$/,
  municipe_sociodemograficas: /\/municipes\/:id\/sociodemografica$/,
  municipe_condicoes_saude: /\/municipes\/:id\/condicao_saude$/,
  cadastros_individuais: /\/cadastros_individuais\/:id/,
  cadastros_domiciliares: /\/cadastros_domiciliares\/:id$/,
  familias: /\/familias\/:id$/,
  pacientes_sem_identificacao: /\/paciente_sem_identificacoes\/:id$/,
  atendimentos: /\/atendimentos(_retroativos)?\/:id$/,
  categorias: /\/filas\/categorias\/:id$/,
  filas: /\/filas\/parametrizacoes\/(:id|unidade)$/,
  senhas: /\/filas\/senhas\/:id\//,
  notificacoes_compulsorias: /\/notificacoes\/:notificacaoId/,
  avisos: /\/comunicacao\/avisos\/:id$/,
  solicitacoes_ouvidoria: /\/ouvidoria\/solicitacoes\/:id$/,
  temas: /\/ferramentas\/temas\/:id$/,
  auth_applications: /\/ferramentas\/auth_applications\/:id$/,
  termos_uso: /\/termos_uso\/:id/,
  lembretes: /\/lembretes\/:id$/,
  municipe_correcoes: /\/municipes\/:id\/correcoes\/:correcao_id$/,
};
/** Versioned tables no request writes by version, and why. */
const semVersaoNaEntrada: Record<string, string> = {
  visitas_domiciliares: 'a visit is never edited; cancelling it takes a justification, not a version',
  notificacoes_globais: 'read marks are per user, one insert each; nothing edits the notification by version',
};

const aceitaVersao = (body: unknown) =>
  body !== undefined &&
  JSON.stringify(z.toJSONSchema(body as z.ZodType, { io: 'input', unrepresentable: 'any' })).includes('"lock_version"');

describe('lock_version within int4 on every versioned resource', () => {
  let t: TestApp;
  let gestor: Usuario;
  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t);
    // A unit that offers urgent care and queues, so their routes answer past the unit's flags.
    const { unidade } = await f.territorio({ unidade: { pronto_atendimento: true, gerenciamento_filas: true } });
    gestor = await f.usuario({ perfil: 'gestor', unidade });
  });
  afterAll(async () => {
    await t.close();
  });

  const rotas = () => t.app.registeredRoutes.filter((r) => aceitaVersao(r.body));

  it('knows every versioned table of the schema and a route for each that takes a version', () => {
    const versionadas = (Object.values(schema) as unknown[])
      .filter((v): v is Table => isTable(v) && 'lock_version' in getTableColumns(v))
      .map((v) => getTableName(v))
      .sort();
    expect(versionadas).toEqual([...Object.keys(rotasDaTabela), ...Object.keys(semVersaoNaEntrada)].sort());
    const semRota = Object.entries(rotasDaTabela)
      .filter(([, re]) => !rotas().some((r) => re.test(r.url)))
      .map(([tabela]) => tabela);
    expect(semRota).toEqual([]);
  });

  it('answers 422 on lock_version past 2147483647 (or negative), never a 500; the largest int4 is no field error', async () => {
    const erradas: string[] = [];
    expect(rotas().length).toBeGreaterThan(30);
    for (const r of rotas()) {
      const send = (lock_version: number) =>
        t.app.inject({
          method: r.method as 'PUT',
          url: sampleUrl(r.url),
          headers: gestor.headers,
          payload: { lock_version },
        });
      for (const v of [INT4_MAX + 1, 2 ** 53 - 1, -1]) {
        const res = await send(v);
        const errors = res.statusCode === 422 ? res.json<{ errors?: Record<string, string[]> }>().errors : undefined;
        if (!errors?.lock_version?.includes(msg.naoEValido))
          erradas.push(`${r.method} ${r.url} lock_version ${v}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      const max = await send(INT4_MAX);
      if (max.statusCode >= 500 || (max.statusCode === 422 && max.json().errors?.lock_version))
        erradas.push(`${r.method} ${r.url} lock_version ${INT4_MAX}: ${max.statusCode} ${max.body.slice(0, 120)}`);
    }
    expect(erradas).toEqual([]);
  });

  it('answers a valid reminder edit with lock_version 2147483648 with 422 on the field (it was a 500)', async () => {
    const url = '/api/v1/lembretes';
    const criado = await t.app.inject({
      method: 'POST',
      url,
      headers: gestor.headers,
      payload: { descricao: 'Ligar' },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const put = (lock_version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${url}/${criado.json().id}`,
        headers: gestor.headers,
        payload: { descricao: 'Ligar de novo', lock_version },
      });
    const fora = await put(INT4_MAX + 1);
    expect(fora.statusCode).toBe(422);
    expect(fora.json().errors).toEqual({ lock_version: [msg.naoEValido] });
    expect((await put(INT4_MAX)).statusCode).toBe(409);
  });
});
