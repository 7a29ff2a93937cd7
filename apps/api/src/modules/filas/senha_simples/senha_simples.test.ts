import { msg } from '@saude/shared';
import type { AuthApplication, SenhaSimplesToken } from '@saude/shared/schemas/senha_simples';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authApplications, categorias, filaCategorias, filas, sessoes } from '../../../db/schema';
import { hashToken } from '../../../auth/sessions';
import { newId } from '../../../lib/ids';
import { fixtures, type Unidade, type Usuario } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { registrarSenhaSimples, uriDaMesa } from '../../ferramentas';

// The ticket-authentication popup's API (issue 17, spec §4 and §7): the registered callback, the scoped token, and
// what that token may reach.

const apps = '/api/v1/ferramentas/auth_applications';
const tokenUrl = '/api/v1/filas/senha_simples/token';

describe('SenhaSimples', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://saude.exemplo.gov.br' });
  const f = fixtures(t);
  let upa: Unidade;
  let recepcao: Usuario;
  const uri = uriDaMesa('https://saude.exemplo.gov.br');

  /** The unit's one queue, fed by one category: a queue parametrization. */
  const parametrizar = async (unidade: Pick<Unidade, 'id'>) => {
    const filaId = newId();
    const categoriaId = newId();
    const sigla = String.fromCharCode(65 + Math.floor(Math.random() * 26)).repeat(3);
    await t.db.insert(filas).values({ id: filaId, unidade_saude_id: unidade.id, nome: 'Recepção' });
    await t.db
      .insert(categorias)
      .values({ id: categoriaId, nome: `Normal ${newId()}`, sigla, prioridade: 3, cor: '#1565C0' })
      .onConflictDoNothing();
    const [c] = await t.db.select({ id: categorias.id }).from(categorias).where(eq(categorias.sigla, sigla));
    await t.db.insert(filaCategorias).values({ fila_id: filaId, categoria_id: c!.id, unidade_saude_id: unidade.id });
  };
  const emitir = (headers: Usuario['headers'], payload: object = { uri }) =>
    t.app.inject({ method: 'POST', url: tokenUrl, headers, payload });

  beforeAll(async () => {
    await registrarSenhaSimples(t.db, t.config.PUBLIC_URL);
    // Idempotent: a restart registers nothing twice.
    await registrarSenhaSimples(t.db, t.config.PUBLIC_URL);
    upa = await f.unidade({ gerenciamento_filas: true, pronto_atendimento: true });
    await parametrizar(upa);
    recepcao = await f.usuario({ unidade: upa, perfil: 'recepcao' });
  });

  it('answers the application registered for exactly that callback, 401 otherwise (unknown, inactive, missing)', async () => {
    const ok = await t.app.inject({ method: 'GET', url: apps, query: { uri }, headers: recepcao.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AuthApplication>()).toEqual({ id: expect.any(String), nome: 'SenhaSimples', uri });
    for (const outra of [`${uri}/`, 'https://malicioso.exemplo.com/filas/chamadas', '']) {
      const res = await t.app.inject({ method: 'GET', url: apps, query: { uri: outra }, headers: recepcao.headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: msg.senhaSimplesNaoAutorizado });
    }
    const inativa = 'https://inativa.exemplo.com/filas/chamadas';
    await t.db.insert(authApplications).values({ id: newId(), nome: 'Antiga', uri: inativa, ativo: false });
    const res = await t.app.inject({ method: 'GET', url: apps, query: { uri: inativa }, headers: recepcao.headers });
    expect(res.statusCode).toBe(401);
    // Staff only.
    expect((await t.app.inject({ method: 'GET', url: apps, query: { uri } })).statusCode).toBe(401);
  });

  it('issues a 12-hour token of the same professional and unit, scoped to the queues, and audits it', async () => {
    const res = await emitir(recepcao.headers);
    expect(res.statusCode).toBe(200);
    const { token, expires_at } = res.json<SenhaSimplesToken>();
    const horas = (new Date(expires_at).getTime() - Date.now()) / 3_600_000;
    expect(horas).toBeGreaterThan(11.9);
    expect(horas).toBeLessThanOrEqual(12);
    const [s] = await t.db
      .select()
      .from(sessoes)
      .where(eq(sessoes.token_hash, hashToken(token)));
    expect(s).toMatchObject({ profissional_id: recepcao.id, unidade_saude_id: upa.id, escopo: 'filas' });
    const trail = await auditRows(t, { action: 'senha_simples_token', record_id: s!.id });
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail)).not.toContain(token);
  });

  it('the scoped token reaches the filas/ routes only: 403 anywhere else, /me included; it mints no tokens', async () => {
    const { token } = (await emitir(recepcao.headers)).json<SenhaSimplesToken>();
    const headers = { authorization: `Bearer ${token}` };
    // A filas/ route answers past the access hook (the key route refuses recepção for lack of the permission).
    const snapshotPublico = await t.app.inject({ method: 'POST', url: '/api/v1/filas/painel/chave', headers });
    expect(snapshotPublico.statusCode).toBe(403);
    expect(snapshotPublico.json()).toMatchObject({ message: msg.naoAutorizado });
    for (const [method, url] of [
      ['GET', '/api/v2/auth/me'],
      ['GET', '/api/v1/municipes'],
      ['GET', '/api/v1/urgencia_emergencia/atendimentos'],
      ['GET', `${apps}?uri=${encodeURIComponent(uri)}`],
      ['GET', '/api/menus'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ message: msg.senhaSimplesEscopo });
    }
    const outro = await emitir(headers);
    expect(outro.statusCode).toBe(403);
    // The staff session that asked is untouched.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/municipes', headers: recepcao.headers })).statusCode,
    ).toBe(200);
  });

  it('the scoped token opens a filas/ route the profile holds', async () => {
    const gestor = await f.usuario({ unidade: upa, perfil: 'gestor' });
    const { token } = (await emitir(gestor.headers)).json<SenhaSimplesToken>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/filas/painel/chave',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('signing out ends the tokens issued from that sign-in, not those of another sign-in', async () => {
    const mesa = await f.usuario({ unidade: upa, perfil: 'recepcao' });
    const outraAba = { authorization: `Bearer ${(await emitir(recepcao.headers)).json<SenhaSimplesToken>().token}` };
    const token = { authorization: `Bearer ${(await emitir(mesa.headers)).json<SenhaSimplesToken>().token}` };
    const lista = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/filas/senhas', headers });
    expect((await lista(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: mesa.headers })).statusCode).toBe(
      204,
    );
    expect((await lista(token)).statusCode).toBe(401);
    expect((await lista(outraAba)).statusCode).toBe(200);
  });

  it('refuses an unregistered callback (401), a unit without parametrization or queues (404), bad input (422)', async () => {
    const nao = await emitir(recepcao.headers, { uri: 'https://malicioso.exemplo.com/filas/chamadas' });
    expect(nao.statusCode).toBe(401);
    const semParametrizacao = await f.unidade({ gerenciamento_filas: true });
    const u1 = await f.usuario({ unidade: semParametrizacao, perfil: 'recepcao' });
    const r1 = await emitir(u1.headers);
    expect(r1.statusCode).toBe(404);
    expect(r1.json()).toMatchObject({ message: msg.senhaSimplesSemParametrizacao });
    const semFilas = await f.unidade({ gerenciamento_filas: false });
    await parametrizar(semFilas);
    const u2 = await f.usuario({ unidade: semFilas, perfil: 'recepcao' });
    expect((await emitir(u2.headers)).statusCode).toBe(404);
    expect((await emitir(recepcao.headers, {})).statusCode).toBe(422);
    expect((await emitir(recepcao.headers, { uri: 'a\u0000b' })).statusCode).toBe(422);
    // A profile without the ticket permissions.
    const acs = await f.usuario({ unidade: upa, perfil: 'acs' });
    expect((await emitir(acs.headers)).statusCode).toBe(403);
  });
});
