import { msg } from '@saude/shared';
import { eq } from 'drizzle-orm';
import { todayIso } from '@saude/shared/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApplications, unidadesSaude } from './db/schema';
import { newId } from './lib/ids';
import { fixtures, type Equipe, type Profissional, type Unidade } from './test/fixtures';
import { buildTestApp, type TestApp } from './test/helpers';

// Spec §7 lists the calls the product makes; each answers at the path written there, under /api (architecture).
describe('the calls of spec §7', () => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  let admin: { authorization: string };
  let header: { unidade: Unidade; equipe: Equipe; profissional: Profissional };
  beforeAll(async () => {
    t = await buildTestApp();
    f = fixtures(t);
    const { unidade, equipe } = await f.territorio({ unidade: { exportacao_esus: true } });
    const gestor = await f.usuario({ unidade, perfil: 'gestor' });
    admin = gestor.headers;
    header = { unidade, equipe, profissional: gestor };
  });
  afterAll(async () => {
    await t.close();
  });

  const answers = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: admin, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json();
  };

  it('POST /ferramentas/permissoes/', async () => {
    await answers('POST', '/api/ferramentas/permissoes', { authorize: 'municipes:index', resource_id: null });
  });
  it('GET api/ferramentas/parametrizacao', async () => {
    expect(await answers('GET', '/api/ferramentas/parametrizacao')).toHaveProperty('cliente_nome');
  });
  it('GET /municipes/{id}/permissao_cadastro', async () => {
    const m = await f.municipe();
    expect(await answers('GET', `/api/municipes/${m.id}/permissao_cadastro`)).toHaveProperty('condicoes_saude');
  });
  it('GET /v1/parametros/unidades_saude/{id}/{parametro} and …/atual/{parametro}', async () => {
    const atual = await answers('GET', '/api/v1/parametros/unidades_saude/atual/exportacao_esus');
    expect(atual).toEqual({ parametro: 'exportacao_esus', valor: true });
    const me = await answers('GET', '/api/v2/auth/me');
    await answers('GET', `/api/v1/parametros/unidades_saude/${me.unidade_atual.id}/cpf_cns`);
  });
  it('GET {legacy host}/api/menus', async () => {
    expect(Array.isArray(await answers('GET', '/api/menus'))).toBe(true);
  });

  it('GET /atencao_primaria/cadastros_domiciliares/{id}', async () => {
    const casa = await f.domicilio(header);
    expect(await answers('GET', `/api/atencao_primaria/cadastros_domiciliares/${casa.id}`)).toMatchObject({
      id: casa.id,
      familias: expect.any(Array),
    });
  });
  it('GET /atencao_primaria/familias/{familiaId}', async () => {
    const familia = await f.familia(header, { membros: [await f.municipe()], mudou: true });
    expect(await answers('GET', `/api/atencao_primaria/familias/${familia.id}`)).toMatchObject({
      id: familia.id,
      mudou: true,
    });
  });
  it('GET /v1/ferramentas/tema_atual', async () => {
    // No theme in force: 204, the shell keeps its colours (the themes' own tests cover a theme in force).
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ferramentas/tema_atual', headers: admin });
    expect(res.statusCode).toBe(204);
  });
  it('GET /v1/comunicacao/avisos, GET avisos/nao_visualizados, POST comunicacao/avisos/{id}/aviso_visualizacoes', async () => {
    const base = '/api/v1/comunicacao/avisos';
    const hoje = todayIso();
    const criado = await t.app.inject({
      method: 'POST',
      url: base,
      headers: admin,
      payload: {
        titulo: 'Campanha de vacinação',
        mensagem: 'Começa segunda-feira.',
        data_inicial: hoje,
        data_final: hoje,
        profissional_ids: [header.profissional.id],
      },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const { id } = criado.json<{ id: string }>();
    expect(await answers('GET', `${base}?page=1&per_page=10`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id })]),
    );
    expect(await answers('GET', `${base}/nao_visualizados`)).toEqual([expect.objectContaining({ id })]);
    const visto = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/aviso_visualizacoes`,
      headers: admin,
      payload: {},
    });
    expect(visto.statusCode, visto.body).toBe(201);
    expect(await answers('GET', `${base}/nao_visualizados`)).toEqual([]);
  });
  it('GET /v1/ferramentas/parametrizacao/cadsus (the national registry lookup, issue 24)', async () => {
    // No CADSUS_URL in the tests' environment: the form is told the lookup is not configured.
    expect(await answers('GET', '/api/v1/ferramentas/parametrizacao/cadsus')).toMatchObject({
      configurado: false,
      token_valido: false,
    });
  });
  it('GET /ferramentas/parametrizacao/tempo_chamadas', async () => {
    await t.db.update(unidadesSaude).set({ tempo_chamadas: 45 }).where(eq(unidadesSaude.id, header.unidade.id));
    expect(await answers('GET', '/api/ferramentas/parametrizacao/tempo_chamadas')).toEqual({ tempo_unidade_atual: 45 });
  });
  it('GET /v1/ferramentas/auth_applications (the ticket-authentication popup; 401 for an unknown callback)', async () => {
    const uri = 'https://senhas.exemplo.gov.br/retorno';
    await t.db.insert(authApplications).values({ id: newId(), nome: 'Painel de senhas', uri });
    const url = '/api/v1/ferramentas/auth_applications';
    expect(await answers('GET', `${url}?uri=${encodeURIComponent(uri)}`)).toMatchObject({
      nome: 'Painel de senhas',
      uri,
    });
    const outra = await t.app.inject({ method: 'GET', url: `${url}?uri=https%3A%2F%2Foutro.exemplo`, headers: admin });
    expect(outra.statusCode).toBe(401);
    expect(outra.json().message).toBe(msg.senhaSimplesNaoAutorizado);
  });
  it('GET /v1/buscas/consulta/ouvidoria/notificacoes (the bell)', async () => {
    const opcoes = await answers('GET', '/api/v1/ouvidoria/opcoes');
    const criada = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ouvidoria/solicitacoes',
      headers: admin,
      payload: {
        canal: 'telefone',
        tipo_solicitacao_id: opcoes.tipos[0].id,
        prioridade_id: opcoes.prioridades[0].id,
        assunto: 'Demora na recepção',
        texto: 'Esperei duas horas.',
        nome_solicitante: 'Fulana de Tal',
      },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/buscas/consulta/ouvidoria/notificacoes?lido=false&per_page=5',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ solicitacao_id: criada.json<{ id: string }>().id })]),
    );
  });
  it('GET /v1/notificacoes_globais (the globe)', async () => {
    const criada = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes_globais',
      headers: admin,
      payload: { tipo: 'aviso', titulo: 'Nova versão', cor: '009CB0', redirecionar_path_url: '/municipes' },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    expect(await answers('GET', '/api/v1/notificacoes_globais')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: criada.json<{ id: string }>().id,
          lida_em: null,
          redirecionar_path_url: '/municipes',
        }),
      ]),
    );
  });
});
