import { isoToBr, msg, todayIso, type PerfilCodigo } from '@saude/shared';
import { unificacaoMsg } from '@saude/shared/schemas/municipe_unificacao';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import {
  municipeBiometrias,
  municipeCondicoesSaude,
  municipeDuplicados,
  municipes,
  municipeSociodemograficas,
  parametrizacao,
} from '../../../db/schema';
import { type Equipe, fixtures, type MunicipeRow, type Unidade } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { vinculos } from './vinculos';

// Duplicate citizens (issue 45): /api/v1/municipes/unificacoes.
const url = '/api/v1/municipes/unificacoes';

describe('municipes: unificação de duplicados', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let gestor: { authorization: string };
  let header: { unidade: Unidade; equipe: Equipe; profissional: { id: string } };

  beforeAll(async () => {
    ({ unidade, equipe } = await f.territorio());
    const g = await f.como('gestor', { unidade, equipe });
    gestor = g.headers;
    header = { unidade, equipe, profissional: g };
  });

  const comparar = (a: string, b: string, headers = gestor) =>
    t.app.inject({ method: 'GET', url: `${url}/comparar?a=${a}&b=${b}`, headers });
  const unificar = (payload: object, headers = gestor) => t.app.inject({ method: 'POST', url, headers, payload });
  const desfazer = (id: string, headers = gestor) => t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const versoes = async (a: MunicipeRow, b: MunicipeRow) => {
    const rows = await t.db
      .select()
      .from(municipes)
      .where(sql`${municipes.id} in (${a.id}, ${b.id})`);
    return {
      lock_version_a: rows.find((r) => r.id === a.id)!.lock_version,
      lock_version_b: rows.find((r) => r.id === b.id)!.lock_version,
    };
  };

  /** Two fresh citizens, b merged into a (u). */
  const doisUnificados = async () => {
    const a = await f.municipe();
    const b = await f.municipe();
    const u = (
      await unificar({ municipe_a_id: a.id, municipe_b_id: b.id, sobrevivente: 'a', ...(await versoes(a, b)) })
    ).json();
    return { a, b, u };
  };

  /** Every row of every table that points at a citizen, and the citizens: what a merge touches and an undo restores. */
  async function fotografia(): Promise<Record<string, unknown[]>> {
    const tabelas = [
      ...new Set([...(await vinculos(t.db)).map((v) => v.tabela), 'municipe_ultimas_visitas', 'quem_visitar_pessoas']),
    ];
    const out: Record<string, unknown[]> = {};
    for (const tabela of [...tabelas.sort(), 'municipes']) {
      // Version stamps go forward on merge and undo on purpose (a form opened on a merged or moved row must reload; the
      // citizens' e-SUS registrations are sent again): every other column is compared.
      const sem =
        tabela === 'municipes' ? sql` - 'lock_version' - 'updated_at' - 'updated_by'` : sql` - 'lock_version'`;
      out[tabela] = (
        await queryRows<{ j: unknown }>(
          t.db,
          sql`select to_jsonb(t)${sem} as j from ${sql.identifier(tabela)} t order by (to_jsonb(t)${sem})::text`,
        )
      ).map((r) => r.j);
    }
    return out;
  }

  it('moves every record to the survivor in one merge, keeps a tombstone, and the undo restores the database exactly', async () => {
    const nascimento = '1980-03-04';
    const sobrevivente = await f.municipe({ nome: 'Joana Darc Pereira', data_nascimento: nascimento, email: null });
    const absorvido = await f.municipe({
      nome: 'Joana Darck Pereira',
      data_nascimento: nascimento,
      email: 'joana@example.com',
      cpf_numero: null,
      prontuarios: [{ numero: `P-${Date.now()}`, unidade }],
    });
    // One record of each kind, on the absorbed side.
    const familia = await f.familia(header, { membros: [absorvido] });
    const visita = await f.visita(header, { familia, municipe: absorvido });
    const cadastro = await f.cadastroIndividual(absorvido);
    const notificacao = await f.notificacao(header, absorvido);
    const atendimento = await f.atendimento(header, absorvido);
    const paciente = await f.pacienteSemIdentificacao(header, { municipe_id: absorvido.id });
    await t.db.insert(municipeSociodemograficas).values({ municipe_id: absorvido.id, dados: {} as never });
    await t.db.insert(municipeCondicoesSaude).values({ municipe_id: sobrevivente.id, dados: {} as never });
    await t.db.insert(municipeCondicoesSaude).values({ municipe_id: absorvido.id, dados: {} as never });
    for (const [quem, dedo] of [
      [sobrevivente, 1],
      [absorvido, 1],
      [absorvido, 2],
    ] as const)
      await t.db
        .insert(municipeBiometrias)
        .values({ municipe_id: quem.id, dedo, template_base64: 'QUJD', qualidade: 80 });

    const antes = await fotografia();
    const versao = async (tabela: string, id: string) =>
      (
        await queryRows<{ v: number }>(
          t.db,
          sql`select lock_version as v from ${sql.identifier(tabela)} where id = ${id}`,
        )
      )[0]!.v;
    const versoesAntes = [
      await versao('cadastros_individuais', cadastro.id),
      await versao('visitas_domiciliares', visita.id),
    ] as const;

    const lado = await comparar(sobrevivente.id, absorvido.id);
    expect(lado.statusCode).toBe(200);
    const c = lado.json();
    expect(c.conflitos).toEqual([]);
    expect(c.campos.find((x: { campo: string }) => x.campo === 'email')).toMatchObject({
      a: null,
      b: 'joana@example.com',
      padrao: 'b',
    });
    expect(c.vinculos.b).toMatchObject({ 'Visitas domiciliares': 1, 'Cadastros individuais': 1 });

    const feita = await unificar({
      municipe_a_id: sobrevivente.id,
      municipe_b_id: absorvido.id,
      sobrevivente: 'a',
      escolhas: { nome: 'a' },
      ...(await versoes(sobrevivente, absorvido)),
    });
    expect(feita.statusCode).toBe(201);
    const u = feita.json();
    expect(u).toMatchObject({ sobrevivente_id: sobrevivente.id, absorvido_id: absorvido.id, desfeito_em: null });

    // Every link now points at the survivor; what the survivor already had stays with the tombstone.
    const donoDe = async (tabela: string, coluna: string, id: string) =>
      (
        await queryRows<{ m: string }>(
          t.db,
          sql`select ${sql.identifier(coluna)} as m from ${sql.identifier(tabela)} where id = ${id}`,
        )
      )[0]!.m;
    expect(await donoDe('visitas_domiciliares', 'municipe_id', visita.id)).toBe(sobrevivente.id);
    // A moved row is an edit: a form opened on it before the merge is refused (409) instead of writing the old id back.
    expect(await versao('cadastros_individuais', cadastro.id)).toBe(versoesAntes[0] + 1);
    expect(await versao('visitas_domiciliares', visita.id)).toBe(versoesAntes[1] + 1);
    expect(await donoDe('cadastros_individuais', 'municipe_id', cadastro.id)).toBe(sobrevivente.id);
    expect(await donoDe('notificacoes_compulsorias', 'municipe_id', notificacao.id)).toBe(sobrevivente.id);
    expect(await donoDe('atendimentos', 'municipe_id', atendimento.id)).toBe(sobrevivente.id);
    expect(await donoDe('pacientes_sem_identificacao', 'municipe_id', paciente.id)).toBe(sobrevivente.id);
    expect(await donoDe('familias', 'responsavel_id', familia.id)).toBe(sobrevivente.id);
    const [membro] = await queryRows<{ m: string }>(
      t.db,
      sql`select municipe_id as m from familia_membros where familia_id = ${familia.id}`,
    );
    expect(membro!.m).toBe(sobrevivente.id);
    const [prontuario] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from municipe_prontuarios where municipe_id = ${sobrevivente.id}`,
    );
    expect(prontuario!.n).toBe(1);
    expect(
      await t.db
        .select({ m: municipeSociodemograficas.municipe_id })
        .from(municipeSociodemograficas)
        .where(eq(municipeSociodemograficas.municipe_id, sobrevivente.id)),
    ).toHaveLength(1);
    // Both had the health block and finger 1: the survivor's stay, the tombstone keeps its own; finger 2 moves.
    const dedos = await t.db
      .select()
      .from(municipeBiometrias)
      .where(eq(municipeBiometrias.municipe_id, sobrevivente.id));
    expect(dedos.map((d) => d.dedo).sort()).toEqual([1, 2]);
    const [ultima] = await queryRows<{ m: string }>(
      t.db,
      sql`select municipe_id as m from municipe_ultimas_visitas where municipe_id in (${sobrevivente.id}, ${absorvido.id})`,
    );
    expect(ultima!.m).toBe(sobrevivente.id);

    // The survivor took the absorbed one's e-mail (filled) and kept its name (picked); the tombstone points at it.
    const [s] = await t.db.select().from(municipes).where(eq(municipes.id, sobrevivente.id));
    expect(s).toMatchObject({ email: 'joana@example.com', nome: 'Joana Darc Pereira' });
    const lapide = await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${absorvido.id}`, headers: gestor });
    expect(lapide.statusCode).toBe(200);
    expect(lapide.json().unificado_em_id).toBe(sobrevivente.id);
    const busca = await t.app.inject({
      method: 'GET',
      url: `/api/v1/municipes?q=${encodeURIComponent('Joana Darck Pereira')}`,
      headers: gestor,
    });
    expect(busca.json().map((m: { id: string }) => m.id)).not.toContain(absorvido.id);

    // A second merge of the tombstone is refused.
    const deNovo = await unificar({
      municipe_a_id: sobrevivente.id,
      municipe_b_id: absorvido.id,
      sobrevivente: 'a',
      ...(await versoes(sobrevivente, absorvido)),
    });
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().message).toBe(unificacaoMsg.unificacaoJaUnificado);

    const lista = await t.app.inject({ method: 'GET', url: `${url}?municipe_id=${sobrevivente.id}`, headers: gestor });
    expect(lista.json()).toMatchObject([{ id: u.id, movidos: { 'Visitas domiciliares': 1 } }]);
    const [lida] = (await auditRows(t, { resource: 'municipes/unificacoes', action: 'index' })).slice(-1);
    expect([...(lida!.municipe_ids ?? [])].sort()).toEqual([sobrevivente.id, absorvido.id].sort());

    const desfeita = await desfazer(u.id);
    expect(desfeita.statusCode).toBe(204);
    expect(await fotografia()).toEqual(antes);
    expect(await versao('cadastros_individuais', cadastro.id)).toBe(versoesAntes[0] + 2);
    const [sDepois] = await t.db.select().from(municipes).where(eq(municipes.id, sobrevivente.id));
    expect(sDepois!.lock_version).toBeGreaterThan(sobrevivente.lock_version + 1);
    expect((await desfazer(u.id)).json().message).toBe(unificacaoMsg.unificacaoJaDesfeita);

    const trilha = await auditRows(t, { resource: 'municipes/unificacoes', record_id: u.id });
    expect(trilha.map((r) => r.action)).toEqual(['create', 'destroy']);
    for (const r of trilha) expect([...(r.municipe_ids ?? [])].sort()).toEqual([sobrevivente.id, absorvido.id].sort());
    expect(trilha[0]!.details).toMatchObject({ sobrevivente_id: sobrevivente.id, absorvido_id: absorvido.id });
  });

  it('shows the conflicts before the merge and refuses it with 422: two active families, two active registrations', async () => {
    const a = await f.municipe();
    const b = await f.municipe();
    await f.familia(header, { membros: [a] });
    await f.familia(header, { membros: [b] });
    await f.cadastroIndividual(a);
    await f.cadastroIndividual(b);
    expect((await comparar(a.id, b.id)).json().conflitos).toEqual([
      unificacaoMsg.unificacaoDuasFamilias,
      unificacaoMsg.unificacaoDoisCadastrosIndividuais,
    ]);
    const res = await unificar({
      municipe_a_id: a.id,
      municipe_b_id: b.id,
      sobrevivente: 'a',
      ...(await versoes(a, b)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: unificacaoMsg.unificacaoDuasFamilias,
      errors: { base: [unificacaoMsg.unificacaoDuasFamilias, unificacaoMsg.unificacaoDoisCadastrosIndividuais] },
    });
    const [still] = await t.db.select().from(municipes).where(eq(municipes.id, b.id));
    expect(still!.unificado_em_id).toBeNull();
  });

  it('the survivor\'s "Quem acessou" and history include what was read of the records merged into it, through chains', async () => {
    const a = await f.municipe();
    const b = await f.municipe();
    const c = await f.municipe();
    // Read before any merge: each row names only the record read.
    for (const m of [b, c])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}`, headers: gestor })).statusCode,
      ).toBe(200);
    const acessados = async (id: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/municipes/${id}/acessos?per_page=100&de=01/01/2020&ate=${isoToBr(todayIso())}`,
        headers: gestor,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Array<{ record_id: string | null }>>().map((r) => r.record_id);
    };
    expect(await acessados(a.id)).not.toContain(b.id);
    // c into b, then b into a: a's trail holds b's and c's reads.
    expect(
      (await unificar({ municipe_a_id: b.id, municipe_b_id: c.id, sobrevivente: 'a', ...(await versoes(b, c)) }))
        .statusCode,
    ).toBe(201);
    expect(
      (await unificar({ municipe_a_id: a.id, municipe_b_id: b.id, sobrevivente: 'a', ...(await versoes(a, b)) }))
        .statusCode,
    ).toBe(201);
    const deA = await acessados(a.id);
    expect(deA).toContain(b.id);
    expect(deA).toContain(c.id);
    // Another citizen's trail does not take them.
    const d = await f.municipe();
    expect(await acessados(d.id)).not.toContain(b.id);
  });

  it('answers 409 when either record was edited after it was opened, and moves nothing', async () => {
    const a = await f.municipe();
    const b = await f.municipe();
    const visita = await f.visita(header, { municipe: b });
    const v = await versoes(a, b);
    await t.db
      .update(municipes)
      .set({ lock_version: v.lock_version_b + 1 })
      .where(eq(municipes.id, b.id));
    const res = await unificar({ municipe_a_id: a.id, municipe_b_id: b.id, sobrevivente: 'a', ...v });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('edicao_desatualizada');
    const [r] = await queryRows<{ m: string }>(
      t.db,
      sql`select municipe_id as m from visitas_domiciliares where id = ${visita.id}`,
    );
    expect(r!.m).toBe(b.id);
  });

  it('refuses the undo when the survivor was edited after the merge, or once the period is over', async () => {
    const { a, u } = await doisUnificados();
    await t.db.update(parametrizacao).set({ unificacao_prazo_dias: 0 });
    try {
      const vencida = await desfazer(u.id);
      expect(vencida.statusCode).toBe(409);
      expect(vencida.json().message).toBe(unificacaoMsg.unificacaoPrazoEncerrado(0));
    } finally {
      await t.db.update(parametrizacao).set({ unificacao_prazo_dias: 90 });
    }
    await t.db
      .update(municipes)
      .set({ lock_version: sql`${municipes.lock_version} + 1` })
      .where(eq(municipes.id, a.id));
    const alterado = await desfazer(u.id);
    expect(alterado.statusCode).toBe(409);
    expect(alterado.json().message).toBe(unificacaoMsg.unificacaoAlteradoDepois);
  });

  // The survivor's record asks for the merges it received that can still be undone (its "Desfazer unificação" notice).
  const recebidas = (sobrevivente: string, headers = gestor) =>
    t.app.inject({ method: 'GET', url: `${url}?sobrevivente_id=${sobrevivente}&desfazivel=true`, headers });
  const ids = (res: { json: () => unknown }) => (res.json() as Array<{ id: string }>).map((u) => u.id);

  it('lists the merges a survivor received that can still be undone (sobrevivente_id + desfazivel), audited', async () => {
    const { a, b, u } = await doisUnificados();
    const c = await f.municipe();
    // Another survivor's merge: not a's.
    await doisUnificados();
    const res = await recebidas(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toMatchObject([
      { id: u.id, sobrevivente_id: a.id, absorvido_id: b.id, absorvido_nome: b.nome, desfeito_em: null },
    ]);
    const [lida] = (await auditRows(t, { resource: 'municipes/unificacoes', action: 'index' })).slice(-1);
    expect([...(lida!.municipe_ids ?? [])].sort()).toEqual([a.id, b.id].sort());
    // The absorbed record received nothing.
    expect(ids(await recebidas(b.id))).toEqual([]);

    // A second merge into a changes a after the first one, which the undo would now refuse: only the second is offered.
    const outra = (
      await unificar({ municipe_a_id: a.id, municipe_b_id: c.id, sobrevivente: 'a', ...(await versoes(a, c)) })
    ).json();
    expect(ids(await recebidas(a.id))).toEqual([outra.id]);
    expect((await desfazer(u.id)).json().message).toBe(unificacaoMsg.unificacaoAlteradoDepois);
    expect((await desfazer(outra.id)).statusCode).toBe(204);
    expect(ids(await recebidas(a.id))).toEqual([]);
    // desfazivel=false: the others, newest first.
    const passadas = await t.app.inject({
      method: 'GET',
      url: `${url}?sobrevivente_id=${a.id}&desfazivel=false`,
      headers: gestor,
    });
    expect(ids(passadas)).toEqual([outra.id, u.id]);
  });

  it('does not offer a merge past its period, nor one whose survivor was edited after it (the undo would refuse both)', async () => {
    const { a, u } = await doisUnificados();
    expect(ids(await recebidas(a.id))).toEqual([u.id]);
    await t.db.update(parametrizacao).set({ unificacao_prazo_dias: 0 });
    try {
      expect(ids(await recebidas(a.id))).toEqual([]);
      // What the list leaves out is exactly what the undo refuses.
      expect((await desfazer(u.id)).json().message).toBe(unificacaoMsg.unificacaoPrazoEncerrado(0));
    } finally {
      await t.db.update(parametrizacao).set({ unificacao_prazo_dias: 90 });
    }
    expect(ids(await recebidas(a.id))).toEqual([u.id]);
    await t.db
      .update(municipes)
      .set({ lock_version: sql`${municipes.lock_version} + 1` })
      .where(eq(municipes.id, a.id));
    expect(ids(await recebidas(a.id))).toEqual([]);
    expect((await desfazer(u.id)).json().message).toBe(unificacaoMsg.unificacaoAlteradoDepois);
  });

  it.each([
    ['sobrevivente_id=', 'sobrevivente_id'],
    ['sobrevivente_id=abc', 'sobrevivente_id'],
    ['sobrevivente_id=00000000-0000-0000-0000-00000000000g', 'sobrevivente_id'],
    ['desfazivel=talvez', 'desfazivel'],
  ])('answers 422 with the field message for %s', async (query, campo) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: gestor });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: msg.buscaInvalida, errors: { [campo]: [msg.naoEValido] } });
  });

  it("answers a manager of another unit and team as the unfiltered list does: the merges are the registry's", async () => {
    const { a, u } = await doisUnificados();
    const outro = await f.territorio();
    const h = (await f.usuario({ perfil: 'gestor', unidade: outro.unidade, equipe: outro.equipe })).headers;
    const filtrada = await recebidas(a.id, h);
    const lista = await t.app.inject({ method: 'GET', url: `${url}?municipe_id=${a.id}`, headers: h });
    expect(filtrada.statusCode).toBe(lista.statusCode);
    expect(filtrada.json()).toEqual(lista.json());
    expect(ids(filtrada)).toEqual([u.id]);
  });

  it('queues a likely duplicate as it is saved, and a pair marked "not the same person" is never offered again', async () => {
    const nascimento = '1971-07-21';
    const mae = 'Maria Aparecida dos Santos';
    const a = await f.municipe({ nome: 'Raimundo Nonato Ferreira', data_nascimento: nascimento, nome_mae: mae });
    const b = await f.municipe({
      nome: 'Raimundo Nonatto Ferreira',
      data_nascimento: nascimento,
      nome_mae: 'Maria Aparecida Santos',
    });
    const par = async () =>
      (
        await t.db.select().from(municipeDuplicados)
          .where(sql`${municipeDuplicados.municipe_a_id} = least(${a.id}::uuid, ${b.id}::uuid)
            and ${municipeDuplicados.municipe_b_id} = greatest(${a.id}::uuid, ${b.id}::uuid)`)
      )[0];
    const novo = await par();
    expect(novo).toMatchObject({ situacao: 'pendente' });
    expect(novo!.motivos).toEqual(['mesma_data_nascimento', 'nome_semelhante', 'mae_semelhante']);

    const fila = async () => {
      const all: Array<{ id: string }> = [];
      for (let page = 1; ; page++) {
        const r = await t.app.inject({
          method: 'GET',
          url: `${url}/duplicados?page=${page}&per_page=100`,
          headers: gestor,
        });
        expect(r.statusCode).toBe(200);
        all.push(...r.json());
        if (r.json().length < 100) return all;
      }
    };
    expect((await fila()).map((d) => d.id)).toContain(novo!.id);

    const nao = await t.app.inject({
      method: 'PUT',
      url: `${url}/duplicados/${novo!.id}`,
      headers: gestor,
      payload: { situacao: 'nao_mesma_pessoa' },
    });
    expect(nao.statusCode).toBe(200);

    // The whole-registry search runs in the background; the screen polls its progress until it ends.
    const inicio = await t.app.inject({ method: 'POST', url: `${url}/buscas`, headers: gestor });
    expect(inicio.statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: `${url}/buscas/atual`, headers: gestor })).json().busca.situacao,
        { timeout: 60_000, interval: 200 },
      )
      .toBe('concluida');
    const fim = (await t.app.inject({ method: 'GET', url: `${url}/buscas/atual`, headers: gestor })).json().busca;
    expect(fim.etapas_concluidas).toBe(fim.etapas);
    expect((await par())!.situacao).toBe('nao_mesma_pessoa');
    expect((await fila()).map((d) => d.id)).not.toContain(novo!.id);
  });

  it('pairs a saved citizen with at most 20 of 50 people of its birth date, so a bulk insert on one date stays bounded', async () => {
    const dia = '1911-11-11';
    await t.db.execute(sql`insert into municipes (id, nome, data_nascimento, sexo_id)
      select gen_random_uuid(), 'Pessoa Igual Em Massa ' || g, ${dia}::date, 1 from generate_series(1, 300) g`);
    const [r] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from municipe_duplicados d join municipes m on m.id = d.municipe_a_id
        where m.data_nascimento = ${dia}`,
    );
    // Each insert compares with at most 50 people of the day and adds at most 20 pairs (44,850 without the cap).
    expect(r!.n).toBeGreaterThan(0);
    expect(r!.n).toBeLessThanOrEqual(300 * 20);
  });

  it.each(['recepcao', 'medico', 'enfermagem', 'acs', 'ace', 'vigilancia'] as PerfilCodigo[])(
    'refuses %s on every route with 403',
    async (perfil) => {
      const h = (await f.como(perfil, { unidade, equipe })).headers;
      const a = await f.municipe();
      const b = await f.municipe();
      const calls = [
        t.app.inject({ method: 'GET', url: `${url}/duplicados`, headers: h }),
        t.app.inject({ method: 'GET', url: `${url}/buscas/atual`, headers: h }),
        t.app.inject({ method: 'POST', url: `${url}/buscas`, headers: h }),
        comparar(a.id, b.id, h),
        t.app.inject({ method: 'GET', url, headers: h }),
        recebidas(a.id, h),
        t.app.inject({ method: 'GET', url: `${url}?sobrevivente_id=abc`, headers: h }),
        unificar(
          { municipe_a_id: a.id, municipe_b_id: b.id, sobrevivente: 'a', lock_version_a: 0, lock_version_b: 0 },
          h,
        ),
        t.app.inject({
          method: 'PUT',
          url: `${url}/duplicados/${a.id}`,
          headers: h,
          payload: { situacao: 'nao_mesma_pessoa' },
        }),
        desfazer(a.id, h),
      ];
      for (const r of await Promise.all(calls)) expect(r.statusCode).toBe(403);
    },
  );
});
