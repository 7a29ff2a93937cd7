import { dateRange, formatCns, formatCpf, isoToBr, msg, pisCheckDigit, todayIso } from '@saude/shared';
import { iniciaisNome, mascararCns, type Municipe } from '@saude/shared/schemas/municipe';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditoria, municipes, municipesPalavras } from '../../db/schema';
import { fixtures, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { buscaSimples, MAX_EXPANSAO, pageSql, prepararBusca } from './search';
import { cnsFor, cnsProvisorioFor, cpfFor, municipePayload, nextSeq } from '../../test/municipe-data';

const url = '/api/v1/municipes';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let enf: { authorization: string };
  let admin: { authorization: string };
  let centroId: string;
  let jardimId: string;

  /** The audit rows whose data subjects include the citizen. */
  const auditsOf = async (municipeId: string) =>
    t.db
      .select()
      .from(auditoria)
      .where(sql`${auditoria.municipe_ids} @> array[${municipeId}]::uuid[]`)
      .orderBy(auditoria.id);

  const post = (payload: object, headers = enf) => t.app.inject({ method: 'POST', url, headers, payload });
  const create = async (payload: object = municipePayload(), headers = enf): Promise<Municipe> => {
    const res = await post({ confirmar_duplicados: true, ...payload }, headers);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json<Municipe>();
  };
  /** A citizen through the API, with the payload's defaults for what is not given. */
  const pessoa = (over: Parameters<typeof municipePayload>[0]) => create(municipePayload(over));
  const errorsOf = async (payload: object) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  beforeAll(async () => {
    const centro = await f.territorio({ unidade: { nome: 'UBS Centro' } });
    const jardim = await f.unidade({ nome: 'UBS Jardim das Palmeiras' });
    centroId = centro.unidade.id;
    jardimId = jardim.id;
    enf = (await f.usuario({ perfil: 'enfermagem', unidade: centro.unidade, equipe: centro.equipe })).headers;
    admin = (await f.usuario({ perfil: 'gestor', unidade: centro.unidade })).headers;
  });

  describe('POST and GET', () => {
    it('creates a citizen with every block of the form, answers it back and audits the write', async () => {
      const p = municipePayload({
        nome_social: 'Zu',
        estado_civil_id: 2,
        raca_cor_id: 4,
        nome_mae: 'Rosa Maria Quaresma',
        nome_pai: 'Ernesto Quaresma',
        telefones: { residencial: '(61) 3344-5566', celular: '61 99183-7465', contato: '' },
        email: 'zuleica@exemplo.com.br',
        residencia_cep: '72000-100',
        residencia_uf: 'df',
        residencia_municipio_ibge: '5300108',
        residencia_tipo_logradouro: '081',
        residencia_logradouro: 'DAS MANGUEIRAS',
        residencia_numero: '12',
        residencia_bairro: 'SETOR NORTE',
        unidade_saude_referencia_id: centroId,
        micro_area: '02',
        nacionalidade_id: 1,
        municipio_nascimento_ibge: '3550308',
        nis: `120.45678.90-${pisCheckDigit('1204567890')}`,
        rg_numero: '1234567',
        rg_uf: 'DF',
        certidao_tipo: 'nascimento',
        certidao_matricula: '1'.repeat(32),
        doador_sangue: true,
        tipo_sanguineo_id: 7,
        parentesco_id: 138,
        ocupacao_id: '515105',
        prontuarios: [{ numero: 'C-000777', unidade_saude_id: centroId }],
      });
      const res = await post(p);
      expect(res.statusCode, res.body).toBe(201);
      const m = res.json<Municipe>();
      expect(m).toMatchObject({
        nome: p.nome,
        cpf_numero: p.cpf_numero,
        codigo_cns: p.codigo_cns,
        lock_version: 0,
        residencia_uf: 'DF',
        telefones: { residencial: '6133445566', celular: '61991837465', contato: null },
        residencia_cep: '72000100',
        unidade_referencia_nome: 'UBS Centro',
        municipio_nascimento_nome: 'SÃO PAULO',
        residencia_municipio_nome: 'BRASÍLIA',
        prontuarios: [
          { numero: 'C-000777', unidade_saude_id: centroId, unidade_nome: 'UBS Centro', inativado_em: null },
        ],
        certidao_tipo: 'nascimento',
        doador_sangue: true,
        fora_area: false,
      });
      expect(typeof m.idade).toBe('number');
      const again = await t.app.inject({ method: 'GET', url: `${url}/${m.id}`, headers: enf });
      expect(again.json()).toEqual(m);
      // The write and the read of the record each leave one row naming the citizen (LGPD, issue 14).
      expect(await auditRows(t, { record_id: m.id })).toMatchObject([
        { action: 'create', resource: 'municipes', municipe_ids: [m.id] },
        { action: 'show', resource: 'municipes', municipe_ids: [m.id], details: { partes: ['cadastro'] } },
      ]);
      // The address typed here now answers the CEP lookup for everyone (issue 4).
      const cep = await t.app.inject({ method: 'GET', url: '/api/v1/enderecos/cep/72000100', headers: enf });
      expect(cep.json()).toMatchObject({ logradouro: 'DAS MANGUEIRAS', municipio: 'BRASÍLIA', bairro: 'SETOR NORTE' });
    });

    it("answers 404 'Cadastro não encontrado' for an unknown id and for one that is not a uuid (issue 12: 422 before)", async () => {
      for (const id of [UNKNOWN_ID, '999999', 'abc']) {
        for (const [method, path] of [
          ['GET', `${url}/${id}`],
          ['PUT', `${url}/${id}`],
          ['DELETE', `${url}/${id}`],
          ['GET', `${url}/${id}/condicao_saude`],
          ['PUT', `${url}/${id}/sociodemografica`],
          ['GET', `/api/municipes/${id}/permissao_cadastro`],
        ] as const) {
          const headers = method === 'DELETE' ? admin : enf;
          const payload = method === 'PUT' ? { ...municipePayload(), lock_version: 0 } : undefined;
          const res = await t.app.inject({ method, url: path, headers, payload });
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
          expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
        }
      }
    });
  });

  describe('what nobody entered is never stored (issue 12)', () => {
    it("refuses a sex left blank with 'Não pode ficar em branco' and stores nothing (it was saved as 0, Masculino)", async () => {
      for (const sexo_id of [null, undefined, '']) {
        const p = municipePayload({ sexo_id: sexo_id as never });
        const res = await post(p);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual({ sexo_id: [msg.obrigatorio] });
        expect(await t.db.select().from(municipes).where(eq(municipes.nome, p.nome))).toEqual([]);
      }
      const falso = await post(municipePayload({ sexo_id: false as never }));
      expect(falso.json().errors).toEqual({ sexo_id: [msg.naoEValido] });
    });

    it('keeps unanswered codes null, and refuses what is not a code instead of reading it as one', async () => {
      const m = await create(
        municipePayload({ raca_cor_id: null, nacionalidade_id: '' as never, estado_civil_id: undefined }),
      );
      expect(m).toMatchObject({ raca_cor_id: null, nacionalidade_id: null, estado_civil_id: null, sexo_id: 1 });
      const wrong = await post(municipePayload({ raca_cor_id: false as never, nacionalidade_id: [] as never }));
      expect(wrong.json().errors).toEqual({ raca_cor_id: [msg.naoEValido], nacionalidade_id: [msg.naoEValido] });
    });

    it("refuses a death date after today with 'não pode ser posterior à data atual' (it said the format was wrong)", async () => {
      const hoje = todayIso();
      const amanha = new Date(Date.parse(`${hoje}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const errors = await errorsOf(municipePayload({ motivo_saida_cadastro_id: 135, data_obito: amanha }));
      expect(errors).toEqual({ data_obito: [msg.dataFutura] });
    });
  });

  describe('rules of spec §5, each message word for word', () => {
    it("refuses invalid CPF, CNS and PIS with 'não é válido'", async () => {
      const errors = await errorsOf(
        municipePayload({ cpf_numero: '123.456.789-00', codigo_cns: '123456789012345', nis: '12345678901' }),
      );
      expect(errors.cpf_numero).toEqual([msg.naoEValido]);
      expect(errors.codigo_cns).toEqual([msg.naoEValido]);
      expect(errors.nis).toEqual([msg.naoEValido]);
    });

    it('requires the provisional card to differ from the CNS, and the CNS from the card', async () => {
      const s = nextSeq();
      const errors = await errorsOf(
        municipePayload({ codigo_cns: cnsProvisorioFor(s), cartao_provisorio: cnsProvisorioFor(s) }),
      );
      expect(errors.cartao_provisorio).toEqual([msg.cartaoProvisorioIgualCns]);
      expect(errors.codigo_cns).toEqual([msg.cnsIgualCartaoProvisorio]);
    });

    it('requires the CNS without a provisional card, and the CPF without either', async () => {
      const none = await errorsOf(municipePayload({ codigo_cns: undefined, cpf_numero: undefined }));
      expect(none.codigo_cns).toEqual([msg.obrigatorio]);
      expect(none.cpf_numero).toEqual([msg.obrigatorio]);
      const onlyCpf = await errorsOf(municipePayload({ codigo_cns: '' }));
      expect(onlyCpf.codigo_cns).toEqual([msg.obrigatorio]);
      expect(onlyCpf.cpf_numero).toBeUndefined();
      // A provisional card alone is enough for the CNS rule, and then no CPF is needed either.
      const cardOnly = await post(
        municipePayload({ codigo_cns: null, cpf_numero: null, cartao_provisorio: '9001234' }),
      );
      expect(cardOnly.statusCode, cardOnly.body).toBe(201);
    });

    it('requires a residential phone when no other phone is given', async () => {
      const errors = await errorsOf(municipePayload({ telefones: { residencial: '', celular: '', contato: '' } }));
      expect(errors['telefones.residencial']).toEqual([msg.obrigatorio]);
      const contactOnly = await post(municipePayload({ telefones: { contato: '(61) 3344-5566' } }));
      expect(contactOnly.statusCode, contactOnly.body).toBe(201);
      const sequential = await errorsOf(municipePayload({ telefones: { celular: '(61) 91234-5678' } }));
      expect(sequential['telefones.celular']).toEqual([msg.telefoneSequencial]);
    });

    it("requires the guardian's name to differ from the citizen's", async () => {
      const p = municipePayload();
      const errors = await errorsOf({ ...p, responsavel_nome: ` ${p.nome.toUpperCase()} ` });
      expect(errors.responsavel_nome).toEqual([msg.responsavelIgualMunicipe]);
    });

    it('keeps the birth date within 130 years back to today, and the death date not before it', async () => {
      const { min, max } = dateRange();
      const range = msg.dateBetween(isoToBr(min)!, isoToBr(max)!);
      expect((await errorsOf(municipePayload({ data_nascimento: '2999-01-01' }))).data_nascimento).toEqual([
        msg.dataFutura,
      ]);
      expect((await errorsOf(municipePayload({ data_nascimento: '1800-01-01' }))).data_nascimento).toEqual([range]);
      expect((await errorsOf(municipePayload({ data_nascimento: '2020-02-30' }))).data_nascimento).toEqual([
        msg.dateFormat,
      ]);
      const obito = await errorsOf(
        municipePayload({ data_nascimento: '2000-05-10', data_obito: '2000-05-09', motivo_saida_cadastro_id: 135 }),
      );
      expect(obito.data_obito).toEqual([msg.maiorOuIgualQue('10/05/2000')]);
      const semData = await errorsOf(municipePayload({ motivo_saida_cadastro_id: 135 }));
      expect(semData.data_obito).toEqual([msg.obrigatorio]);
    });

    it('refuses huge strings, unknown codes and references with field messages, never a 500', async () => {
      const errors = await errorsOf(
        municipePayload({
          nome: 'A'.repeat(10_000),
          sexo_id: 3,
          raca_cor_id: 99,
          residencia_municipio_ibge: '9999999',
        } as object),
      );
      expect(errors.nome).toEqual([msg.max(70)]);
      expect(errors.sexo_id).toEqual([msg.naoEValido]);
      expect(errors.raca_cor_id).toEqual([msg.naoEValido]);
      const refs = await errorsOf(
        municipePayload({
          residencia_municipio_ibge: '9999999',
          unidade_saude_referencia_id: UNKNOWN_ID,
          ocupacao_id: '999999',
          equipe_id: '0190a0b0-0000-7000-8000-000000000001',
        }),
      );
      expect(refs).toMatchObject({
        residencia_municipio_ibge: [msg.naoEValido],
        unidade_saude_referencia_id: [msg.naoEValido],
        ocupacao_id: [msg.naoEValido],
        equipe_id: [msg.naoEValido],
      });
      for (const payload of ['[]', '"x"', '{"nome": {"$gt": 1}}', 'null']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...enf, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(422);
      }
    });

    it("refuses a CPF already in use with 'em uso - %{2} - CNS: %{3}' naming the other citizen", async () => {
      const first = await create();
      const errors = await errorsOf(municipePayload({ cpf_numero: formatCpf(first.cpf_numero!) }));
      expect(errors.cpf_numero).toEqual([msg.cpfEmUso(first.nome, formatCns(first.codigo_cns!))]);
      expect(errors.cpf_numero![0]).toBe(`em uso - ${first.nome} - CNS: ${formatCns(first.codigo_cns!)}`);
      const cns = await errorsOf(municipePayload({ codigo_cns: first.codigo_cns }));
      expect(cns.codigo_cns).toEqual([msg.cnsEmUso(first.nome)]);
      // Saving the same citizen again with its own CPF is fine.
      const { id, lock_version, ...rest } = first;
      const put = await t.app.inject({
        method: 'PUT',
        url: `${url}/${id}`,
        headers: enf,
        payload: { ...rest, lock_version },
      });
      expect(put.statusCode, put.body).toBe(200);
    });

    it('shows a user who may not open citizens only the initials and the masked CNS of the CPF holder', async () => {
      const first = await create();
      const unidade = await f.unidade();
      const { headers } = await f.usuario({ unidade, permissoes: ['municipes:create'] });
      const res = await post(municipePayload({ cpf_numero: first.cpf_numero }), headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cpf_numero).toEqual([
        msg.cpfEmUso(iniciaisNome(first.nome), mascararCns(first.codigo_cns)!),
      ]);
      expect(res.json().errors.cpf_numero[0]).not.toContain(first.nome);
    });

    it('requires the ethnicity of an indigenous citizen and drops it for anyone else', async () => {
      expect((await errorsOf(municipePayload({ raca_cor_id: 5 }))).etnia_id).toEqual([msg.obrigatorio]);
      const m = await create(municipePayload({ raca_cor_id: 1, etnia_id: 10 }));
      expect(m.etnia_id).toBeNull();
      const ind = await create(municipePayload({ raca_cor_id: 5, etnia_id: 10 }));
      expect(ind.etnia_id).toBe(10);
    });
  });

  describe('likely duplicates', () => {
    it('answers 409 with the similar citizens (masked documents), then creates when the user confirms', async () => {
      const original = await pessoa({
        nome: 'Joaquina Bittencourt Ypiranga',
        data_nascimento: '1961-03-04',
        nome_mae: 'Olga Ypiranga',
      });
      const typo = municipePayload({ nome: 'Joaquina Bitencourt Ipiranga', data_nascimento: '1961-03-04' });
      const res = await post(typo);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'confirmacao',
        message: msg.possiveisDuplicados,
        errors: {},
        duplicados: [
          {
            id: original.id,
            nome: original.nome,
            nome_social: null,
            data_nascimento: '1961-03-04',
            nome_mae: 'Olga Ypiranga',
            cpf_numero: `***.${original.cpf_numero!.slice(3, 6)}.${original.cpf_numero!.slice(6, 9)}-**`,
            codigo_cns: `*** **** **** ${original.codigo_cns!.slice(11)}`,
            unidade_referencia_nome: null,
          },
        ],
      });
      // Showing them is a read of their data: one audit row names them, and nothing else was written.
      expect((await auditsOf(original.id)).map((a) => [a.action, a.details])).toContainEqual([
        'index',
        { busca: 'duplicados' },
      ]);
      expect(await t.db.select().from(municipes).where(eq(municipes.nome, typo.nome))).toEqual([]);
      // Same mother and birth date, different name: also a likely duplicate.
      const mae = await post(
        municipePayload({ nome: 'Criança Sem Nome Ainda', data_nascimento: '1961-03-04', nome_mae: 'OLGA YPIRANGA' }),
      );
      expect(mae.statusCode).toBe(409);
      expect(mae.json().code).toBe('confirmacao');
      const confirmed = await post({ ...typo, confirmar_duplicados: true });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(await auditRows(t, { record_id: confirmed.json().id })).toMatchObject([
        { action: 'create', details: { confirmou_duplicados: true } },
      ]);
    });
  });

  describe('GET list and search', () => {
    it('finds a name typed without accents, misspelt, in any order and any case; CPF or CNS masked or not; a dd/MM/yyyy date', async () => {
      const joao = await pessoa({
        nome: 'João da Conceição Wanderley',
        data_nascimento: '1977-07-17',
        nome_mae: 'Ondina Wanderley',
      });
      const search = async (q: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q, per_page: '100' } });
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        return { rows: res.json<Array<{ id: string }>>(), total: Number(res.headers['x-total-count']) };
      };
      for (const q of [
        'joao conceicao wanderley',
        'JOÃO WANDERLEY',
        'wanderley joao',
        'joao conseicao wanderlei',
        'conceiçao wanderl',
      ]) {
        expect(
          (await search(q)).rows.map((r) => r.id),
          q,
        ).toContain(joao.id);
      }
      for (const q of [
        joao.cpf_numero!,
        formatCpf(joao.cpf_numero!),
        joao.codigo_cns!,
        formatCns(joao.codigo_cns!),
        '17/07/1977',
      ]) {
        expect(
          (await search(q)).rows.map((r) => r.id),
          q,
        ).toContain(joao.id);
      }
      const byCpf = await search(formatCpf(joao.cpf_numero!));
      expect(byCpf.total).toBe(1);
      expect(byCpf.rows[0]).toEqual({
        id: joao.id,
        nome: joao.nome,
        nome_social: null,
        data_nascimento: '1977-07-17',
        idade: joao.idade,
        nome_mae: 'Ondina Wanderley',
        cpf_numero: joao.cpf_numero,
        codigo_cns: joao.codigo_cns,
        unidade_saude_referencia_id: null,
        unidade_referencia_nome: null,
        data_obito: null,
        obito: false,
      });
      expect((await search(joao.cpf_numero!.slice(0, 6))).rows.map((r) => r.id)).toContain(joao.id);
      expect((await search('zzzqqqxxx')).total).toBe(0);
    });

    it('corrects a misspelt word among the words of the registry, kept as citizens are created and renamed', async () => {
      const ids = async (query: Record<string, string>, path = '') => {
        const res = await t.app.inject({ method: 'GET', url: `${url}${path}`, headers: enf, query });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<Array<{ id: string }>>().map((r) => r.id);
      };
      const m = await pessoa({ nome: 'Quitéria Anunciação Xerxes', nome_mae: 'Leocádia Perpétua Xerxes' });
      expect(await ids({ q: 'quiteria anunsiacao' })).toEqual([m.id]);
      // A word only in the mother's name: the advanced search corrects it too.
      expect(await ids({ nome: 'quiteria', nome_mae: 'perpetau' }, '/busca_avancada')).toEqual([m.id]);
      // Renamed: the new word is there to be corrected; the old one matches nobody any more.
      const { id, lock_version, ...rest } = m;
      const put = await t.app.inject({
        method: 'PUT',
        url: `${url}/${id}`,
        headers: enf,
        payload: { ...rest, nome: 'Quitéria Bernardete Xerxes', lock_version },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await ids({ q: 'quiteria bernadete' })).toEqual([m.id]);
      expect(await ids({ q: 'quiteria anunsiacao' })).toEqual([]);
      // A word near nothing in the registry finds nobody, and no error.
      expect(await ids({ q: 'quiteria wkzqyv' })).toEqual([]);
    });

    it('finds the social name, and names with accents from a plain typed name', async () => {
      const m = await create(municipePayload({ nome: 'Teodoro Nóbrega Hipólito', nome_social: 'Valquíria Hipólito' }));
      const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'valquiria' } });
      expect(res.json().map((r: { id: string }) => r.id)).toContain(m.id);
      const maria = await create(municipePayload({ nome: 'Maria da Conceição Bittencourt' }));
      const accents = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'conceicao bittencourt' } });
      expect(accents.json().map((r: { id: string }) => r.id)).toContain(maria.id);
    });

    it('looks a word up as the registry words that contain it, by the name words index; a fragment in too many, as a substring (issue 41)', async () => {
      const ids = async (q: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q, per_page: '100' } });
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        return res.json<Array<{ id: string }>>().map((r) => r.id);
      };
      const m = await create(municipePayload({ nome: 'Zebedeu Oliveirinha Quixadá', nome_social: 'Zuleica Quixadá' }));
      // Inside a word, at its end, in the social name, with the accent typed or not.
      for (const q of ['liveirinh zebede', 'xada zebedeu', 'zuleic', 'ZULEICA QUIXADÁ'])
        expect(await ids(q), q).toEqual([m.id]);
      // A word of the name and one of the social name are not one person's name.
      expect(await ids('zebedeu zuleica')).toEqual([]);
      // Two typed words inside one word of the name: each a substring, as before (not a pair of two words).
      const z = await create(municipePayload({ nome: 'Mariazinha Quenupe Souza' }));
      expect(await ids('maria zinha quenup')).toEqual([z.id]);
      expect(await ids('quenupe mariazinha')).toEqual([z.id]);
      expect(await ids('quenupe zebedeu')).toEqual([]);
      // "kwq" is in more registry words than a search lists (their bearers left long ago: words are never pruned):
      // searched as a substring, it still finds the one person who bears it.
      await t.db
        .insert(municipesPalavras)
        .values(Array.from({ length: MAX_EXPANSAO + 1 }, (_, i) => ({ palavra: `kwq${i}x` })));
      const k = await create(municipePayload({ nome: 'Ana Akwqzu Pires' }));
      expect(await ids('kwq')).toEqual([k.id]);
      expect(await ids('akwqzu pires')).toEqual([k.id]);
      // The words' condition is the indexes' own expression: with sequential scans off, the plan reads both.
      const plano = (q: string) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const busca = await prepararBusca((s) => queryRows(tx, s), buscaSimples(q));
          const [linha] = await queryRows<{ 'QUERY PLAN': unknown }>(
            tx,
            sql`explain (format json) ${pageSql(busca, { page: 1, per_page: 10 })}`,
          );
          return JSON.stringify(linha!['QUERY PLAN']);
        });
      const umaPalavra = await plano('liveirinh');
      expect(umaPalavra).toContain('municipes_nome_palavras_idx');
      expect(umaPalavra).toContain('municipes_nome_social_palavras_idx');
      expect(umaPalavra).not.toContain('municipes_nome_trgm_idx');
      // A broad name (here: any share of the registry counts as broad) reads the table until its first matches, with no
      // index on the name, and finds the same people.
      for (const q of ['liveirinh zebede', 'zebedeu quixada', 'maria zinha quenup', 'zuleica', 'zebedeu zuleica']) {
        const [comIndice, varrendo] = await Promise.all(
          [undefined, { fracao: 0, cadastroMinimo: -1 }].map(async (amplitude) => {
            const busca = await prepararBusca((s) => queryRows(t.db, s), buscaSimples(q), amplitude);
            return (await queryRows<{ id: string }>(t.db, pageSql(busca, { page: 1, per_page: 100 })))
              .map((r) => r.id)
              .sort();
          }),
        );
        expect(varrendo, q).toEqual(comIndice);
      }
      const amplo = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const busca = await prepararBusca((s) => queryRows(tx, s), buscaSimples('zebede quixad'), {
          fracao: 0,
          cadastroMinimo: -1,
        });
        const [linha] = await queryRows<{ 'QUERY PLAN': unknown }>(
          tx,
          sql`explain (format json) ${pageSql(busca, { page: 1, per_page: 10 })}`,
        );
        return JSON.stringify(linha!['QUERY PLAN']);
      });
      expect(amplo).not.toMatch(/municipes_nome_(pares|palavras|trgm)_idx/);
      // Two words: the name's pairs index (the social name, word by word).
      const duas = await plano('zebede quixad');
      expect(duas).toContain('municipes_nome_pares_idx');
      expect(duas).toContain('municipes_nome_social_palavras_idx');
      expect(duas).not.toContain('municipes_nome_trgm_idx');
    });

    it('pages with page and per_page, the total in X-Total-Count, ordered by name', async () => {
      for (let i = 0; i < 12; i++) await f.municipe({ nome: `Paginada ${String.fromCharCode(90 - i)} Quaresma` });
      const first = await t.app.inject({ method: 'GET', url, headers: enf, query: { page: '1', per_page: '5' } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(5);
      expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(12);
      expect(first.headers['x-total-count-limitado']).toBeUndefined();
      const names = first.json().map((r: { nome: string }) => r.nome);
      expect([...names].sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual(names);
      const past = await t.app.inject({
        method: 'GET',
        url,
        headers: enf,
        query: { page: '9999', per_page: '5', q: 'paginada' },
      });
      expect(past.json()).toEqual([]);
      expect(Number(past.headers['x-total-count'])).toBe(12);
    });

    it("says why a 1–2 letter search cannot run, on the search box: 'deve conter pelo menos 3 caracteres', never 'gravar'", async () => {
      for (const q of ['ab', 'a', 'da de', '12']) {
        const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q } });
        expect(res.statusCode, q).toBe(422);
        expect(res.json()).toEqual({ code: 'validacao', message: msg.buscaInvalida, errors: { q: [msg.min(3)] } });
        expect(res.json().message).not.toMatch(/gravar/);
      }
    });

    it('audits each search with the page of citizens it showed and the filters used, never their values', async () => {
      const m = await create(municipePayload({ nome: 'Elpídio Zanetti Wanderley' }));
      const before = (await auditsOf(m.id)).length;
      const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'elpidio zanetti' } });
      const ids = res.json().map((r: { id: string }) => r.id);
      expect(ids).toContain(m.id);
      const rows = await auditsOf(m.id);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({
        action: 'index',
        resource: 'municipes',
        details: { busca: 'simples', filtros: ['nome'], pagina: 1 },
      });
      expect([...rows.at(-1)!.municipe_ids!].sort()).toEqual([...ids].sort());
      // Who, where and from which address: the row is written by the search's own statement (auditedSelect).
      expect(rows.at(-1)).toMatchObject({ profissional_id: expect.any(String), unidade_saude_id: expect.any(String) });
      expect(rows.at(-1)!.ip).toBe('127.0.0.1');
      expect(JSON.stringify(rows.at(-1)!.details)).not.toMatch(/elpidio/i);
      // A search that shows nobody leaves no row.
      const buscas = (await auditRows(t, { resource: 'municipes', action: 'index' })).length;
      const nada = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'elpidio qxzwkv' } });
      expect(nada.json()).toEqual([]);
      expect(await auditRows(t, { resource: 'municipes', action: 'index' })).toHaveLength(buscas);
      const adv = await t.app.inject({
        method: 'GET',
        url: `${url}/busca_avancada`,
        headers: enf,
        query: { nome: 'elpidio', data_nascimento: m.data_nascimento },
      });
      expect(adv.json().map((r: { id: string }) => r.id)).toContain(m.id);
      expect((await auditsOf(m.id)).at(-1)).toMatchObject({
        action: 'index',
        details: { busca: 'avancada', filtros: ['data_nascimento', 'nome'] },
      });
    });

    it('answers 422 for a search it cannot read, never a 500', async () => {
      const odd: Array<Record<string, string>> = [
        { q: 'x'.repeat(101) },
        { q: '99/99/2020' },
        { page: '0' },
        { per_page: '1000' },
        { q: '1234567890123456789' },
      ];
      for (const query of odd) {
        const res = await t.app.inject({ method: 'GET', url, headers: enf, query });
        expect(res.statusCode, JSON.stringify(query)).toBe(422);
      }
      for (const q of ["o'brien", '%_\\', 'joão%', '   ']) {
        const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q } });
        expect([200, 422], q).toContain(res.statusCode);
      }
    });
  });

  describe('GET /busca_avancada', () => {
    it("answers 422 'Preencha ao menos DOIS filtros para realizar a busca' with fewer than two filters", async () => {
      const few: Array<Record<string, string>> = [{}, { nome: 'maria' }, { nome: 'maria', nome_mae: '' }];
      for (const query of few) {
        const res = await t.app.inject({ method: 'GET', url: `${url}/busca_avancada`, headers: enf, query });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          code: 'validacao',
          message: msg.buscaAvancadaDoisFiltros,
          errors: { base: [msg.buscaAvancadaDoisFiltros] },
        });
      }
    });

    it('combines the filters named as the fields', async () => {
      const m = await pessoa({
        nome: 'Hermínia Kowalski Ulhôa',
        nome_mae: 'Quitéria Kowalski',
        nome_pai: 'Xisto Ulhôa',
        data_nascimento: '1955-05-05',
        telefones: { celular: '61991837465', residencial: '6133221100' },
        residencia_logradouro: 'DOS JACARANDÁS',
        unidade_saude_referencia_id: jardimId,
        micro_area: '03',
      });
      const queries: Array<Record<string, string>> = [
        { nome: 'herminia', nome_mae: 'quiteria kowalsky' },
        { nome_pai: 'xisto', data_nascimento: '05/05/1955' },
        { cpf_numero: formatCpf(m.cpf_numero!), codigo_cns: m.codigo_cns! },
        { telefone: '(61) 3322-1100', residencia_logradouro: 'jacaranda' },
        { unidade_saude_referencia_id: jardimId, micro_area: '03' },
        { nome: 'ulhoa', data_nascimento: '1955-05-05' },
        // With a birth date the names are checked on that date's people (issue 41), misspellings still corrected.
        { nome: 'herminia kowalsky', data_nascimento: '05/05/1955' },
        { nome_mae: 'quiteria', nome_pai: 'xisto ulhoa', data_nascimento: '05/05/1955' },
      ];
      const avancada = (query: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: `${url}/busca_avancada`, headers: enf, query });
      for (const query of queries) {
        const res = await avancada({ ...query, per_page: '100' });
        expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(200);
        expect(
          res.json().map((r: { id: string }) => r.id),
          JSON.stringify(query),
        ).toContain(m.id);
        expect(Number(res.headers['x-total-count'])).toBeGreaterThan(0);
      }
      const none = await avancada({ nome: 'herminia', micro_area: '01', unidade_saude_referencia_id: jardimId });
      expect(none.json().map((r: { id: string }) => r.id)).not.toContain(m.id);
      // The date's people are still filtered by the name: the father's name is not hers.
      const outroNome = await avancada({ nome: 'xisto', data_nascimento: '05/05/1955' });
      expect(outroNome.statusCode).toBe(200);
      expect(outroNome.json().map((r: { id: string }) => r.id)).not.toContain(m.id);
    });
  });

  describe('PUT and DELETE', () => {
    it('updates with the lock_version read, audits the changed fields, and answers 409 to a stale save', async () => {
      const m = await create();
      const { id, lock_version, ...rest } = m;
      const ok = await t.app.inject({
        method: 'PUT',
        url: `${url}/${id}`,
        headers: enf,
        payload: { ...rest, nome_social: 'Nome Social Novo', lock_version },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ nome_social: 'Nome Social Novo', lock_version: lock_version + 1 });
      const stale = await t.app.inject({
        method: 'PUT',
        url: `${url}/${id}`,
        headers: enf,
        payload: { ...rest, nome: 'Outro Nome Qualquer', lock_version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      expect(await auditRows(t, { record_id: id, action: 'update' })).toMatchObject([
        { resource: 'municipes', municipe_ids: [id], details: { campos: ['nome_social'] } },
      ]);
      const missing = await t.app.inject({
        method: 'PUT',
        url: `${url}/${UNKNOWN_ID}`,
        headers: enf,
        payload: { ...rest, lock_version: 0 },
      });
      expect(missing.statusCode).toBe(404);
      const noVersion = await t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: enf, payload: rest });
      expect(noVersion.statusCode).toBe(422);
    });

    it('keeps record numbers unique per unit, asks a justification to inactivate one, and removes one left out', async () => {
      const a = await pessoa({
        prontuarios: [
          { numero: 'P-1', unidade_saude_id: centroId },
          { numero: 'P-1', unidade_saude_id: jardimId },
        ],
      });
      expect(a.prontuarios).toHaveLength(2);
      const clash = await errorsOf(municipePayload({ prontuarios: [{ numero: 'P-1', unidade_saude_id: centroId }] }));
      expect(clash['prontuarios.0.numero']).toEqual([msg.prontuarioEmUso]);
      const twice = await errorsOf(
        municipePayload({
          prontuarios: [
            { numero: 'P-9', unidade_saude_id: centroId },
            { numero: 'P-9', unidade_saude_id: centroId },
          ],
        }),
      );
      expect(twice['prontuarios.1.numero']).toEqual([msg.prontuarioEmUso]);
      const { id, lock_version, prontuarios, ...rest } = a;
      /** Saves the citizen with its first record inactivated by `inativacao`. */
      const inativar = (inativacao: object) =>
        t.app.inject({
          method: 'PUT',
          url: `${url}/${id}`,
          headers: enf,
          payload: {
            ...rest,
            lock_version,
            prontuarios: [{ ...prontuarios[0], inativacao_motivo_id: 2, ...inativacao }],
          },
        });
      const noJust = await inativar({});
      expect(noJust.statusCode).toBe(422);
      expect(noJust.json().errors['prontuarios.0.inativacao_justificativa']).toEqual([msg.obrigatorio]);
      const ok = await inativar({ inativacao_justificativa: 'Mudou para a UBS Jardim' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().prontuarios).toHaveLength(1);
      expect(ok.json().prontuarios[0]).toMatchObject({
        id: prontuarios[0]!.id,
        inativacao_motivo_id: 2,
        inativacao_justificativa: 'Mudou para a UBS Jardim',
      });
      expect(ok.json().prontuarios[0].inativado_em).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      // A number is never reused in a unit, even once inactivated; the freed one (left out) is free again.
      expect(
        (await errorsOf(municipePayload({ prontuarios: [{ numero: 'P-1', unidade_saude_id: centroId }] })))[
          'prontuarios.0.numero'
        ],
      ).toEqual([msg.prontuarioEmUso]);
      expect(
        (await create(municipePayload({ prontuarios: [{ numero: 'P-1', unidade_saude_id: jardimId }] }))).prontuarios,
      ).toHaveLength(1);
    });

    it('deletes a citizen nothing points at and audits it; the profile needs municipes:destroy', async () => {
      const m = await create();
      const refused = await t.app.inject({ method: 'DELETE', url: `${url}/${m.id}`, headers: enf });
      expect(refused.statusCode).toBe(403);
      const res = await t.app.inject({ method: 'DELETE', url: `${url}/${m.id}`, headers: admin });
      expect(res.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: `${url}/${m.id}`, headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/${m.id}`, headers: admin })).statusCode).toBe(404);
      expect(await auditRows(t, { record_id: m.id, action: 'destroy' })).toMatchObject([{ municipe_ids: [m.id] }]);
    });
  });

  describe('a deceased citizen (issue 12)', () => {
    it('is marked obito in the search results, by a death date or by an exit by death', async () => {
      const comData = await f.municipe({ nome: 'Xisto Falecido Valadares', data_obito: '2020-01-01' });
      const porMotivo = await f.municipe({ nome: 'Xisto Saida Valadares', motivo_saida_cadastro_id: 135 });
      const vivo = await f.municipe({ nome: 'Xisto Vivo Valadares' });
      const res = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'xisto valadares' } });
      const obito = Object.fromEntries(res.json().map((r: { id: string; obito: boolean }) => [r.id, r.obito]));
      expect(obito).toMatchObject({ [comData.id]: true, [porMotivo.id]: true, [vivo.id]: false });
    });
  });

  // Last: it fills the registry past the count's cap.
  describe('the unfiltered list at scale (issue 15)', () => {
    it('counts at most 10,000 rows (X-Total-Count-Limitado), the pager still works; a broad name is not ranked (issue 41)', async () => {
      await t.db.execute(sql`insert into municipes (id, nome, data_nascimento, sexo_id)
        select gen_random_uuid(), 'Pessoa em massa ' || g, date '1980-01-01', 1 from generate_series(1, 10001) g`);
      const first = await t.app.inject({ method: 'GET', url, headers: enf, query: { per_page: '10' } });
      expect(first.headers['x-total-count']).toBe('10000');
      expect(first.headers['x-total-count-limitado']).toBe('true');
      const deep = await t.app.inject({ method: 'GET', url, headers: enf, query: { page: '1000', per_page: '10' } });
      expect(deep.statusCode).toBe(200);
      expect(deep.json()).toHaveLength(10);
      expect(deep.headers['x-total-count-limitado']).toBe('true');
      // A narrow search is ranked and counted exactly: "massa 777" is 777, 7770–7779 and 1777…9777.
      const narrow = await t.app.inject({
        method: 'GET',
        url,
        headers: enf,
        query: { q: 'massa 777', per_page: '10' },
      });
      expect(narrow.headers['x-total-count']).toBe('19');
      expect(narrow.headers['x-total-count-limitado']).toBeUndefined();
      expect(narrow.json()[0].nome).toBe('Pessoa em massa 777');
      // A broad one (issue 41: more than 1,000 matches) is ranked among its first 1,001 matches (here all alike, so by
      // name), its total "mais de 1.000".
      const broad = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'massa', per_page: '10' } });
      expect(broad.statusCode).toBe(200);
      expect(broad.headers['x-total-count']).toBe('1000');
      expect(broad.headers['x-total-count-limitado']).toBe('true');
      const nomes = broad.json().map((r: { nome: string }) => r.nome);
      expect(nomes).toEqual([...nomes].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
      expect(nomes[0]).toBe('Pessoa em massa 1');
      // Its last page still answers; a typo ("masa") is corrected and broad too.
      const last = await t.app.inject({
        method: 'GET',
        url,
        headers: enf,
        query: { q: 'massa', page: '100', per_page: '10' },
      });
      expect(last.json()).toHaveLength(10);
      const typo = await t.app.inject({
        method: 'GET',
        url,
        headers: enf,
        query: { q: 'pessoa masa', per_page: '10' },
      });
      expect(typo.headers['x-total-count-limitado']).toBe('true');
      // The advanced search follows the same rule.
      const avancada = await t.app.inject({
        method: 'GET',
        url: `${url}/busca_avancada`,
        headers: enf,
        query: { nome: 'massa', data_nascimento: '1980-01-01' },
      });
      expect(avancada.statusCode).toBe(200);
      expect(avancada.headers['x-total-count-limitado']).toBe('true');
    });

    it('past 100,000 rows in the table\'s own estimate, says "mais de 10.000" without counting (issue 41)', async () => {
      await t.db.execute(sql`delete from municipes where nome like 'Pessoa em massa %'`);
      await t.db.execute(sql`analyze municipes`);
      const exact = await t.app.inject({ method: 'GET', url, headers: enf, query: { per_page: '10' } });
      const real = Number(exact.headers['x-total-count']);
      expect(real).toBeGreaterThan(0);
      expect(real).toBeLessThan(1000);
      expect(exact.headers['x-total-count-limitado']).toBeUndefined();
      // What autovacuum writes for a large registry; the rows stay few, so only the estimate can say "more than".
      await t.db.execute(sql`update pg_class set reltuples = 100000 where oid = 'municipes'::regclass`);
      const estimated = await t.app.inject({ method: 'GET', url, headers: enf, query: { per_page: '10' } });
      expect(estimated.headers['x-total-count']).toBe('10000');
      expect(estimated.headers['x-total-count-limitado']).toBe('true');
      expect(estimated.json()).toHaveLength(10);
      // Past the last row, the total comes from the same rule.
      const past = await t.app.inject({ method: 'GET', url, headers: enf, query: { page: '500', per_page: '10' } });
      expect(past.json()).toHaveLength(0);
      expect(past.headers['x-total-count-limitado']).toBe('true');
      // A search still counts its matches. The words are those of one citizen of the test above only: the helpers'
      // random names may also hold "Xisto" and "Valadares" (a CI run found a fourth).
      const busca = await t.app.inject({ method: 'GET', url, headers: enf, query: { q: 'xisto vivo valadares' } });
      expect(busca.headers['x-total-count']).toBe('1');
      await t.db.execute(sql`analyze municipes`);
      const again = await t.app.inject({ method: 'GET', url, headers: enf, query: { per_page: '10' } });
      expect(again.headers['x-total-count']).toBe(String(real));
    });
  });

  it('keeps documents apart: CPF and CNS of the helpers are valid and distinct', () => {
    expect(cpfFor(1)).not.toBe(cpfFor(2));
    expect(cnsFor(1)).not.toBe(cnsFor(2));
  });
});
