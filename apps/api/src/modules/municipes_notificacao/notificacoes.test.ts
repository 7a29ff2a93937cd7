import { inflateSync } from 'node:zlib';
import { msg } from '@saude/shared';
import type {
  Notificacao,
  NotificacaoDetalhes,
  NotificacaoListItem,
  NotificacaoMapa,
} from '@saude/shared/schemas/notificacao_compulsoria';
import { todayIso } from '@saude/shared/validation/dates';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Headers, type MunicipeRow, type Unidade, type Usuario, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';

const url = '/api/v1/municipes_notificacao';

/** The text a PDF draws: its content streams inflated, the hex strings of Tj/TJ decoded as WinAnsi (Latin-1 here). */
export function textoDoPdf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const partes: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const inicio = m.index + m[0].length;
    const fim = raw.indexOf('endstream', inicio);
    if (fim < 0) break;
    const bytes = pdf.subarray(inicio, fim);
    let conteudo: string;
    try {
      conteudo = inflateSync(bytes).toString('latin1');
    } catch {
      conteudo = bytes.toString('latin1');
    }
    for (const h of conteudo.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g))
      partes.push(Buffer.from(h[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
    re.lastIndex = fim;
  }
  return partes.join('\n');
}

const diasAtras = (n: number) => todayIso(new Date(Date.now() - n * 86_400_000));

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let outra: Unidade;
  let medico: Usuario;
  let enfermagem: Usuario;
  let vigilancia: Usuario;
  let medicoOutra: Usuario;
  let recepcao: Usuario;
  let ana: MunicipeRow;

  const errorsOf = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const valida = (over: object = {}) => ({
    doenca_agravo_id: '9a',
    data_notificacao: diasAtras(2),
    hora_notificacao: '09:30',
    ...over,
  });
  const post = (municipeId: string, p: object, headers: Headers = enfermagem.headers) =>
    t.app.inject({ method: 'POST', url: `${url}/${municipeId}/notificacoes`, headers, payload: p });
  const criar = async (municipeId: string, p: object = {}, headers: Headers = enfermagem.headers) => {
    const res = await post(municipeId, valida(p), headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<Notificacao>();
  };
  const get = (path: string, headers: Headers = vigilancia.headers) =>
    t.app.inject({ method: 'GET', url: `${url}${path}`, headers });
  const put = (n: Notificacao, over: object = {}, headers: Headers = medico.headers) =>
    t.app.inject({
      method: 'PUT',
      url: `${url}/${n.municipe_id}/notificacoes/${n.id}`,
      headers,
      payload: {
        doenca_agravo_id: n.doenca_agravo_id,
        data_notificacao: n.data_notificacao,
        hora_notificacao: n.hora_notificacao,
        data_primeiros_sintomas: n.data_primeiros_sintomas,
        lock_version: n.lock_version,
        ...over,
      },
    });
  const situacao = (
    n: Pick<Notificacao, 'id' | 'municipe_id' | 'lock_version'>,
    body: object,
    headers = vigilancia.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${url}/${n.municipe_id}/notificacoes/${n.id}/situacao`,
      headers,
      payload: { lock_version: n.lock_version, ...body },
    });

  beforeAll(async () => {
    const territorio = await f.territorio();
    unidade = territorio.unidade;
    outra = await f.unidade();
    medico = await f.usuario({ perfil: 'medico', unidade, equipe: territorio.equipe });
    enfermagem = await f.usuario({ perfil: 'enfermagem', unidade, equipe: territorio.equipe });
    vigilancia = await f.usuario({ perfil: 'vigilancia', unidade });
    medicoOutra = await f.usuario({ perfil: 'medico', unidade: outra });
    recepcao = await f.usuario({ perfil: 'recepcao', unidade });
    const acs = await f.profissional([{ perfil: 'acs', unidade, equipe: territorio.equipe }]);
    ana = await f.municipe({ data_nascimento: '1990-05-10', residencia_bairro: 'VILA ANTIGA' });
    const casa = await f.domicilio(
      { unidade, equipe: territorio.equipe, profissional: acs },
      { latitude: -15.781, longitude: -47.93, bairro: 'ASA NORTE' },
    );
    await f.familia({ unidade, equipe: territorio.equipe, profissional: acs }, { membros: [ana], domicilio: casa });
  });

  it('asks for the disease, date and hour; unanswered questions stay null; another profile gets 403', async () => {
    const errors = await errorsOf(await post(ana.id, { doenca_agravo_id: '', data_notificacao: null }));
    expect(errors).toEqual({
      doenca_agravo_id: [msg.obrigatorio],
      data_notificacao: [msg.obrigatorio],
      hora_notificacao: [msg.obrigatorio],
    });
    const n = await criar(ana.id, { obito: null, internado: null, comorbidade_diabetes: null });
    expect(n).toMatchObject({
      situacao: 'suspeito',
      obito: null,
      internado: null,
      alta: null,
      comorbidade_diabetes: null,
      comorbidade_imunossupressao: null,
      data_encerramento: null,
      dias_internacao: null,
      unidade_saude_id: unidade.id,
      profissional_id: enfermagem.id,
      doenca: { codigo: '9a', descricao: 'Dengue - Casos', cid10_referencia: 'A90', semanal: true, imediata: false },
    });
    expect(n.eventos).toMatchObject([
      { situacao_anterior: null, situacao: 'suspeito', profissional_id: enfermagem.id },
    ]);
    expect((await auditRows(t, { action: 'create', record_id: n.id }))[0]?.municipe_ids).toEqual([ana.id]);
    expect((await post(ana.id, valida(), recepcao.headers)).statusCode).toBe(403);
    expect((await get(`/${ana.id}`, recepcao.headers)).statusCode).toBe(403);
    expect((await post(UNKNOWN_ID, valida())).statusCode).toBe(404);
    expect((await post('abc', valida())).statusCode).toBe(404);
  });

  it('refuses a NUL byte with 422', async () => {
    const errors = await errorsOf(await post(ana.id, valida({ observacoes: 'a\u0000b' })));
    expect(Object.keys(errors).length).toBeGreaterThan(0);
  });

  it('keeps the dates in order: symptoms, birth, death, admission, discharge', async () => {
    expect(
      await errorsOf(
        await post(
          ana.id,
          valida({
            data_primeiros_sintomas: diasAtras(1),
            obito: false,
            data_obito: diasAtras(1),
            internado: true,
            data_internacao: diasAtras(1),
            alta: true,
            data_alta: diasAtras(3),
          }),
        ),
      ),
    ).toEqual({
      data_primeiros_sintomas: [msg.posteriorANotificacao],
      data_obito: [msg.somenteComObito],
      data_alta: [msg.altaAntesDaInternacao],
    });
    expect(await errorsOf(await post(ana.id, valida({ data_primeiros_sintomas: '1990-05-09' })))).toEqual({
      data_primeiros_sintomas: [msg.anteriorAoNascimento('10/05/1990')],
    });
    expect(await errorsOf(await post(ana.id, valida({ data_notificacao: diasAtras(-3) })))).toHaveProperty(
      'data_notificacao',
    );
    expect(await errorsOf(await post(ana.id, valida({ alta: true })))).toEqual({ alta: [msg.somenteInternado] });
    const n = await criar(ana.id, {
      internado: true,
      data_internacao: diasAtras(2),
      alta: true,
      data_alta: diasAtras(1),
    });
    expect(n.dias_internacao).toBe(1);
  });

  it('notifies a deceased citizen, the first symptoms not after the death', async () => {
    const falecido = await f.municipe({ data_obito: diasAtras(5) });
    expect(await errorsOf(await post(falecido.id, valida({ data_primeiros_sintomas: diasAtras(4) })))).toEqual({
      data_primeiros_sintomas: [
        msg.posteriorAoObito(new Date(diasAtras(5)).toLocaleDateString('pt-BR', { timeZone: 'UTC' })),
      ],
    });
    const n = await criar(falecido.id, {
      data_primeiros_sintomas: diasAtras(8),
      obito: true,
      data_obito: diasAtras(5),
    });
    expect(n.obito).toBe(true);
  });

  it('closes a case only with situacao, with its closing date, and keeps the history', async () => {
    expect(
      await errorsOf(await post(ana.id, valida({ situacao: 'confirmado', data_encerramento: diasAtras(1) }))),
    ).toEqual({
      situacao: [msg.situacaoSemPermissao],
    });
    const n = await criar(ana.id);
    expect(
      (await situacao(n, { situacao: 'confirmado', data_encerramento: diasAtras(1) }, medico.headers)).statusCode,
    ).toBe(403);
    expect(await errorsOf(await situacao(n, { situacao: 'confirmado' }))).toEqual({
      data_encerramento: [msg.obrigatorio],
    });
    expect(await errorsOf(await situacao(n, { situacao: 'descartado', data_encerramento: diasAtras(3) }))).toEqual({
      data_encerramento: [msg.anteriorANotificacao],
    });
    expect(await errorsOf(await situacao(n, { situacao: 'suspeito' }))).toEqual({ situacao: [msg.situacaoIgualAtual] });
    const res = await situacao(n, { situacao: 'confirmado', data_encerramento: diasAtras(1) });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<Notificacao>();
    expect(c).toMatchObject({
      situacao: 'confirmado',
      data_encerramento: diasAtras(1),
      lock_version: n.lock_version + 1,
    });
    expect(c.eventos.map((e) => [e.situacao_anterior, e.situacao, e.data_encerramento])).toEqual([
      [null, 'suspeito', null],
      ['suspeito', 'confirmado', diasAtras(1)],
    ]);
    expect((await situacao(n, { situacao: 'descartado', data_encerramento: diasAtras(1) })).statusCode).toBe(409);
    // The closed case: care profiles no longer edit it; surveillance does.
    const fechado = await put(c, { observacoes: 'Exame reagente' });
    expect(fechado.statusCode).toBe(403);
    expect(fechado.json<{ message: string }>().message).toBe(msg.notificacaoEncerrada);
    expect(
      await errorsOf(await put(c, { data_notificacao: todayIso(), hora_notificacao: '00:00' }, vigilancia.headers)),
    ).toEqual({
      data_notificacao: [
        msg.posteriorAoEncerramento(new Date(diasAtras(1)).toLocaleDateString('pt-BR', { timeZone: 'UTC' })),
      ],
    });
    const editado = await put(c, { observacoes: 'Exame reagente' }, vigilancia.headers);
    expect(editado.statusCode, editado.body).toBe(200);
    // Reopening clears the closing date.
    const reaberto = await situacao(editado.json<Notificacao>(), { situacao: 'suspeito' });
    expect(reaberto.json<Notificacao>()).toMatchObject({ situacao: 'suspeito', data_encerramento: null });
    expect(reaberto.json<Notificacao>().eventos).toHaveLength(3);
    expect(await auditRows(t, { action: 'situacao', record_id: n.id })).toHaveLength(2);
  });

  it('edits an open case with its lock_version: 409 when stale', async () => {
    const n = await criar(ana.id);
    const res = await put(n, { observacoes: 'Febre alta', comorbidade_hipertensao: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Notificacao>()).toMatchObject({
      observacoes: 'Febre alta',
      comorbidade_hipertensao: true,
      lock_version: 1,
    });
    expect((await put(n, { observacoes: 'Outra' })).statusCode).toBe(409);
    const [row] = await auditRows(t, { action: 'update', record_id: n.id });
    expect(row).toMatchObject({
      municipe_ids: [ana.id],
      details: { campos: ['comorbidade_hipertensao', 'observacoes'] },
    });
    // The unit is the current one for who cannot see every unit's.
    expect(await errorsOf(await put(res.json<Notificacao>(), { unidade_saude_id: outra.id }))).toEqual({
      unidade_saude_id: [msg.unidadeForaDoEscopo],
    });
  });

  it("answers another unit's notification as absent (404) without :todos, in reads and writes", async () => {
    const n = await criar(ana.id);
    const path = `/${ana.id}/notificacoes/${n.id}`;
    for (const r of [
      await get(path, medicoOutra.headers),
      await get(`${path}/ficha.pdf`, medicoOutra.headers),
      await put(n, {}, medicoOutra.headers),
      await get(`/${UNKNOWN_ID}/notificacoes/${n.id}`),
      await get(`/${ana.id}/notificacoes/abc`),
    ]) {
      expect(r.statusCode).toBe(404);
    }
    expect((await get(path, medicoOutra.headers)).json<{ message: string }>().message).toBe(
      msg.notificacaoNaoEncontrada,
    );
    expect((await get(path)).statusCode).toBe(200);
    const detalhe = (await get(`/${ana.id}`, medicoOutra.headers)).json<NotificacaoDetalhes>();
    expect(detalhe.notificacoes).toEqual([]);
    expect(detalhe.municipe).toMatchObject({ id: ana.id, bairro: 'ASA NORTE', latitude: -15.781, longitude: -47.93 });
    const lista = await get('', medicoOutra.headers);
    expect(lista.json<NotificacaoListItem[]>().some((r) => r.id === ana.id)).toBe(false);
    // Surveillance notifies for another unit.
    const daOutra = await criar(
      ana.id,
      { unidade_saude_id: outra.id, profissional_id: medicoOutra.id },
      vigilancia.headers,
    );
    expect(daOutra).toMatchObject({ unidade_saude_id: outra.id, profissional_id: medicoOutra.id });
    expect((await get(`/${ana.id}/notificacoes/${daOutra.id}`, medicoOutra.headers)).statusCode).toBe(200);
    expect(await errorsOf(await post(ana.id, valida({ profissional_id: medicoOutra.id }), medico.headers))).toEqual({
      profissional_id: [msg.profissionalForaDaUnidade],
    });
  });

  it('lists citizens with their counts, latest first, filtered; the map and the detail; every read audited', async () => {
    const bia = await f.municipe({
      nome: 'Bia Notificada Contagem',
      nome_social: 'Bia Social',
      residencia_bairro: 'LAGO SUL',
    });
    await criar(bia.id, { doenca_agravo_id: '63', data_notificacao: diasAtras(10) });
    await criar(bia.id, { doenca_agravo_id: '63', data_notificacao: diasAtras(1) });
    const terceira = await criar(bia.id, { doenca_agravo_id: '54a', data_notificacao: diasAtras(20) });
    await situacao(terceira, { situacao: 'descartado', data_encerramento: diasAtras(19) });

    const res = await get(`?nome=${encodeURIComponent('notificada contagem')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json<NotificacaoListItem[]>()).toEqual([
      expect.objectContaining({
        id: bia.id,
        nome: 'Bia Social',
        bairro: 'LAGO SUL',
        latitude: null,
        total: 3,
        suspeitos: 2,
        confirmados: 0,
        descartados: 1,
        ultima_notificacao: diasAtras(1),
      }),
    ]);
    const [lida] = (await auditRows(t, { action: 'index', resource: 'municipes_notificacao' })).slice(-1);
    expect(lida).toMatchObject({ municipe_ids: [bia.id], details: { filtros: ['nome'] } });

    const filtrada = (
      await get(`?nome=notificada%20contagem&doenca_agravo_id=63&situacao=suspeito&data_inicio=${diasAtras(5)}`)
    ).json<NotificacaoListItem[]>();
    expect(filtrada).toMatchObject([{ total: 1, suspeitos: 1, ultima_notificacao: diasAtras(1) }]);
    expect((await get(`?bairro=lago%20sul`)).json<NotificacaoListItem[]>().map((r) => r.id)).toEqual([bia.id]);
    expect((await get(`?bairro=asa%20norte`)).json<NotificacaoListItem[]>().map((r) => r.id)).toEqual([ana.id]);
    expect(await errorsOf(await get(`?data_inicio=${diasAtras(1)}&data_fim=${diasAtras(2)}`))).toHaveProperty(
      'data_fim',
    );

    const todas = (await get('?per_page=100')).json<NotificacaoListItem[]>();
    const datas = todas.map((r) => r.ultima_notificacao);
    expect([...datas].sort().reverse()).toEqual(datas);
    const pagina = await get('?per_page=1&page=2');
    expect(pagina.json<NotificacaoListItem[]>()).toHaveLength(1);
    expect(Number(pagina.headers['x-total-count'])).toBe(todas.length);

    const mapa = (await get('')).statusCode === 200 ? (await get('/mapa')).json<NotificacaoMapa>() : null;
    expect(mapa!.limite).toBe(5000);
    expect(mapa!.pontos.every((p) => p.municipe_id === ana.id && p.latitude === -15.781)).toBe(true);
    expect(mapa!.pontos.length).toBeGreaterThan(0);
    expect(mapa!.sem_coordenadas).toBeGreaterThanOrEqual(3);
    expect(
      (await get(`/mapa?nome=${encodeURIComponent('notificada contagem')}`)).json<NotificacaoMapa>(),
    ).toMatchObject({
      pontos: [],
      sem_coordenadas: 3,
      limitado: false,
    });

    const detalhe = (await get(`/${bia.id}`)).json<NotificacaoDetalhes>();
    expect(detalhe.municipe).toMatchObject({ nome: 'Bia Social', nome_civil: 'Bia Notificada Contagem', obito: false });
    expect(detalhe.notificacoes.map((n) => [n.doenca_nome, n.data_notificacao])).toEqual([
      ['Tuberculose', diasAtras(1)],
      ['Tuberculose', diasAtras(10)],
      ['Sífilis: Adquirida', diasAtras(20)],
    ]);
    const [show] = (await auditRows(t, { action: 'show', record_id: bia.id })).slice(-1);
    expect(show?.municipe_ids).toEqual([bia.id]);
  });

  it('prints the SINAN form with the name and the disease, inline, without personal data in the file name', async () => {
    const n = await criar(ana.id, { doenca_agravo_id: '63', informacoes_complementares: 'Tosse há três semanas' });
    const res = await get(`/${ana.id}/notificacoes/${n.id}/ficha.pdf`, enfermagem.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="ficha-notificacao-${n.id}.pdf"`);
    const texto = textoDoPdf(res.rawPayload);
    expect(texto).toContain(ana.nome);
    expect(texto).toContain('Tuberculose');
    expect(texto).toContain('A16.9');
    expect(texto).toContain('Ficha Individual de Notificação');
    expect(texto).toContain('2 - Individual');
    expect(texto).toContain('Tosse há três semanas');
    expect(texto).toContain('-15.781');
    // One A4 page, as the paper form.
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1);
    const [row] = (await auditRows(t, { action: 'show', record_id: n.id })).slice(-1);
    expect(row).toMatchObject({ municipe_ids: [ana.id], details: { formato: 'pdf' } });
  });

  it('exports the period as CSV for Excel pt-BR, scoped and audited', async () => {
    const carlos = await f.municipe({ nome: 'Carlos Exportado', codigo_cns: null, cpf_numero: null });
    await criar(carlos.id, { doenca_agravo_id: '54a', data_notificacao: diasAtras(3) });
    expect(await errorsOf(await get('/exportacao.csv'))).toMatchObject({
      data_inicio: [msg.obrigatorio],
      data_fim: [msg.obrigatorio],
    });
    const q = `/exportacao.csv?data_inicio=${diasAtras(4)}&data_fim=${diasAtras(3)}&nome=carlos%20exportado`;
    const res = await get(q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="notificacoes-${diasAtras(4)}-a-${diasAtras(3)}.csv"`,
    );
    expect(
      res.body.startsWith('\uFEFFData da notificação;Hora;Agravo/doença;Código (lista nacional);CID-10;Situação'),
    ).toBe(true);
    const linhas = res.body.trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    const [y, mo, d] = diasAtras(3).split('-');
    expect(linhas[1]).toContain(`${d}/${mo}/${y};09:30;Sífilis: Adquirida;54a;A53.9;Suspeito;`);
    expect(linhas[1]).toContain(';Carlos Exportado;;');
    const [row] = (await auditRows(t, { action: 'index', resource: 'municipes_notificacao' })).slice(-1);
    expect(row).toMatchObject({ municipe_ids: [carlos.id], details: { formato: 'csv', linhas: 1 } });
    // Another unit's user does not get it.
    expect((await get(q, medicoOutra.headers)).body.trim().split('\r\n')).toHaveLength(1);
  });

  it('answers the page-access check per notification (spec §6)', async () => {
    const n = await criar(ana.id);
    const pode = (headers: Headers, authorize: string, resource_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ferramentas/permissoes',
        headers,
        payload: { authorize, resource_id },
      });
    expect((await pode(medico.headers, 'municipes_notificacao:show', n.id)).statusCode).toBe(200);
    expect((await pode(medicoOutra.headers, 'municipes_notificacao:show', n.id)).statusCode).toBe(403);
    expect((await pode(vigilancia.headers, 'municipes_notificacao:update', n.id)).statusCode).toBe(200);
    expect((await pode(recepcao.headers, 'municipes_notificacao:show', n.id)).statusCode).toBe(403);
    // A citizen id (the new-notification page) is no notification: the permission alone decides.
    expect((await pode(medicoOutra.headers, 'municipes_notificacao:create', ana.id)).statusCode).toBe(200);
  });
});
