import { msg, type PerfilCodigo } from '@saude/shared';
import {
  CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
  type CadastroDomiciliar,
  type CadastroDomiciliarInput,
  type CadastroDomiciliarListItem,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cadastrosDomiciliares } from '../../../db/schema';
import { type DuasEquipes, fixtures, type Headers, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { toUpdate } from './test-data';

const url = '/api/v1/atencao_primaria/cadastros_domiciliares';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  /** The agent's team (micro-areas 01–03), another team of the unit (04–06) and their people (fixtures.duasEquipes). */
  let { unidade, equipe, outraEquipe, acs, colega, acsOutra, gestor, aceOutra } = {} as DuasEquipes;
  let numero = 0;

  /** A user of the unit with a built-in profile. */
  const as = async (perfil: PerfilCodigo) => (await f.como(perfil, { unidade, equipe })).headers;
  const casa = (over: Partial<CadastroDomiciliarInput> = {}): CadastroDomiciliarInput => ({
    st_micro_area: '01',
    cep: '70000-001',
    uf: 'DF',
    municipio_ibge: '5300108',
    tipo_logradouro: '081',
    logradouro: 'DAS ACÁCIAS',
    numero: String(++numero),
    bairro: 'CENTRO',
    tipo_imovel_id: 1,
    situacao_moradia_id: 75,
    localizacao_id: 83,
    ...over,
  });
  const post = (p: object, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: object = casa(), headers: Headers = acs.headers): Promise<CadastroDomiciliar> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<CadastroDomiciliar>();
  };
  const errorsOf = async (p: object, headers: Headers = acs.headers) => {
    const res = await post(p, headers);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const get = (id: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const put = (c: CadastroDomiciliar, over: object = {}, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'PUT', url: `${url}/${c.id}`, headers, payload: toUpdate(c, over) });
  const del = (id: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const list = async (query: string, headers: Headers = acs.headers) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<CadastroDomiciliarListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  const vincular = (id: string, payload: object, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/familias`, headers, payload });
  const desvincular = (id: string, familiaId: string, headers: Headers = acs.headers) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}/familias/${familiaId}`, headers });
  /** What is stored for this street number (to prove a refused save stored nothing). */
  const guardados = (logradouro: string) =>
    t.db.select().from(cadastrosDomiciliares).where(eq(cadastrosDomiciliares.logradouro, logradouro));

  /** A family of the agent's team with a head and `outros` children, optionally living in `domicilio`. */
  const novaFamilia = async (outros = 1, o: { domicilio?: { id: string }; mudou?: boolean } = {}) => {
    const membros = [];
    for (let i = 0; i <= outros; i++) membros.push(await f.municipe());
    const familia = await f.familia({ unidade, equipe, profissional: acs }, { membros, ...o });
    return { familia, membros };
  };

  beforeAll(async () => {
    ({ unidade, equipe, outraEquipe, acs, colega, acsOutra, gestor, aceOutra } = await f.duasEquipes({
      nomeAcs: 'Agente Comunitária',
    }));
  });

  describe('POST and GET', () => {
    it('registers a home, filling unit, professional, team and occupation from the session, and audits both', async () => {
      const c = await create(
        casa({
          numero: '12A',
          complemento: 'FUNDOS',
          ponto_referencia: 'PERTO DA PRAÇA',
          telefone_contato: '(61) 99183-7465',
          tipo_domicilio_id: 85,
          numero_moradores: 3,
          numero_comodos: 4,
          material_paredes_id: 109,
          energia_eletrica: true,
          tipo_origem_energia_eletrica_id: 230,
          possui_animais: true,
          animal_ids: [128, 129],
          quantidade_animais: 3,
          pressao_sistolica: 120,
          pressao_diastolica: 80,
        }),
      );
      expect(c).toMatchObject({
        lock_version: 0,
        unidade_saude_id: unidade.id,
        unidade_saude_nome: unidade.nome,
        profissional_id: acs.id,
        profissional_nome: 'Agente Comunitária',
        equipe_id: equipe.id,
        equipe_nome: equipe.nome,
        ocupacao_id: '515105',
        ocupacao_nome: 'AGENTE COMUNITÁRIO DE SAÚDE',
        st_micro_area: '01',
        fora_area: false,
        cep: '70000001',
        municipio_nome: 'BRASÍLIA',
        logradouro: 'DAS ACÁCIAS',
        numero: '12A',
        telefone_contato: '61991837465',
        tipo_imovel_id: 1,
        numero_moradores: 3,
        material_paredes_id: 109,
        possui_animais: true,
        animal_ids: [128, 129],
        quantidade_animais: 3,
        tipo_origem_energia_eletrica_id: 230,
        pressao_sistolica: 120,
        pressao_diastolica: 80,
        familias: [],
      });
      expect(Math.abs(Date.parse(c.data_cadastro) - Date.now())).toBeLessThan(60_000);
      const again = await get(c.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(c);
      // The registration carries vitals: its reading is audited even before any family lives there.
      expect(await auditRows(t, { record_id: c.id })).toMatchObject([
        { action: 'create', resource: 'atencao_primaria/cadastros_domiciliares', details: { designado: false } },
        { action: 'show', resource: 'atencao_primaria/cadastros_domiciliares', municipe_ids: null },
      ]);
    });

    it('keeps an unanswered yes/no question unanswered (null), never "Não"', async () => {
      const semResposta = await create(casa({ possui_animais: undefined }));
      expect(semResposta).toMatchObject({ possui_animais: null, animal_ids: [], energia_eletrica: null });
      expect((await create(casa({ possui_animais: null }))).possui_animais).toBeNull();
      const nao = await create(casa({ possui_animais: false, energia_eletrica: false }));
      expect(nao).toMatchObject({ possui_animais: false, energia_eletrica: false });
      // Saved again as read, the answer stays unanswered.
      const res = await put(semResposta, { numero_comodos: 2 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ possui_animais: null, numero_comodos: 2 });
    });

    it('requires the property type: blank is "Não pode ficar em branco", never a default; an unknown code is not valid', async () => {
      for (const blank of [null, undefined, '']) {
        expect((await errorsOf(casa({ tipo_imovel_id: blank as never }))).tipo_imovel_id).toEqual([msg.obrigatorio]);
      }
      for (const bad of [0, 50, 'casa', true]) {
        expect((await errorsOf(casa({ tipo_imovel_id: bad as never }))).tipo_imovel_id).toEqual([msg.naoEValido]);
      }
      expect((await create(casa({ tipo_imovel_id: '5' as never }))).tipo_imovel_id).toBe(5);
    });

    it('clears what does not apply to the property type before storing (normalizarCadastroDomiciliar)', async () => {
      const comercio = await create(
        casa({
          tipo_imovel_id: 2,
          numero_moradores: 4,
          possui_animais: true,
          animal_ids: [129],
          instituicao_nome: 'X',
          condicao_posse_terra_id: 101,
        }),
      );
      expect(comercio).toMatchObject({
        tipo_imovel_id: 2,
        situacao_moradia_id: null,
        localizacao_id: null,
        numero_moradores: null,
        possui_animais: null,
        animal_ids: [],
        instituicao_nome: null,
        condicao_posse_terra_id: null,
      });
      const ilpi = await create(
        casa({
          tipo_imovel_id: 8,
          numero_moradores: 20,
          instituicao_nome: 'LAR ESPERANÇA',
          instituicao_responsavel_nome: 'Marta Quaresma',
          instituicao_responsavel_cargo: 'Diretora',
          tipo_domicilio_id: 85,
        }),
      );
      expect(ilpi).toMatchObject({
        tipo_imovel_id: 8,
        localizacao_id: 83,
        numero_moradores: 20,
        instituicao_nome: 'LAR ESPERANÇA',
        instituicao_responsavel_nome: 'Marta Quaresma',
        situacao_moradia_id: null,
        tipo_domicilio_id: null,
      });
      const fora = await create(casa({ fora_area: true }));
      expect(fora).toMatchObject({ fora_area: true, st_micro_area: null });
    });

    it('with the refusal (termo de recusa) keeps only the header, the property type and the micro-area', async () => {
      const recusa = await create({
        termo_recusa: true,
        st_micro_area: '02',
        tipo_imovel_id: 1,
        cep: '70000001',
        logradouro: 'RUA DA RECUSA',
        numero: '7',
        telefone_contato: '61991837465',
        situacao_moradia_id: 75,
        possui_animais: true,
        animal_ids: [128],
        pressao_sistolica: 130,
        pressao_diastolica: 150,
      });
      expect(recusa).toMatchObject({
        termo_recusa: true,
        st_micro_area: '02',
        tipo_imovel_id: 1,
        equipe_id: equipe.id,
        profissional_id: acs.id,
        cep: null,
        logradouro: null,
        numero: null,
        sem_numero: false,
        telefone_contato: null,
        situacao_moradia_id: null,
        localizacao_id: null,
        possui_animais: null,
        animal_ids: [],
        // Not asked, so not checked either (systolic below diastolic would be refused otherwise).
        pressao_sistolica: null,
        pressao_diastolica: null,
      });
      // What is still asked is still required.
      expect(await errorsOf({ termo_recusa: true })).toEqual({
        st_micro_area: [msg.obrigatorio],
        tipo_imovel_id: [msg.obrigatorio],
      });
    });

    describe('coordinates (issue 18)', () => {
      it('stores the pair typed with a decimal comma or as numbers, answers it as numbers and empties it on update', async () => {
        const c = await create(casa({ latitude: '-15,793889', longitude: '-47,882778' }));
        expect(c).toMatchObject({ latitude: -15.793889, longitude: -47.882778 });
        expect((await get(c.id)).json()).toMatchObject({ latitude: -15.793889, longitude: -47.882778 });
        const moved = await put(c, { latitude: 90, longitude: -180 });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json()).toMatchObject({ latitude: 90, longitude: -180 });
        const cleared = await put(moved.json<CadastroDomiciliar>(), { latitude: null, longitude: '' });
        expect(cleared.statusCode, cleared.body).toBe(200);
        expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
        expect((await create(casa())).latitude).toBeNull();
      });

      it('takes both or neither, inside the WGS 84 ranges, with at most 6 decimals (422, storing nothing)', async () => {
        expect(await errorsOf(casa({ logradouro: 'RUA SEM PAR', latitude: -15.7 }))).toEqual({
          longitude: [msg.coordenadaSemPar('latitude')],
        });
        expect(await errorsOf(casa({ longitude: '-47,9' }))).toEqual({ latitude: [msg.coordenadaSemPar('longitude')] });
        expect(await errorsOf(casa({ latitude: 90.000001, longitude: -180.5 }))).toEqual({
          latitude: [msg.between('-90', '90')],
          longitude: [msg.between('-180', '180')],
        });
        expect(await errorsOf(casa({ latitude: -15.1234567, longitude: '-47,12345678' }))).toEqual({
          latitude: [msg.decimal(6)],
          longitude: [msg.decimal(6)],
        });
        expect(await errorsOf({ ...casa(), latitude: 'norte', longitude: true })).toEqual({
          latitude: [msg.numeric],
          longitude: [msg.numeric],
        });
        // A NUL byte is refused as any text is (422), never reaching the database.
        expect(await errorsOf(casa({ latitude: '1\u0000', longitude: 2 }))).toEqual({ latitude: [msg.naoEValido] });
        expect(await guardados('RUA SEM PAR')).toEqual([]);
      });

      it('a refusal keeps no position', async () => {
        const recusa = await create({
          termo_recusa: true,
          st_micro_area: '02',
          tipo_imovel_id: 1,
          latitude: -15.8,
          longitude: -47.9,
        });
        expect(recusa).toMatchObject({ latitude: null, longitude: null });
      });
    });

    it('refuses a micro-area of another team, another team, an unknown municipality and an occupation outside the household form', async () => {
      expect((await errorsOf(casa({ st_micro_area: '04' }))).st_micro_area).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ equipe_id: outraEquipe.id, st_micro_area: '04' }))).equipe_id).toEqual([
        msg.naoEValido,
      ]);
      expect((await errorsOf(casa({ municipio_ibge: '9999999' }))).municipio_ibge).toEqual([msg.naoEValido]);
      // Brasília is not in GO.
      expect((await errorsOf(casa({ uf: 'GO' }))).municipio_ibge).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ ocupacao_id: '715505' }))).ocupacao_id).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ st_micro_area: undefined }))).st_micro_area).toEqual([msg.obrigatorio]);
      expect((await errorsOf(casa({ logradouro: 'RUA A\u0000B' }))).logradouro).toEqual([msg.naoEValido]);
    });

    it('answers 404 Cadastro não encontrado for an unknown id, and the same household at the spec §7 path', async () => {
      const res = await get(UNKNOWN_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      const c = await create();
      const { familia, membros } = await novaFamilia(1);
      expect((await vincular(c.id, { familia_id: familia.id })).statusCode).toBe(200);
      const spec = await t.app.inject({
        method: 'GET',
        url: `/api/atencao_primaria/cadastros_domiciliares/${c.id}`,
        headers: acs.headers,
      });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toEqual((await get(c.id)).json());
      // Both reads audited with the members of the family living there.
      const leituras = await auditRows(t, { record_id: c.id, action: 'show' });
      expect(leituras).toHaveLength(2);
      for (const l of leituras) {
        expect(new Set(l.municipe_ids)).toEqual(new Set(membros.map((m) => m.id)));
        expect(l.details).toEqual({ partes: ['domicilio', 'familias'] });
      }
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/atencao_primaria/cadastros_domiciliares/${UNKNOWN_ID}`,
        headers: acs.headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(msg.cadastroNaoEncontrado);
    });
  });

  describe('the e-SUS header comes from the session (issue 14)', () => {
    it("refuses a team member's record in a colleague's name or for another team (422), storing nothing", async () => {
      const errors = await errorsOf(casa({ logradouro: 'RUA DO COLEGA', profissional_id: colega.id }));
      expect(errors).toEqual({ profissional_id: [msg.naoEValido] });
      const outra = await errorsOf(casa({ logradouro: 'RUA DO COLEGA', equipe_id: outraEquipe.id }));
      expect(outra.equipe_id).toEqual([msg.naoEValido]);
      const unidadeAlheia = await f.unidade();
      expect(
        (await errorsOf(casa({ logradouro: 'RUA DO COLEGA', unidade_saude_id: unidadeAlheia.id }))).unidade_saude_id,
      ).toEqual([msg.naoEValido]);
      expect(await guardados('RUA DO COLEGA')).toEqual([]);
    });

    it("refuses an update in a colleague's name (422) and leaves the home as it was", async () => {
      const c = await create(casa({ logradouro: 'RUA DA EDICAO' }));
      const res = await put(c, { profissional_id: colega.id, numero_comodos: 9 }, colega.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profissional_id: [msg.naoEValido] });
      // The colleague may edit the home as registered: it stays in the agent's name.
      const ok = await put(c, { numero_comodos: 9 }, colega.headers);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ profissional_id: acs.id, numero_comodos: 9, lock_version: 1 });
      const [row] = await guardados('RUA DA EDICAO');
      expect(row).toMatchObject({ profissional_id: acs.id, lock_version: 1 });
    });

    it("asks a coordinator to pick the professional, stores the designation with that professional's team and audits it", async () => {
      expect((await errorsOf(casa(), gestor.headers)).profissional_id).toEqual([msg.obrigatorio]);
      const c = await create(casa({ profissional_id: aceOutra.id, st_micro_area: '04' }), gestor.headers);
      expect(c).toMatchObject({
        profissional_id: aceOutra.id,
        equipe_id: outraEquipe.id,
        ocupacao_id: '515140',
        st_micro_area: '04',
      });
      expect(await auditRows(t, { record_id: c.id, action: 'create' })).toMatchObject([
        { profissional_id: gestor.id, details: { designado: true } },
      ]);
      // Edited later by the coordinator, the home keeps its professional without a new designation.
      const res = await put(c, { numero_comodos: 3 }, gestor.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ profissional_id: aceOutra.id });
      expect(await auditRows(t, { record_id: c.id, action: 'update' })).toMatchObject([
        { details: { designado: false } },
      ]);
    });
  });

  describe('scope and access', () => {
    it("another team's home answers 404 on every route and is not listed; the coordinator sees it", async () => {
      const c = await create(casa({ st_micro_area: '04', logradouro: 'BECO DO ESCOPO' }), acsOutra.headers);
      const { familia } = await novaFamilia(0);
      const respostas = [
        await get(c.id),
        await t.app.inject({
          method: 'GET',
          url: `/api/atencao_primaria/cadastros_domiciliares/${c.id}`,
          headers: acs.headers,
        }),
        await put(c),
        await del(c.id),
        await vincular(c.id, { familia_id: familia.id }),
        await desvincular(c.id, familia.id),
      ];
      for (const r of respostas) {
        expect(r.statusCode, r.body).toBe(404);
        expect(r.json().message).toBe(msg.cadastroNaoEncontrado);
      }
      expect((await list('endereco=beco do escopo')).total).toBe(0);
      expect((await list('endereco=beco do escopo', gestor.headers)).rows.map((r) => r.id)).toEqual([c.id]);
      expect((await get(c.id, gestor.headers)).statusCode).toBe(200);
      // A family of another team is not linked to a home of this one either.
      const deOutra = await f.familia(
        { unidade, equipe: outraEquipe, profissional: acsOutra },
        { membros: [await f.municipe()] },
      );
      const casaPropria = await create();
      expect((await vincular(casaPropria.id, { familia_id: deOutra.id })).json().errors).toEqual({
        familia_id: [msg.naoEValido],
      });
    });

    it('refuses with 403 the profiles without the permission, and the writes of those who only read', async () => {
      const c = await create();
      const { familia } = await novaFamilia(0);
      const rotas = (h: Headers) => ({
        index: () => t.app.inject({ method: 'GET', url, headers: h }),
        show: () => get(c.id, h),
        spec: () =>
          t.app.inject({ method: 'GET', url: `/api/atencao_primaria/cadastros_domiciliares/${c.id}`, headers: h }),
        create: () => post(casa(), h),
        update: () => put(c, {}, h),
        destroy: () => del(c.id, h),
        vincular: () => vincular(c.id, { familia_id: familia.id }, h),
        desvincular: () => desvincular(c.id, familia.id, h),
      });
      for (const perfil of ['recepcao', 'vigilancia', 'medico'] as const) {
        for (const [nome, rota] of Object.entries(rotas(await as(perfil)))) {
          expect((await rota()).statusCode, `${perfil} ${nome}`).toBe(403);
        }
      }
      for (const perfil of ['enfermagem', 'ace'] as const) {
        const r = rotas(await as(perfil));
        for (const nome of ['index', 'show', 'spec'] as const) expect((await r[nome]()).statusCode).toBe(200);
        for (const nome of ['create', 'update', 'destroy', 'vincular', 'desvincular'] as const) {
          expect((await r[nome]()).statusCode, `${perfil} ${nome}`).toBe(403);
        }
      }
    });
  });

  describe('list', () => {
    it('filters by address (accents and case do not matter), CEP prefix, micro-area, team and property type, ordered by street and number', async () => {
      const a = await create(
        casa({ logradouro: 'TRAVESSA ÚNICA', numero: '10', st_micro_area: '02', cep: '70000-002' }),
      );
      const b = await create(
        casa({ logradouro: 'TRAVESSA ÚNICA', numero: '9', st_micro_area: '02', cep: '70000-002' }),
      );
      const escola = await create(
        casa({
          logradouro: 'TRAVESSA ÚNICA',
          numero: '1',
          tipo_imovel_id: 5,
          st_micro_area: '01',
          ponto_referencia: 'ESCOLINHA',
        }),
      );
      const byStreet = await list('endereco=travessa unica');
      expect(byStreet.total).toBe(3);
      expect(byStreet.rows.map((r) => r.id)).toEqual([escola.id, b.id, a.id]);
      expect(byStreet.rows[1]).toMatchObject({
        endereco: 'Rua TRAVESSA ÚNICA, 9 - CENTRO',
        cep: '70000002',
        st_micro_area: '02',
        equipe_nome: equipe.nome,
        numero_familias: 0,
        tipo_imovel_id: 1,
      });
      expect((await list('endereco=unica 10')).rows.map((r) => r.id)).toEqual([a.id]);
      expect((await list('endereco=escolinha')).rows.map((r) => r.id)).toEqual([escola.id]);
      expect((await list('endereco=travessa unica&tipo_imovel_id=5')).rows.map((r) => r.id)).toEqual([escola.id]);
      expect((await list('endereco=travessa unica&micro_area=02')).total).toBe(2);
      expect((await list('endereco=travessa unica&cep=7000000')).total).toBe(3);
      expect((await list('endereco=travessa unica&cep=70000-002')).total).toBe(2);
      expect((await list(`endereco=travessa unica&equipe_id=${outraEquipe.id}`)).total).toBe(0);
      expect(
        (await list(`endereco=travessa unica&profissional_id=${acs.id}&unidade_saude_id=${unidade.id}`)).total,
      ).toBe(3);
      const page = await list('per_page=2&page=1');
      expect(page.rows).toHaveLength(2);
      expect(page.total).toBeGreaterThan(2);
    });

    it('counts the linked families, a moved one included, and audits the page with the people who live there', async () => {
      const c = await create(casa({ logradouro: 'RUA DAS CONTAGENS' }));
      const f1 = await novaFamilia(1, { domicilio: c });
      const f2 = await novaFamilia(0, { domicilio: c, mudou: true });
      const antes = (await auditRows(t, { action: 'index', resource: 'atencao_primaria/cadastros_domiciliares' }))
        .length;
      expect((await list('endereco=rua das contagens&micro_area=01')).rows).toMatchObject([
        { id: c.id, numero_familias: 2 },
      ]);
      const linhas = await auditRows(t, { action: 'index', resource: 'atencao_primaria/cadastros_domiciliares' });
      expect(linhas).toHaveLength(antes + 1);
      const linha = linhas.at(-1)!;
      expect(new Set(linha.municipe_ids)).toEqual(new Set([...f1.membros, ...f2.membros].map((m) => m.id)));
      // Which filters, never their values.
      expect(linha.details).toEqual({ filtros: ['endereco', 'micro_area'] });
      // A page of homes where nobody is registered names nobody: no row.
      await list('endereco=travessa unica');
      expect(await auditRows(t, { action: 'index', resource: 'atencao_primaria/cadastros_domiciliares' })).toHaveLength(
        antes + 1,
      );
    });
  });

  describe('PUT', () => {
    it('saves with the lock_version read, audits the fields changed and the residents, and answers 409 to a stale edit', async () => {
      const c = await create();
      const { membros } = await novaFamilia(1, { domicilio: c });
      const res = await put(c, { numero_comodos: 5, ponto_referencia: 'ESQUINA' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ lock_version: 1, numero_comodos: 5, ponto_referencia: 'ESQUINA' });
      const stale = await put(c, { numero_comodos: 6 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const rows = await auditRows(t, { record_id: c.id, action: 'update' });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.details).toEqual({ campos: ['ponto_referencia', 'numero_comodos'], designado: false });
      expect(new Set(rows[0]!.municipe_ids)).toEqual(new Set(membros.map((m) => m.id)));
    });

    it('empties what the form emptied (null), and refuses a blank property type', async () => {
      const c = await create(casa({ material_paredes_id: 109, complemento: 'CASA 2' }));
      const res = await put(c, { material_paredes_id: null, complemento: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ material_paredes_id: null, complemento: null });
      const blank = await put(res.json<CadastroDomiciliar>(), { tipo_imovel_id: null });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toEqual({ tipo_imovel_id: [msg.obrigatorio] });
    });

    it('with families linked keeps the property a home without refusal, and the residents at least the active members', async () => {
      const c = await create(casa({ numero_moradores: 5 }));
      await novaFamilia(2, { domicilio: c });
      await novaFamilia(3, { domicilio: c, mudou: true });
      const fresh = (await get(c.id)).json<CadastroDomiciliar>();
      const tipo = await put(fresh, { tipo_imovel_id: 2 });
      expect(tipo.statusCode).toBe(422);
      expect(tipo.json().errors).toEqual({ tipo_imovel_id: [msg.familiasSomenteDomicilio] });
      const recusa = await put(fresh, { termo_recusa: true });
      expect(recusa.json().errors).toEqual({ termo_recusa: [msg.familiasSomenteDomicilio] });
      // 3 active members (the moved family's 4 do not count)
      const poucos = await put(fresh, { numero_moradores: 2 });
      expect(poucos.statusCode).toBe(422);
      expect(poucos.json().errors).toEqual({ numero_moradores: [msg.moradoresMenorQueFamilias(3)] });
      expect(msg.moradoresMenorQueFamilias(3)).toBe(
        'não pode ser menor que o número de membros das famílias vinculadas (3)',
      );
      expect((await put(fresh, { numero_moradores: 3 })).json()).toMatchObject({
        numero_moradores: 3,
        lock_version: 1,
      });
    });
  });

  describe('linking families', () => {
    it('links a family, answers the home with it, audits with its members; linking it again (here or elsewhere) answers 409', async () => {
      const c = await create();
      const outra = await create();
      const membros = [await f.municipe(), await f.municipe(), await f.municipe()];
      const familia = await f.familia(
        { unidade, equipe, profissional: acs },
        { membros, numero_prontuario: `V${numero}` },
      );
      const res = await vincular(c.id, { familia_id: familia.id });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<CadastroDomiciliar>();
      expect(body.familias).toMatchObject([
        {
          id: familia.id,
          responsavel_id: membros[0]!.id,
          responsavel_nome: membros[0]!.nome,
          responsavel_obito: false,
          numero_prontuario: `V${numero}`,
          numero_membros: 3,
          mudou: false,
        },
      ]);
      expect(Math.abs(Date.parse(body.familias[0]!.vinculado_em!) - Date.now())).toBeLessThan(60_000);
      for (const id of [c.id, outra.id]) {
        const again = await vincular(id, { familia_id: familia.id });
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('conflito');
        expect(again.json().message).toBe(msg.familiaJaVinculada);
      }
      const [linha] = await auditRows(t, { record_id: c.id, action: 'vincular_familia' });
      expect(linha).toMatchObject({ details: { familia_id: familia.id } });
      expect(new Set(linha!.municipe_ids)).toEqual(new Set(membros.map((m) => m.id)));
      const lida = await t.app.inject({
        method: 'GET',
        url: `/api/v1/atencao_primaria/familias/${familia.id}`,
        headers: acs.headers,
      });
      expect(lida.json()).toMatchObject({
        domicilio_id: c.id,
        domicilio_endereco: `Rua DAS ACÁCIAS, ${c.numero} - CENTRO`,
        micro_area: '01',
      });
    });

    it('shows "Óbito" for a head who died', async () => {
      const c = await create();
      const head = await f.municipe({ data_obito: '2024-05-01', motivo_saida_cadastro_id: 135 });
      await f.familia({ unidade, equipe, profissional: acs }, { membros: [head], domicilio: c });
      expect((await get(c.id)).json<CadastroDomiciliar>().familias).toMatchObject([{ responsavel_obito: true }]);
    });

    it('links only to a home (tipo 1) without refusal; 422 for an unknown family', async () => {
      const comercio = await create(casa({ tipo_imovel_id: 2 }));
      const recusa = await create({ st_micro_area: '01', tipo_imovel_id: 1, termo_recusa: true });
      const { familia } = await novaFamilia(0);
      for (const id of [comercio.id, recusa.id]) {
        const res = await vincular(id, { familia_id: familia.id });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('conflito');
        expect(res.json().message).toBe(msg.familiasSomenteDomicilio);
      }
      const unknown = await vincular(comercio.id, { familia_id: UNKNOWN_ID });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ familia_id: [msg.naoEValido] });
      expect((await vincular(comercio.id, {})).json().errors).toEqual({ familia_id: [msg.obrigatorio] });
    });

    it('asks to confirm when the head already heads a family of another home (409 with confirmacao), then links with confirmar', async () => {
      const antiga = await create();
      const nova = await create();
      // The family moved away from its old home: its head now heads a new family.
      const { familia: f1, membros } = await novaFamilia(1, { domicilio: antiga, mudou: true });
      const f2 = await f.familia({ unidade, equipe, profissional: acs }, { membros: [membros[0]!] });
      const ask = await vincular(nova.id, { familia_id: f2.id });
      expect(ask.statusCode).toBe(409);
      expect(ask.json()).toEqual({
        code: 'confirmacao',
        message: msg.responsavelEmOutroDomicilio,
        errors: {},
        confirmacao: CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
      });
      expect((await get(nova.id)).json<CadastroDomiciliar>().familias).toEqual([]);
      const ok = await vincular(nova.id, { familia_id: f2.id, confirmar: true });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<CadastroDomiciliar>().familias.map((x) => x.id)).toEqual([f2.id]);
      expect(await auditRows(t, { record_id: nova.id, action: 'vincular_familia' })).toMatchObject([
        { details: { familia_id: f2.id, responsavel_em_outro_domicilio: f1.id } },
      ]);
      // The moved family cannot be linked to a home anymore.
      expect((await desvincular(antiga.id, f1.id)).statusCode).toBe(200);
      const movida = await vincular(antiga.id, { familia_id: f1.id });
      expect(movida.statusCode).toBe(409);
      expect(movida.json().code).toBe('conflito');
      expect(movida.json().message).toBe(msg.familiaMudou);
    });

    it('two links of one family to two homes at once: exactly one wins', async () => {
      const c1 = await create();
      const c2 = await create();
      const { familia } = await novaFamilia(0);
      const [r1, r2] = await Promise.all([
        vincular(c1.id, { familia_id: familia.id }),
        vincular(c2.id, { familia_id: familia.id }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      expect([r1, r2].find((r) => r.statusCode === 409)!.json()).toMatchObject({
        code: 'conflito',
        message: msg.familiaJaVinculada,
      });
      const linked = await Promise.all([get(c1.id), get(c2.id)]);
      expect(linked.flatMap((r) => r.json<CadastroDomiciliar>().familias.map((x) => x.id))).toEqual([familia.id]);
    });

    it('unlinks a family (200, audited with its members); 404 when that family is not linked to this home', async () => {
      const c = await create();
      const { familia, membros } = await novaFamilia(1, { domicilio: c });
      const res = await desvincular(c.id, familia.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CadastroDomiciliar>().familias).toEqual([]);
      const again = await desvincular(c.id, familia.id);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(msg.familiaNaoVinculada);
      const [linha] = await auditRows(t, { record_id: c.id, action: 'desvincular_familia' });
      expect(linha).toMatchObject({ details: { familia_id: familia.id } });
      expect(new Set(linha!.municipe_ids)).toEqual(new Set(membros.map((m) => m.id)));
    });
  });

  describe('DELETE', () => {
    it('refuses while a family is linked (409), removes after unlinking (204) and audits', async () => {
      const c = await create();
      const { familia } = await novaFamilia(0, { domicilio: c });
      const blocked = await del(c.id);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('conflito');
      expect(blocked.json().message).toBe(msg.domicilioComFamilias);
      expect((await desvincular(c.id, familia.id)).statusCode).toBe(200);
      expect((await del(c.id)).statusCode).toBe(204);
      expect((await get(c.id)).statusCode).toBe(404);
      expect(await auditRows(t, { record_id: c.id, action: 'destroy' })).toHaveLength(1);
    });

    it('refuses a home with home visits (409)', async () => {
      const c = await create();
      await f.visita({ unidade, equipe, profissional: acs }, { domicilio_id: c.id });
      const res = await del(c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().message).toBe(msg.domicilioComVisitas);
    });
  });
});
