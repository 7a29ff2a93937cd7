import { msg, type Usuario as UsuarioMe } from '@saude/shared';
import type { TermoUso, TermoUsoAceite, TermoUsoListItem } from '@saude/shared/schemas/termo_uso';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profissionais } from '../../db/schema';
import { fixtures, type Headers, type Usuario, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';

const url = '/api/v1/termos_uso';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario, acs: Usuario;

  beforeAll(async () => {
    const { unidade, equipe } = await f.territorio();
    gestor = await f.usuario({ unidade, perfil: 'gestor' });
    acs = await f.usuario({ unidade, equipe, perfil: 'acs' });
  });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: Headers, payload?: object) =>
    t.app.inject({
      method,
      url: `${url}${path}`,
      headers: { ...headers, 'user-agent': 'Navegador de teste/1.0' },
      payload,
    });
  const me = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers })).json<UsuarioMe>();
  const criar = async (payload: object, headers: Headers = gestor.headers) => req('POST', '', headers, payload);
  const publicar = async (termo: TermoUso, headers: Headers = gestor.headers) =>
    req('POST', `/${termo.id}/publicar`, headers, { lock_version: termo.lock_version });
  const aceitar = async (id: string, headers: Headers) => req('POST', `/${id}/aceite`, headers);
  /** Any other route: the gate answers it only once the newest version is accepted. */
  const outraRota = async (headers: Headers) => req('GET', '', headers);

  it('sanitises the text, edits a draft, publishes it, then freezes it; acs reads but does not write', async () => {
    const res = await criar({
      titulo: 'Termos de uso',
      texto:
        '<h2>Uso</h2><p onclick="x()">Leia <script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<a href="javascript:alert(1)">isto</a> e <a href="https://saude.example/lgpd">a LGPD</a>.</p><div>Fim</div>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const v1 = res.json<TermoUso>();
    expect(v1.texto).toBe(
      '<h2>Uso</h2><p>Leia isto e <a href="https://saude.example/lgpd" target="_blank" rel="noopener noreferrer">' +
        'a LGPD</a>.</p>Fim',
    );
    expect(v1).toMatchObject({ versao: 1, publicado_em: null, aceites: 0 });
    expect(await auditRows(t, { action: 'create', record_id: v1.id })).toHaveLength(1);

    // Blank, unanswered, only tags, a NUL byte: 422, never 500.
    const vazio = await criar({ titulo: '', texto: '<p><br></p>' });
    expect(vazio.statusCode).toBe(422);
    expect(vazio.json()).toMatchObject({ errors: { titulo: [msg.obrigatorio] } });
    const soTags = await criar({ titulo: 'x', texto: '<p> <script>x</script></p>' });
    expect(soTags.json()).toMatchObject({ errors: { texto: [msg.obrigatorio] } });
    expect((await criar({})).json()).toMatchObject({ errors: { titulo: [msg.obrigatorio], texto: [msg.obrigatorio] } });
    expect((await criar({ titulo: 'a\u0000b', texto: '<p>x</p>' })).statusCode).toBe(422);

    // acs: index and show, nothing else.
    expect((await req('GET', '', acs.headers)).statusCode).toBe(200);
    expect((await req('GET', `/${v1.id}`, acs.headers)).statusCode).toBe(200);
    expect((await criar({ titulo: 'x', texto: 'y' }, acs.headers)).statusCode).toBe(403);
    const put = { titulo: 'x', texto: 'y', lock_version: v1.lock_version };
    expect((await req('PUT', `/${v1.id}`, acs.headers, put)).statusCode).toBe(403);
    expect((await publicar(v1, acs.headers)).statusCode).toBe(403);
    expect((await req('GET', `/${v1.id}/aceites`, acs.headers)).statusCode).toBe(403);
    expect((await req('DELETE', `/${v1.id}`, acs.headers)).statusCode).toBe(403);

    // A draft is edited; a stale version answers 409.
    const editado = await req('PUT', `/${v1.id}`, gestor.headers, { ...put, titulo: 'Termos de uso do sistema' });
    expect(editado.statusCode, editado.body).toBe(200);
    const v1b = editado.json<TermoUso>();
    expect(v1b.lock_version).toBe(v1.lock_version + 1);
    expect((await req('PUT', `/${v1.id}`, gestor.headers, put)).json()).toMatchObject({ code: 'edicao_desatualizada' });
    expect((await auditRows(t, { action: 'update', record_id: v1.id }))[0]?.details).toEqual({
      campos: ['titulo', 'texto'],
    });
    expect((await publicar(v1)).statusCode).toBe(409);

    const pub = await publicar(v1b);
    expect(pub.statusCode, pub.body).toBe(200);
    const v1p = pub.json<TermoUso>();
    expect(v1p.publicado_em).not.toBeNull();
    expect(v1p.publicado_por_nome).toBe(gestor.nome);
    expect(await auditRows(t, { action: 'publicar', record_id: v1.id })).toHaveLength(1);
    await aceitar(v1.id, gestor.headers);

    // Published: frozen (edit, delete, publish again).
    const congelado = await req('PUT', `/${v1.id}`, gestor.headers, { ...put, lock_version: v1p.lock_version });
    expect(congelado.statusCode).toBe(409);
    expect(congelado.json()).toMatchObject({ message: msg.termoPublicadoCongelado });
    expect((await req('DELETE', `/${v1.id}`, gestor.headers)).json()).toMatchObject({
      message: msg.termoPublicadoCongelado,
    });
    expect((await publicar(v1p)).statusCode).toBe(409);

    // A draft is deleted; an unknown or malformed id is 404.
    const rascunho = (await criar({ titulo: 'Rascunho', texto: 'x' })).json<TermoUso>();
    expect(rascunho.versao).toBe(2);
    expect((await req('DELETE', `/${rascunho.id}`, gestor.headers)).statusCode).toBe(204);
    expect((await req('DELETE', `/${rascunho.id}`, gestor.headers)).statusCode).toBe(404);
    expect((await req('GET', '/abc', gestor.headers)).statusCode).toBe(404);
    expect(await auditRows(t, { action: 'destroy', record_id: rascunho.id })).toHaveLength(1);
  });

  it('gates every other route until the newest version is accepted; an older acceptance does not count', async () => {
    const [v1] = (await (await req('GET', '', gestor.headers)).json<TermoUsoListItem[]>()).filter(
      (v) => v.versao === 1,
    );
    // acs has not accepted v1: /me says so, the pending show answers, anything else is 403 termo_pendente.
    expect((await me(acs.headers)).termo_pendente).toEqual({
      id: v1!.id,
      versao: 1,
      titulo: 'Termos de uso do sistema',
    });
    const barrado = await outraRota(acs.headers);
    expect(barrado.statusCode).toBe(403);
    expect(barrado.json()).toMatchObject({ code: 'termo_pendente', message: msg.termoPendente });
    const menu = await t.app.inject({ method: 'GET', url: '/api/menus', headers: acs.headers });
    expect(menu.statusCode).toBe(403);
    const pendente = await req('GET', '/pendente', acs.headers);
    expect(pendente.statusCode).toBe(200);
    expect(pendente.json<TermoUso>()).toMatchObject({ id: v1!.id, texto: 'y' });

    // Only the pending version is accepted; the acceptance is idempotent and audited once.
    expect((await aceitar(UNKNOWN_ID, acs.headers)).statusCode).toBe(404);
    const aceite = await aceitar(v1!.id, acs.headers);
    expect(aceite.statusCode, aceite.body).toBe(200);
    expect((await aceitar(v1!.id, acs.headers)).json()).toEqual(aceite.json());
    expect(await auditRows(t, { action: 'aceite', record_id: v1!.id })).toHaveLength(2); // gestor's and acs's
    expect((await outraRota(acs.headers)).statusCode).toBe(200);
    expect((await me(acs.headers)).termo_pendente).toBeNull();
    expect((await req('GET', '/pendente', acs.headers)).statusCode).toBe(404);

    // A newer version (number 2 again: the deleted draft's was never seen): v1's acceptance no longer counts.
    const v2 = (await criar({ titulo: 'Termos v2', texto: '<p>Nova</p>' })).json<TermoUso>();
    const rascunho = await aceitar(v2.id, acs.headers);
    expect(rascunho.statusCode).toBe(422);
    expect(rascunho.json()).toMatchObject({ message: msg.termoNaoPendente });
    expect((await publicar(v2)).statusCode).toBe(200);
    expect((await me(acs.headers)).termo_pendente).toMatchObject({ id: v2.id, versao: 2 });
    expect((await outraRota(acs.headers)).statusCode).toBe(403);
    const antiga = await aceitar(v1!.id, acs.headers);
    expect(antiga.statusCode).toBe(422);
    expect(antiga.json()).toMatchObject({ errors: { termo_uso_id: [msg.termoNaoPendente] } });
    expect((await aceitar(v2.id, acs.headers)).statusCode).toBe(200);
    expect((await outraRota(acs.headers)).statusCode).toBe(200);

    // The gestor is gated too (they are a user like any other), then sees who accepted, newest version first.
    expect((await outraRota(gestor.headers)).statusCode).toBe(403);
    await aceitar(v2.id, gestor.headers);
    const lista = await req('GET', '?per_page=1', gestor.headers);
    expect(lista.headers['x-total-count']).toBe('2');
    expect(lista.json<TermoUsoListItem[]>()).toMatchObject([{ id: v2.id, versao: 2, aceites: 2 }]);
    const aceites = await req('GET', `/${v1!.id}/aceites`, gestor.headers);
    expect(aceites.statusCode).toBe(200);
    expect(aceites.headers['x-total-count']).toBe('2');
    const doAcs = aceites.json<TermoUsoAceite[]>().find((x) => x.login === acs.login);
    expect(doAcs).toMatchObject({
      profissional_nome: acs.nome,
      unidade_nome: expect.any(String),
      ip: '127.0.0.1',
      user_agent: 'Navegador de teste/1.0',
    });
    expect((await req('GET', `/${UNKNOWN_ID}/aceites`, gestor.headers)).statusCode).toBe(404);
  });

  it('asks for the one-time password first: its routes answer, the rest (the acceptance too) says senha provisória', async () => {
    const { unidade } = await f.territorio();
    const novo = await f.usuario({ unidade, perfil: 'recepcao' });
    await t.db.update(profissionais).set({ senha_provisoria: true }).where(eq(profissionais.id, novo.id));
    const eu = await me(novo.headers);
    expect(eu.senha_provisoria).toBe(true);
    expect(eu.termo_pendente).toMatchObject({ versao: 2 });
    const senha = await t.app.inject({ method: 'PUT', url: '/api/v2/auth/senha', headers: novo.headers, payload: {} });
    expect(senha.statusCode).toBe(422);
    const aceite = await aceitar(eu.termo_pendente!.id, novo.headers);
    expect(aceite.statusCode).toBe(403);
    expect(aceite.json()).toMatchObject({ message: msg.senhaProvisoria });
  });
});
