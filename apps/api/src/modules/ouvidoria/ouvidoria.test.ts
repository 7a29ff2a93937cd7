import { msg } from '@saude/shared';
import type {
  OuvidoriaNotificacao,
  OuvidoriaOpcoes,
  Solicitacao,
  SolicitacaoListItem,
} from '@saude/shared/schemas/ouvidoria';
import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ouvidoriaNotificacoes, solicitacoesOuvidoria } from '../../db/schema';
import { fixtures, type Headers, type Unidade, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { somarDias } from './service';

const url = '/api/v1/ouvidoria/solicitacoes';
const sino = '/api/v1/buscas/consulta/ouvidoria/notificacoes';

describe('/api/v1/ouvidoria', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let ubs: Unidade;
  let gestor: Headers, gestor2: Headers, medico: Headers;
  let opcoes: OuvidoriaOpcoes;
  let municipeId = '';

  beforeAll(async () => {
    ubs = await f.unidade({ tipo: 'UBS' });
    gestor = (await f.usuario({ unidade: ubs, perfil: 'gestor' })).headers;
    gestor2 = (await f.usuario({ unidade: ubs, perfil: 'gestor' })).headers;
    medico = (await f.usuario({ unidade: ubs, perfil: 'medico' })).headers;
    municipeId = (await f.municipe()).id;
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/ouvidoria/opcoes', headers: gestor });
    expect(r.statusCode).toBe(200);
    opcoes = r.json();
  });

  const tipo = (nome: string) => opcoes.tipos.find((x) => x.nome === nome)!.id;
  const prio = (nome: string) => opcoes.prioridades.find((x) => x.nome === nome)!.id;
  const base = () => ({
    canal: 'telefone',
    tipo_solicitacao_id: tipo('Reclamação'),
    prioridade_id: prio('Alta'),
    assunto: 'Demora na recepção',
    texto: 'Esperei duas horas.',
    nome_solicitante: 'Fulana de Tal',
  });
  const post = (payload: object, headers: Headers = gestor) => t.app.inject({ method: 'POST', url, headers, payload });
  const put = (id: string, payload: object, headers: Headers = gestor) =>
    t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload });
  const criar = async (over: object = {}) => {
    const r = await post({ ...base(), ...over });
    expect(r.statusCode, r.body).toBe(201);
    return r.json<Solicitacao>();
  };
  const mudar = (s: Solicitacao, body: object) =>
    put(s.id, {
      lock_version: s.lock_version,
      prioridade_id: s.prioridade.id,
      unidade_saude_id: s.unidade_saude_id,
      ...body,
    });

  it('seeds the code tables in the base seed: six types with Tabler icons, four priorities with colours', () => {
    expect(opcoes.tipos.map((x) => x.nome)).toContain('Reclamação');
    expect(opcoes.tipos.find((x) => x.nome === 'Reclamação')).toMatchObject({
      icone: 'IconAlertTriangle',
      prazo_dias: 30,
    });
    expect(opcoes.prioridades.map((x) => x.nome)).toEqual(['Urgente', 'Alta', 'Média', 'Baixa']);
    for (const pr of opcoes.prioridades) expect(pr.cor).toMatch(/^#[0-9A-F]{6}$/);
    expect(opcoes.canais.map((c) => c.id)).toContain('whatsapp');
  });

  it('creates: protocol of the year, deadline = today + 30, first event, one bell item; audited', async () => {
    const s = await criar();
    const hoje = todayIso();
    expect(s.protocolo).toMatch(new RegExp(`^${hoje.slice(0, 4)}\\d{6}$`));
    expect(s.prazo).toBe(somarDias(hoje, 30));
    expect(s.dias_restantes).toBe(30);
    expect(s.situacao).toBe('aberta');
    expect(s.eventos).toHaveLength(1);
    expect(s.eventos[0]).toMatchObject({ situacao_anterior: null, situacao: 'aberta' });
    const itens = await t.db.select().from(ouvidoriaNotificacoes).where(eq(ouvidoriaNotificacoes.solicitacao_id, s.id));
    expect(itens).toHaveLength(1);
    expect(itens[0]!.motivo).toBe('nova');
    expect(await auditRows(t, { action: 'create', record_id: s.id, resource: 'ouvidoria' })).toHaveLength(1);
  });

  it('requester rules: anonymous names nobody; otherwise a citizen XOR a name', async () => {
    const semNinguem = await post({ ...base(), nome_solicitante: '' });
    expect(semNinguem.statusCode).toBe(422);
    expect(semNinguem.json().errors.nome_solicitante).toEqual([msg.obrigatorio]);
    const ambos = await post({ ...base(), municipe_id: municipeId });
    expect(ambos.json().errors.nome_solicitante).toEqual([msg.naoEValido]);
    const anonComNome = await post({ ...base(), anonimo: true });
    expect(anonComNome.statusCode).toBe(422);
    expect(anonComNome.json().errors.nome_solicitante).toEqual([msg.naoEValido]);
    const anon = await criar({ anonimo: true, nome_solicitante: null });
    expect(anon).toMatchObject({ anonimo: true, municipe_id: null, nome_solicitante: null });
    const doMunicipe = await criar({ municipe_id: municipeId, nome_solicitante: null });
    expect(doMunicipe.municipe_nome).toMatch(/Pessoa de Teste/);
  });

  it('validates subject, text, channel, type and priority (422 per field, never 500)', async () => {
    const r = await post({
      ...base(),
      assunto: '',
      texto: 'x'.repeat(4001),
      canal: 'fax',
      tipo_solicitacao_id: UNKNOWN_ID,
      prioridade_id: 'x',
    });
    expect(r.statusCode).toBe(422);
    const e = r.json().errors;
    expect(e.assunto).toEqual([msg.obrigatorio]);
    expect(e.texto).toEqual([msg.max(4000)]);
    expect(e.canal).toEqual([msg.naoEValido]);
    expect(e.prioridade_id).toEqual([msg.naoEValido]);
    const r2 = await post({
      ...base(),
      tipo_solicitacao_id: UNKNOWN_ID,
      municipe_id: UNKNOWN_ID,
      nome_solicitante: null,
    });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors).toMatchObject({ tipo_solicitacao_id: [msg.naoEValido], municipe_id: [msg.naoEValido] });
  });

  it('gives distinct sequential protocols under concurrent creates', async () => {
    const rs = await Promise.all(Array.from({ length: 6 }, () => post(base())));
    const protocolos = rs.map((r) => r.json<Solicitacao>().protocolo);
    expect(rs.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(protocolos).size).toBe(6);
    const nums = protocolos.map((p) => Number(p.slice(4))).sort((a, b) => a - b);
    expect(nums.at(-1)! - nums[0]!).toBe(5);
  });

  it('moves along the states, each a history event; answering needs the answer; 409 on a stale version', async () => {
    const s = await criar();
    const volta = await mudar(s, { situacao: 'aberta' });
    expect(volta.statusCode).toBe(200); // same state: no move
    const s1 = volta.json<Solicitacao>();
    const analise = (
      await mudar(s1, { situacao: 'em_analise', observacao: 'Encaminhada à unidade' })
    ).json<Solicitacao>();
    expect(analise.situacao).toBe('em_analise');
    expect(analise.eventos.at(-1)).toMatchObject({
      situacao_anterior: 'aberta',
      situacao: 'em_analise',
      observacao: 'Encaminhada à unidade',
    });
    const semResposta = await mudar(analise, { situacao: 'respondida' });
    expect(semResposta.statusCode).toBe(422);
    expect(semResposta.json().errors.resposta).toEqual([msg.obrigatorio]);
    const velha = await mudar(s1, { situacao: 'em_analise' });
    expect(velha.statusCode).toBe(409);
    const respondida = (
      await mudar(analise, { situacao: 'respondida', resposta: 'Orientamos a equipe.' })
    ).json<Solicitacao>();
    expect(respondida).toMatchObject({
      situacao: 'respondida',
      resposta: 'Orientamos a equipe.',
      dias_restantes: null,
    });
    expect(respondida.respondida_em).not.toBeNull();
    // Whoever answered: the signed-in manager, by name.
    const eu = await t.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: gestor });
    expect(respondida.respondida_por_nome).toBe(eu.json<{ nome: string }>().nome);
    const back = await mudar(respondida, { situacao: 'em_analise' });
    expect(back.json().errors.situacao).toEqual([msg.naoEValido]);
    const fechada = (await mudar(respondida, { situacao: 'encerrada' })).json<Solicitacao>();
    expect(fechada.situacao).toBe('encerrada');
    expect(fechada.eventos.map((e) => e.situacao)).toEqual(['aberta', 'em_analise', 'respondida', 'encerrada']);
    const prioFechada = await put(fechada.id, { lock_version: fechada.lock_version, prioridade_id: prio('Baixa') });
    expect(prioFechada.json().errors.prioridade_id).toEqual([msg.naoEValido]);
  });

  it('closes an unanswered request only with a note', async () => {
    const s = await criar();
    const sem = await mudar(s, { situacao: 'encerrada' });
    expect(sem.json().errors.observacao).toEqual([msg.obrigatorio]);
    const com = await mudar(s, { situacao: 'encerrada', observacao: 'Duplicada' });
    expect(com.json<Solicitacao>()).toMatchObject({ situacao: 'encerrada', respondida_em: null });
  });

  it('extends the deadline once, by up to 30 days, with a note', async () => {
    const s = await criar();
    expect((await mudar(s, { prorrogacao_dias: 31, observacao: 'x' })).json().errors.prorrogacao_dias).toBeDefined();
    expect((await mudar(s, { prorrogacao_dias: 10 })).json().errors.observacao).toEqual([msg.obrigatorio]);
    const r = (await mudar(s, { prorrogacao_dias: 10, observacao: 'Aguarda a unidade' })).json<Solicitacao>();
    expect(r.prazo).toBe(somarDias(s.prazo, 10));
    expect(r.prorrogada).toBe(true);
    expect(r.eventos.at(-1)!.observacao).toMatch(/Prazo prorrogado por 10 dias/);
    const outra = await mudar(r, { prorrogacao_dias: 5, observacao: 'de novo' });
    expect(outra.json().errors.prorrogacao_dias).toEqual([msg.naoEValido]);
  });

  it('lists newest first with filters, X-Total-Count and `vencidas`', async () => {
    const s = await criar({ assunto: 'Vencida de teste', prioridade_id: prio('Urgente') });
    await t.db
      .update(solicitacoesOuvidoria)
      .set({ prazo: somarDias(todayIso(), -2) })
      .where(eq(solicitacoesOuvidoria.id, s.id));
    const r = await t.app.inject({ method: 'GET', url: `${url}?vencidas=true&per_page=5`, headers: gestor });
    expect(r.statusCode).toBe(200);
    const rows = r.json<SolicitacaoListItem[]>();
    expect(rows.map((x) => x.id)).toEqual([s.id]);
    expect(r.headers['x-total-count']).toBe('1');
    expect(rows[0]).toMatchObject({
      dias_restantes: -2,
      tipo: { icone: 'IconAlertTriangle' },
      prioridade: { nome: 'Urgente' },
    });
    const porProtocolo = await t.app.inject({ method: 'GET', url: `${url}?protocolo=${s.protocolo}`, headers: gestor });
    expect(porProtocolo.json<SolicitacaoListItem[]>().map((x) => x.id)).toEqual([s.id]);
    const todas = (await t.app.inject({ method: 'GET', url: `${url}?per_page=100`, headers: gestor })).json<
      SolicitacaoListItem[]
    >();
    const datas = todas.map((x) => x.created_at);
    expect([...datas].sort().reverse()).toEqual(datas);
  });

  it('audits the read of a request that names a citizen, not of one that names none', async () => {
    const comMunicipe = await criar({ municipe_id: municipeId, nome_solicitante: null });
    const semMunicipe = await criar();
    await t.app.inject({ method: 'GET', url: `${url}/${comMunicipe.id}`, headers: gestor });
    await t.app.inject({ method: 'GET', url: `${url}/${semMunicipe.id}`, headers: gestor });
    expect(await auditRows(t, { action: 'show', record_id: comMunicipe.id })).toHaveLength(1);
    expect(await auditRows(t, { action: 'show', record_id: semMunicipe.id })).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: `${url}/nada`, headers: gestor })).statusCode).toBe(404);
  });

  it('refuses non-holders of ouvidoria:* (403), list, show, create and the bell', async () => {
    for (const [method, u] of [
      ['GET', url],
      ['POST', url],
      ['GET', sino],
      ['POST', `${sino}/leituras`],
      ['GET', '/api/v1/ouvidoria/opcoes'],
    ] as const) {
      const r = await t.app.inject({ method, url: u, headers: medico, payload: method === 'POST' ? {} : undefined });
      expect(r.statusCode, `${method} ${u}`).toBe(403);
    }
  });

  describe('the bell', () => {
    const ler = (headers: Headers, q = 'lido=false&per_page=5', extra: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${sino}?${q}`, headers: { ...headers, ...extra } });

    it('pages the unread newest first, counts them, answers 304 while unchanged, and marks reads per user', async () => {
      await t.app.inject({ method: 'POST', url: `${sino}/leituras`, headers: gestor });
      const vazio = await ler(gestor);
      expect(vazio.json()).toEqual([]);
      expect(vazio.headers['x-total-count']).toBe('0');
      const criadas = [];
      for (let i = 0; i < 7; i++) criadas.push(await criar({ assunto: `Sino ${i}` }));
      const r = await ler(gestor);
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-cache');
      expect(r.headers['x-total-count']).toBe('7');
      const rows = r.json<OuvidoriaNotificacao[]>();
      expect(rows).toHaveLength(5);
      expect(rows[0]).toMatchObject({
        solicitacao_id: criadas[6]!.id,
        protocolo: criadas[6]!.protocolo,
        lido: false,
        tipo_solicitacao: { nome: 'Reclamação', icone: 'IconAlertTriangle' },
        prioridade: { nome: 'Alta' },
      });
      const etag = r.headers.etag as string;
      const igual = await ler(gestor, undefined, { 'if-none-match': etag });
      expect(igual.statusCode).toBe(304);
      expect(igual.body).toBe('');

      // Reading one: idempotent, only for that user, and the ETag changes.
      for (let i = 0; i < 2; i++)
        expect(
          (await t.app.inject({ method: 'POST', url: `${sino}/${rows[0]!.id}/leitura`, headers: gestor })).statusCode,
        ).toBe(204);
      const depois = await ler(gestor, undefined, { 'if-none-match': etag });
      expect(depois.statusCode).toBe(200);
      expect(depois.headers['x-total-count']).toBe('6');
      // The poll's count stops at contar_ate (issue 41: the badge shows at most '99+'); 422 outside 1–100.
      expect((await ler(gestor, 'lido=false&per_page=5&contar_ate=4')).headers['x-total-count']).toBe('4');
      expect((await ler(gestor, 'lido=false&per_page=5&contar_ate=100')).headers['x-total-count']).toBe('6');
      expect((await ler(gestor, 'lido=false&contar_ate=101')).statusCode).toBe(422);
      expect((await ler(gestor2)).headers['x-total-count']).not.toBe('6');
      const lidas = (await ler(gestor, 'lido=true&per_page=100')).json<OuvidoriaNotificacao[]>();
      expect(lidas.map((x) => x.id)).toContain(rows[0]!.id);
      expect(lidas.every((x) => x.lido)).toBe(true);
      expect(
        (await t.app.inject({ method: 'POST', url: `${sino}/${UNKNOWN_ID}/leitura`, headers: gestor })).statusCode,
      ).toBe(404);

      const todas = await t.app.inject({ method: 'POST', url: `${sino}/leituras`, headers: gestor });
      expect(todas.json()).toEqual({ lidas: 6 });
      expect((await ler(gestor)).headers['x-total-count']).toBe('0');
    });
  });
});
