import { msg } from '@saude/shared';
import type { NotificacaoGlobal, NotificacaoGlobalCriada } from '@saude/shared/schemas/notificacao_global';
import { beforeAll, describe, expect, it } from 'vitest';
import { perfis } from '../../db/schema';
import { fixtures, type Headers, type Unidade, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';

const url = '/api/v1/notificacoes_globais';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let ubs: Unidade, upa: Unidade;
  const perfil: Record<string, string> = {};
  let gestor: Headers;
  let medUbs: Headers, enfUbs: Headers;
  /** A doctor in the UBS and a nurse in the UPA: what they see depends on the current unit. */
  let duploNaUbs: Headers, duploNaUpa: Headers;

  beforeAll(async () => {
    ubs = await f.unidade({ tipo: 'UBS' });
    upa = await f.unidade({ tipo: 'UPA' });
    for (const pf of await t.db.select().from(perfis)) perfil[pf.codigo] = pf.id;
    gestor = (await f.usuario({ unidade: ubs, perfil: 'gestor' })).headers;
    medUbs = (await f.usuario({ unidade: ubs, perfil: 'medico' })).headers;
    enfUbs = (await f.usuario({ unidade: ubs, perfil: 'enfermagem' })).headers;
    const duplo = await f.profissional([
      { unidade: ubs, perfil: 'medico' },
      { unidade: upa, perfil: 'enfermagem' },
    ]);
    duploNaUbs = await f.signIn(duplo, ubs);
    duploNaUpa = await f.signIn(duplo, upa);
  });

  const criar = async (payload: Record<string, unknown>, headers: Headers = gestor) =>
    t.app.inject({ method: 'POST', url, headers, payload: { tipo: 'aviso', titulo: 'T', cor: '009cb0', ...payload } });
  const listar = async (headers: Headers, query = '', extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${url}${query}`, headers: { ...headers, ...extra } });
  const ids = async (headers: Headers, query = '') =>
    (await listar(headers, query)).json<NotificacaoGlobal[]>().map((n) => n.id);

  it('creates one (colour upper case, audited) and answers 403 to non-managers on create and delete', async () => {
    const res = await criar({ titulo: 'Nova versão', subtitulo: 'Detalhes', redirecionar_path_url: '/municipes' });
    expect(res.statusCode, res.body).toBe(201);
    const criada = res.json<NotificacaoGlobalCriada>();
    expect(criada).toMatchObject({ cor: '009CB0', perfil_ids: [], lida_em: null, redirecionar_path_url: '/municipes' });
    expect(await auditRows(t, { action: 'create', record_id: criada.id })).toHaveLength(1);

    expect((await criar({ titulo: 'x' }, medUbs)).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${criada.id}`, headers: medUbs });
    expect(del.statusCode).toBe(403);

    const ok = await t.app.inject({ method: 'DELETE', url: `${url}/${criada.id}`, headers: gestor });
    expect(ok.statusCode).toBe(204);
    expect(await auditRows(t, { action: 'destroy', record_id: criada.id })).toHaveLength(1);
    expect(await ids(medUbs)).not.toContain(criada.id);
    const again = await t.app.inject({ method: 'DELETE', url: `${url}/${criada.id}`, headers: gestor });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    ['https://mal.example/x'],
    ['//mal.example/x'],
    ['/\\mal.example'],
    ['javascript:alert(1)'],
    ['municipes'],
    ['/a b'],
  ])('refuses the path %s (no open redirect)', async (path) => {
    const res = await criar({ redirecionar_path_url: path });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { redirecionar_path_url: [msg.naoEValido] } });
  });

  it('validates tipo, titulo, cor and profiles', async () => {
    const res = await criar({ tipo: 'x', titulo: '', cor: '#12345G', subtitulo: 'a'.repeat(201) });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors).toMatchObject({
      tipo: [msg.naoEValido],
      titulo: [msg.obrigatorio],
      cor: [msg.naoEValido],
      subtitulo: [msg.max(200)],
    });
    expect((await criar({ titulo: 'a'.repeat(101) })).json()).toMatchObject({ errors: { titulo: [msg.max(100)] } });
    const semPerfil = await criar({ perfil_ids: [UNKNOWN_ID] });
    expect(semPerfil.statusCode).toBe(422);
    expect(semPerfil.json()).toMatchObject({ errors: { perfil_ids: [msg.naoEValido] } });
  });

  it('scopes by profile in the current unit, newest first, paged with X-Total-Count', async () => {
    const todos = (await criar({ titulo: 'Para todos', tipo: 'pemc' })).json<NotificacaoGlobalCriada>();
    const medicos = (await criar({ titulo: 'Médicos', perfil_ids: [perfil.medico] })).json<NotificacaoGlobalCriada>();
    const enf = (
      await criar({ titulo: 'Enfermagem', perfil_ids: [perfil.enfermagem] })
    ).json<NotificacaoGlobalCriada>();

    expect(await ids(medUbs)).toEqual([medicos.id, todos.id]);
    expect(await ids(enfUbs)).toEqual([enf.id, todos.id]);
    expect(await ids(gestor)).toEqual([todos.id]);
    // The same person: a doctor in the UBS, a nurse in the UPA.
    expect(await ids(duploNaUbs)).toEqual([medicos.id, todos.id]);
    expect(await ids(duploNaUpa)).toEqual([enf.id, todos.id]);

    const pagina = await listar(medUbs, '?per_page=1&page=2');
    expect(pagina.headers['x-total-count']).toBe('2');
    expect(pagina.json<NotificacaoGlobal[]>().map((n) => n.id)).toEqual([todos.id]);
    expect((await listar(medUbs, '?per_page=101')).statusCode).toBe(422);

    // Reading: idempotent, only one aimed at the user, and lida=false leaves it out.
    const ler = (id: string, headers: Headers) =>
      t.app.inject({ method: 'POST', url: `${url}/${id}/leitura`, headers });
    expect((await ler(enf.id, medUbs)).statusCode).toBe(404);
    expect((await ler(UNKNOWN_ID, medUbs)).statusCode).toBe(404);
    expect((await ler('nao-e-uuid', medUbs)).statusCode).toBe(404);
    const primeira = await ler(medicos.id, medUbs);
    expect(primeira.statusCode, primeira.body).toBe(200);
    const segunda = await ler(medicos.id, medUbs);
    expect(segunda.json()).toEqual(primeira.json());
    expect(await auditRows(t, { action: 'leitura', record_id: medicos.id })).toHaveLength(1);
    const lista = (await listar(medUbs)).json<NotificacaoGlobal[]>();
    expect(lista.find((n) => n.id === medicos.id)?.lida_em).toBe(primeira.json<{ lida_em: string }>().lida_em);
    expect(await ids(medUbs, '?lida=false')).toEqual([todos.id]);
    // Someone else's read time is theirs only.
    expect((await listar(duploNaUbs)).json<NotificacaoGlobal[]>().every((n) => n.lida_em === null)).toBe(true);

    for (const n of [todos, medicos, enf])
      await t.app.inject({ method: 'DELETE', url: `${url}/${n.id}`, headers: gestor });
  });

  it("counts the unread only up to the poll's contar_ate, and all of them without it (issue 41)", async () => {
    const novas = [];
    for (const titulo of ['A', 'B', 'C']) novas.push((await criar({ titulo })).json<NotificacaoGlobalCriada>());
    const leitor = (await f.usuario({ unidade: ubs, perfil: 'medico' })).headers;
    const total = async (query: string) => (await listar(leitor, query)).headers['x-total-count'];
    expect(await total('?lida=false&per_page=1')).toBe('3');
    expect(await total('?lida=false&per_page=1&contar_ate=2')).toBe('2');
    expect(await total('?lida=false&per_page=1&contar_ate=100')).toBe('3');
    // A full page of the poll (per_page = the cap) needs no count at all.
    expect(await total('?lida=false&per_page=2&contar_ate=2')).toBe('2');
    // A short page says the rest: still never more than the cap.
    expect(await total('?lida=false&per_page=5&contar_ate=2')).toBe('2');
    for (const q of ['0', '101', 'x']) expect((await listar(leitor, `?contar_ate=${q}`)).statusCode, q).toBe(422);
    for (const n of novas) await t.app.inject({ method: 'DELETE', url: `${url}/${n.id}`, headers: gestor });
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once a read or a new one changes what the user sees', async () => {
    const n = (await criar({ titulo: 'ETag' })).json<NotificacaoGlobalCriada>();
    const first = await listar(enfUbs);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const same = await listar(enfUbs, '', { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // Another user's read changes nothing for this one.
    await t.app.inject({ method: 'POST', url: `${url}/${n.id}/leitura`, headers: medUbs });
    expect((await listar(enfUbs, '', { 'if-none-match': etag })).statusCode).toBe(304);
    await t.app.inject({ method: 'POST', url: `${url}/${n.id}/leitura`, headers: enfUbs });
    const lida = await listar(enfUbs, '', { 'if-none-match': etag });
    expect(lida.statusCode).toBe(200);
    expect(lida.headers.etag).not.toBe(etag);
    const nova = (await criar({ titulo: 'Outra' })).json<NotificacaoGlobalCriada>();
    expect((await listar(enfUbs, '', { 'if-none-match': lida.headers.etag as string })).statusCode).toBe(200);
    for (const x of [n, nova]) await t.app.inject({ method: 'DELETE', url: `${url}/${x.id}`, headers: gestor });
  });
});
