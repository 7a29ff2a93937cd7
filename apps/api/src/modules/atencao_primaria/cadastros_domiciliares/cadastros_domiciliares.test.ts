import { msg } from '@saude/shared';
import {
  CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
  cadastroDomiciliarInputSchema,
  type CadastroDomiciliar,
  type CadastroDomiciliarInput,
  type CadastroDomiciliarListItem,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { PARENTESCO_RESPONSAVEL, type Familia } from '@saude/shared/schemas/familia';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipes, municipes, unidadesSaude, visitasDomiciliares } from '../../../db/schema';
import { findProfissional } from '../../../db/seed/demo';
import { newId } from '../../../lib/ids';
import { auditRows, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { municipePayload } from '../../municipes/test-data';

const url = '/api/v1/atencao_primaria/cadastros_domiciliares';
type Headers = { authorization: string };

/** A household as read, as a PUT body. */
export function toUpdate(c: CadastroDomiciliar, over: object = {}) {
  const {
    id: _i,
    created_at: _c,
    updated_at: _u,
    unidade_saude_nome: _un,
    profissional_nome: _pn,
    equipe_nome: _en,
    ocupacao_nome: _on,
    municipio_nome: _mn,
    familias: _f,
    ...rest
  } = c;
  return { ...rest, ...over };
}

describe(url, () => {
  let t: TestApp;
  let acs: Headers;
  let admin: Headers;
  let recepcao: Headers;
  let centroId: string;
  let centro1: string;
  let centro2: string;
  let acsId: string;
  let aceId: string;
  let numero = 5000;

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
  const post = (p: object, headers = acs) => t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: object = casa(), headers = acs): Promise<CadastroDomiciliar> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<CadastroDomiciliar>();
  };
  const errorsOf = async (p: object, headers = acs) => {
    const res = await post(p, headers);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const get = (id: string, headers = acs) => t.app.inject({ method: 'GET', url: `${url}/${id}`, headers });
  const put = (c: CadastroDomiciliar, over: object = {}, headers = acs) =>
    t.app.inject({ method: 'PUT', url: `${url}/${c.id}`, headers, payload: toUpdate(c, over) });
  const del = (id: string, headers = acs) => t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers });
  const list = async (query: string, headers = acs) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<CadastroDomiciliarListItem[]>(), total: Number(res.headers['x-total-count']) };
  };
  const vincular = (id: string, payload: object, headers = acs) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/familias`, headers, payload });
  const desvincular = (id: string, familiaId: string, headers = acs) =>
    t.app.inject({ method: 'DELETE', url: `${url}/${id}/familias/${familiaId}`, headers });

  /** A citizen straight in the registry (no team needed to be a member). */
  const newMunicipe = async () => {
    const p = municipePayload();
    const id = newId();
    await t.db.insert(municipes).values({
      id,
      nome: p.nome,
      data_nascimento: p.data_nascimento,
      sexo_id: Number(p.sexo_id),
      cpf_numero: p.cpf_numero ?? null,
      codigo_cns: p.codigo_cns ?? null,
    });
    return { id, nome: p.nome };
  };
  /** A family of ESF Centro 1 with a head and `outros` more members. */
  const newFamilia = async (outros = 1, headers = acs, over: object = {}): Promise<Familia> => {
    const head = await newMunicipe();
    const membros = [{ municipe_id: head.id, parentesco_id: PARENTESCO_RESPONSAVEL }];
    for (let i = 0; i < outros; i++) membros.push({ municipe_id: (await newMunicipe()).id, parentesco_id: 138 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/atencao_primaria/familias',
      headers,
      payload: { responsavel_id: head.id, membros, ...over },
    });
    if (res.statusCode !== 201) throw new Error(`familia: ${res.statusCode} ${res.body}`);
    return res.json<Familia>();
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    acs = await signIn(t, 'acs', 'UBS Centro');
    admin = await signIn(t, 'admin', 'UBS Centro');
    recepcao = await signIn(t, 'recepcao');
    centroId = (await t.db.select().from(unidadesSaude)).find((u) => u.nome === 'UBS Centro')!.id;
    const teams = await t.db.select().from(equipes);
    centro1 = teams.find((e) => e.nome === 'ESF Centro 1')!.id;
    centro2 = teams.find((e) => e.nome === 'ESF Centro 2')!.id;
    acsId = (await findProfissional(t.db, 'acs'))!.id;
    aceId = (await findProfissional(t.db, 'ace'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST and GET', () => {
    it('registers a home, filling unit, professional, team and occupation from the ACS team assignment, and audits', async () => {
      const c = await create(
        casa({
          numero: '12A',
          complemento: 'FUNDOS',
          ponto_referencia: 'PERTO DA PRAÇA',
          telefone_contato: '(61) 99183-7465',
          tipo_domicilio_id: 85,
          numero_moradores: 3,
          numero_comodos: 4,
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
        unidade_saude_id: centroId,
        unidade_saude_nome: 'UBS Centro',
        profissional_id: acsId,
        equipe_id: centro1,
        equipe_nome: 'ESF Centro 1',
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
      expect(await auditRows(t, { record_id: c.id })).toMatchObject([
        { action: 'create', resource: 'atencao_primaria/cadastros_domiciliares' },
        { action: 'leitura', resource: 'atencao_primaria/cadastros_domiciliares' },
      ]);
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
        possui_animais: false,
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
      const recusa = await create({
        st_micro_area: '02',
        tipo_imovel_id: 1,
        termo_recusa: true,
        cep: '70000001',
        situacao_moradia_id: 75,
      });
      expect(recusa).toMatchObject({
        termo_recusa: true,
        cep: '70000001',
        situacao_moradia_id: null,
        localizacao_id: null,
      });
    });

    it('refuses a micro-area of another team, another team, an unknown municipality and an occupation outside the household form', async () => {
      expect((await errorsOf(casa({ st_micro_area: '04' }))).st_micro_area).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ equipe_id: centro2, st_micro_area: '04' }))).equipe_id).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ municipio_ibge: '9999999' }))).municipio_ibge).toEqual([msg.naoEValido]);
      // Brasília is not in GO.
      expect((await errorsOf(casa({ uf: 'GO' }))).municipio_ibge).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ ocupacao_id: '715505' }))).ocupacao_id).toEqual([msg.naoEValido]);
      expect((await errorsOf(casa({ st_micro_area: undefined }))).st_micro_area).toEqual([msg.obrigatorio]);
    });

    it('asks a user without a team to pick the professional, and fills team and occupation from the one picked', async () => {
      const errors = await errorsOf(casa(), admin);
      expect(errors.profissional_id).toEqual([msg.obrigatorio]);
      const c = await create(casa({ profissional_id: aceId, st_micro_area: '04' }), admin);
      expect(c).toMatchObject({
        profissional_id: aceId,
        equipe_id: centro2,
        ocupacao_id: '515140',
        st_micro_area: '04',
      });
    });

    it('answers 404 Cadastro não encontrado for an unknown id', async () => {
      const res = await get('0190a0b0-0000-7000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
    });

    it('answers 403 to a profile without the create permission (reception)', async () => {
      const res = await post(casa(), recepcao);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(msg.status403);
    });

    it('answers the household at the spec §7 path exactly as at /api/v1', async () => {
      const c = await create();
      const f = await newFamilia();
      expect((await vincular(c.id, { familia_id: f.id })).statusCode).toBe(200);
      const v1 = await get(c.id);
      const spec = await t.app.inject({
        method: 'GET',
        url: `/api/atencao_primaria/cadastros_domiciliares/${c.id}`,
        headers: acs,
      });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toEqual(v1.json());
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/atencao_primaria/cadastros_domiciliares/0190a0b0-0000-7000-8000-000000000000',
        headers: acs,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(msg.cadastroNaoEncontrado);
    });
  });

  describe('team scope', () => {
    it('an ACS of ESF Centro 1 neither sees nor changes a home of ESF Centro 2 (404); the manager does', async () => {
      const c = await create(
        casa({ profissional_id: aceId, st_micro_area: '05', logradouro: 'BECO DO ESCOPO' }),
        admin,
      );
      expect(c.equipe_id).toBe(centro2);
      const seen = await get(c.id);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe(msg.cadastroNaoEncontrado);
      expect((await put(c)).statusCode).toBe(404);
      expect((await del(c.id)).statusCode).toBe(404);
      expect((await vincular(c.id, { familia_id: (await newFamilia()).id })).statusCode).toBe(404);
      expect((await list('endereco=beco do escopo')).total).toBe(0);
      expect((await list('endereco=beco do escopo', admin)).rows.map((r) => r.id)).toEqual([c.id]);
      expect((await get(c.id, admin)).statusCode).toBe(200);
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
        equipe_nome: 'ESF Centro 1',
        numero_familias: 0,
        tipo_imovel_id: 1,
      });
      expect((await list('endereco=unica 10')).rows.map((r) => r.id)).toEqual([a.id]);
      expect((await list('endereco=escolinha')).rows.map((r) => r.id)).toEqual([escola.id]);
      expect((await list('endereco=travessa unica&tipo_imovel_id=5')).rows.map((r) => r.id)).toEqual([escola.id]);
      expect((await list('endereco=travessa unica&micro_area=02')).total).toBe(2);
      expect((await list('endereco=travessa unica&cep=7000000')).total).toBe(3);
      expect((await list('endereco=travessa unica&cep=70000-002')).total).toBe(2);
      expect((await list(`endereco=travessa unica&equipe_id=${centro2}`)).total).toBe(0);
      expect((await list(`endereco=travessa unica&profissional_id=${acsId}&unidade_saude_id=${centroId}`)).total).toBe(
        3,
      );
      const page = await list('per_page=5&page=1');
      expect(page.rows).toHaveLength(5);
      expect(page.total).toBeGreaterThan(5);
    });

    it('counts the linked families, a moved one included', async () => {
      const c = await create(casa({ logradouro: 'RUA DAS CONTAGENS' }));
      const f1 = await newFamilia();
      const f2 = await newFamilia();
      expect((await vincular(c.id, { familia_id: f1.id })).statusCode).toBe(200);
      expect((await vincular(c.id, { familia_id: f2.id })).statusCode).toBe(200);
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/atencao_primaria/familias/${f2.id}`,
        headers: acs,
        payload: { responsavel_id: f2.responsavel_id, membros: f2.membros, mudou: true, lock_version: f2.lock_version },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await list('endereco=rua das contagens')).rows).toMatchObject([{ id: c.id, numero_familias: 2 }]);
    });

    it('shows the demo homes of the ACS team only', async () => {
      const { rows, total } = await list('per_page=100');
      expect(total).toBeGreaterThanOrEqual(15);
      expect(new Set(rows.map((r) => r.equipe_id))).toEqual(new Set([centro1]));
      expect((await list('per_page=100', admin)).total).toBeGreaterThan(total);
    });
  });

  describe('PUT', () => {
    it('saves with the lock_version read, audits the fields changed and answers 409 to a stale edit', async () => {
      const c = await create();
      const res = await put(c, { numero_comodos: 5, ponto_referencia: 'ESQUINA' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ lock_version: 1, numero_comodos: 5, ponto_referencia: 'ESQUINA' });
      const stale = await put(c, { numero_comodos: 6 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('edicao_desatualizada');
      expect(stale.json().message).toBe(msg.edicaoDesatualizada);
      const rows = await auditRows(t, { record_id: c.id, action: 'update' });
      expect(rows).toHaveLength(1);
      expect(rows[0]!.details).toEqual({ campos: ['ponto_referencia', 'numero_comodos'] });
    });

    it('with families linked keeps the property a home without refusal, and the residents at least the active members', async () => {
      const c = await create(casa({ numero_moradores: 5 }));
      const f = await newFamilia(2);
      const moved = await newFamilia(3);
      expect((await vincular(c.id, { familia_id: f.id })).statusCode).toBe(200);
      expect((await vincular(c.id, { familia_id: moved.id })).statusCode).toBe(200);
      const m = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/atencao_primaria/familias/${moved.id}`,
        headers: acs,
        payload: {
          responsavel_id: moved.responsavel_id,
          membros: moved.membros,
          mudou: true,
          lock_version: moved.lock_version,
        },
      });
      expect(m.statusCode, m.body).toBe(200);
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
    it('links a family, answers the home with it, audits; linking it again (here or elsewhere) answers 409', async () => {
      const c = await create();
      const outra = await create();
      const f = await newFamilia(2, acs, { numero_prontuario: `V${numero}` });
      const res = await vincular(c.id, { familia_id: f.id });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<CadastroDomiciliar>();
      expect(body.familias).toMatchObject([
        {
          id: f.id,
          responsavel_id: f.responsavel_id,
          responsavel_nome: f.responsavel_nome,
          numero_prontuario: `V${numero}`,
          numero_membros: 3,
          mudou: false,
        },
      ]);
      expect(Math.abs(Date.parse(body.familias[0]!.vinculado_em!) - Date.now())).toBeLessThan(60_000);
      for (const id of [c.id, outra.id]) {
        const again = await vincular(id, { familia_id: f.id });
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('conflito');
        expect(again.json().message).toBe(msg.familiaJaVinculada);
      }
      expect(await auditRows(t, { record_id: c.id, action: 'vincular_familia' })).toMatchObject([
        { details: { familia_id: f.id } },
      ]);
      const familia = await t.app.inject({
        method: 'GET',
        url: `/api/v1/atencao_primaria/familias/${f.id}`,
        headers: acs,
      });
      expect(familia.json()).toMatchObject({
        domicilio_id: c.id,
        domicilio_endereco: `Rua DAS ACÁCIAS, ${c.numero} - CENTRO`,
        micro_area: '01',
      });
    });

    it('links only to a home (tipo 1) without refusal; 422 for an unknown family', async () => {
      const comercio = await create(casa({ tipo_imovel_id: 2 }));
      const recusa = await create({ st_micro_area: '01', tipo_imovel_id: 1, termo_recusa: true });
      const f = await newFamilia();
      for (const id of [comercio.id, recusa.id]) {
        const res = await vincular(id, { familia_id: f.id });
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('conflito');
        expect(res.json().message).toBe(msg.familiasSomenteDomicilio);
      }
      const unknown = await vincular(comercio.id, { familia_id: '0190a0b0-0000-7000-8000-000000000000' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ familia_id: [msg.naoEValido] });
      expect((await vincular(comercio.id, {})).json().errors).toEqual({ familia_id: [msg.obrigatorio] });
    });

    it('asks to confirm when the head already heads a family of another home (409 with confirmacao), then links with confirmar', async () => {
      const antiga = await create();
      const nova = await create();
      const f1 = await newFamilia(1);
      expect((await vincular(antiga.id, { familia_id: f1.id })).statusCode).toBe(200);
      // The family moves away: its head is free to head a new family, in a new home.
      const mudou = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/atencao_primaria/familias/${f1.id}`,
        headers: acs,
        payload: { responsavel_id: f1.responsavel_id, membros: f1.membros, mudou: true, lock_version: f1.lock_version },
      });
      expect(mudou.statusCode, mudou.body).toBe(200);
      const f2 = await t.app.inject({
        method: 'POST',
        url: '/api/v1/atencao_primaria/familias',
        headers: acs,
        payload: { responsavel_id: f1.responsavel_id },
      });
      expect(f2.statusCode, f2.body).toBe(201);
      const f2Id = f2.json<Familia>().id;
      const ask = await vincular(nova.id, { familia_id: f2Id });
      expect(ask.statusCode).toBe(409);
      expect(ask.json()).toEqual({
        code: 'confirmacao',
        message: msg.responsavelEmOutroDomicilio,
        errors: {},
        confirmacao: CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
      });
      expect((await get(nova.id)).json<CadastroDomiciliar>().familias).toEqual([]);
      const ok = await vincular(nova.id, { familia_id: f2Id, confirmar: true });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<CadastroDomiciliar>().familias.map((x) => x.id)).toEqual([f2Id]);
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
      const f = await newFamilia();
      const [r1, r2] = await Promise.all([
        vincular(c1.id, { familia_id: f.id }),
        vincular(c2.id, { familia_id: f.id }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      expect([r1, r2].find((r) => r.statusCode === 409)!.json()).toMatchObject({
        code: 'conflito',
        message: msg.familiaJaVinculada,
      });
      const linked = await Promise.all([get(c1.id), get(c2.id)]);
      expect(linked.flatMap((r) => r.json<CadastroDomiciliar>().familias.map((x) => x.id))).toEqual([f.id]);
    });

    it('unlinks a family (200, audited); 404 when that family is not linked to this home', async () => {
      const c = await create();
      const f = await newFamilia();
      await vincular(c.id, { familia_id: f.id });
      const res = await desvincular(c.id, f.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CadastroDomiciliar>().familias).toEqual([]);
      const again = await desvincular(c.id, f.id);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(msg.familiaNaoVinculada);
      expect(await auditRows(t, { record_id: c.id, action: 'desvincular_familia' })).toMatchObject([
        { details: { familia_id: f.id } },
      ]);
    });
  });

  describe('DELETE', () => {
    it('refuses while a family is linked (409), removes after unlinking (204) and audits', async () => {
      const c = await create();
      const f = await newFamilia();
      await vincular(c.id, { familia_id: f.id });
      const blocked = await del(c.id);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().code).toBe('conflito');
      expect(blocked.json().message).toBe(msg.domicilioComFamilias);
      expect((await desvincular(c.id, f.id)).statusCode).toBe(200);
      expect((await del(c.id)).statusCode).toBe(204);
      expect((await get(c.id)).statusCode).toBe(404);
      expect(await auditRows(t, { record_id: c.id, action: 'destroy' })).toHaveLength(1);
    });

    it('refuses a home with home visits (409)', async () => {
      const c = await create();
      await t.db.insert(visitasDomiciliares).values({
        id: newId(),
        domicilio_id: c.id,
        unidade_saude_id: centroId,
        profissional_id: acsId,
        equipe_id: centro1,
        ocupacao_id: '515105',
        data_visita: new Date(),
        turno_atendimentos: 1,
        tipo_imovel_id: 1,
        desfecho_id: 1,
      });
      const res = await del(c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflito');
      expect(res.json().message).toBe(msg.domicilioComVisitas);
    });
  });

  describe('demo seed', () => {
    it('stores homes that pass the shared rules of the form', async () => {
      const { rows } = await list('per_page=100', admin);
      expect(rows.length).toBeGreaterThan(60);
      const tipos = new Set(rows.map((r) => r.tipo_imovel_id));
      expect([...tipos].sort((a, b) => a - b)).toEqual(expect.arrayContaining([1, 2, 5, 8]));
      for (const r of rows.filter((x) => x.cep?.startsWith('7000000'))) {
        const c = (await get(r.id, admin)).json<CadastroDomiciliar>();
        const parsed = cadastroDomiciliarInputSchema.safeParse(toUpdate(c));
        expect(parsed.success, `${c.logradouro}, ${c.numero}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      const ilpi = rows.find((r) => r.tipo_imovel_id === 8)!;
      expect((await get(ilpi.id, admin)).json()).toMatchObject({
        instituicao_nome: 'LAR DE IDOSOS BOM REPOUSO',
        localizacao_id: 83,
      });
    });
  });
});
