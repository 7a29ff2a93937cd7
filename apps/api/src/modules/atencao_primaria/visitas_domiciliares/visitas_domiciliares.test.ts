import { msg, type PerfilCodigo } from '@saude/shared';
import type { Municipe } from '@saude/shared/schemas/municipe';
import type {
  FamiliaParaVisita,
  FamiliaVisitaDetalhe,
  VisitaContexto,
  VisitaDomiciliar,
  VisitaDomiciliarInput,
} from '@saude/shared/schemas/visita_domiciliar';
import { formatAge } from '@saude/shared/validation/dates';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, cadastrosDomiciliares, familias, municipes, visitasDomiciliares } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { type Equipe, fixtures, type Headers, type Unidade, type Usuario } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';
import { municipePayload } from '../../../test/municipe-data';

// Home visits (issue 8) on typed fixtures: one unit with two teams (the agent's and the endemic agent's), a second
// unit, and users per profile made here. Every test builds its own citizens, homes and families.
const url = '/api/v1/atencao_primaria/visitas_domiciliares';
const RESOURCE = 'atencao_primaria/visitas_domiciliares';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let equipe: Equipe;
  let equipe2: Equipe;
  let acsU: Usuario;
  let acs: Headers;
  let ace: Headers;
  let gestor: Headers;
  let gestorOutraUnidade: Headers;
  let medico: Headers;
  let header: { unidade: Unidade; equipe: Equipe; profissional: Usuario };

  const usuario = (perfil: PerfilCodigo, o: { equipe?: Equipe | null; micro_areas?: string[]; nome?: string } = {}) =>
    f.usuario({ unidade, perfil, equipe: o.equipe === undefined ? equipe : o.equipe, ...o });

  /** A home of the agent's team (micro-area 01 unless told) with a family of these members, head first. */
  const familiaCom = async (
    membros: Array<{ id: string }>,
    o: {
      equipe?: Equipe;
      micro_area?: string | null;
      fora_area?: boolean;
      mudou?: boolean;
      numero_prontuario?: string;
      logradouro?: string;
      numero?: string;
      semDomicilio?: boolean;
    } = {},
  ) => {
    const h = { ...header, equipe: o.equipe ?? equipe };
    const domicilio = o.semDomicilio
      ? null
      : await f.domicilio(h, {
          st_micro_area: o.fora_area ? null : o.micro_area === undefined ? '01' : o.micro_area,
          fora_area: o.fora_area ?? false,
          logradouro: o.logradouro ?? 'DAS ACÁCIAS',
          numero: o.numero ?? '12',
        });
    const familia = await f.familia(h, {
      membros,
      domicilio,
      mudou: o.mudou,
      numero_prontuario: o.numero_prontuario ?? null,
    });
    return { familiaId: familia.id, domicilioId: domicilio?.id ?? null };
  };

  const payload = (
    familiaId: string | undefined,
    over: Partial<VisitaDomiciliarInput> = {},
  ): VisitaDomiciliarInput => ({
    id: newId(),
    familia_id: familiaId,
    desfecho_id: 1,
    motivo_visita_ids: [29],
    ...over,
  });
  /** A visit to a commerce without a family, at a typed address. */
  const semFamilia = (over: Partial<VisitaDomiciliarInput> = {}): VisitaDomiciliarInput => ({
    id: newId(),
    desfecho_id: 1,
    motivo_visita_ids: [34],
    tipo_imovel_id: 2,
    micro_area: '01',
    cep: '70000-001',
    uf: 'DF',
    municipio_ibge: '5300108',
    tipo_logradouro: '081',
    logradouro: 'DAS PALMEIRAS',
    numero: '45',
    bairro: 'CENTRO',
    ...over,
  });
  const post = (p: object, headers = acs) => t.app.inject({ method: 'POST', url, headers, payload: p });
  const create = async (p: object, headers = acs): Promise<VisitaDomiciliar> => {
    const res = await post(p, headers);
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json<VisitaDomiciliar>();
  };
  const errorsOf = async (p: object, headers = acs) => {
    const res = await post(p, headers);
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const cancelar = (id: string, justificativa: unknown, headers = acs) =>
    t.app.inject({ method: 'POST', url: `${url}/${id}/cancelar`, headers, payload: { justificativa } });
  const get = (path: string, headers = acs) => t.app.inject({ method: 'GET', url: `${url}${path}`, headers });
  const getJson = async <T>(path: string, headers = acs) => {
    const res = await get(path, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<T>(), total: Number(res.headers['x-total-count']) };
  };
  const rowsOf = (id: string) => t.db.select().from(visitasDomiciliares).where(eq(visitasDomiciliares.id, id));
  const ultimaAuditoria = async (action: string) =>
    (
      await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.resource, RESOURCE), eq(auditoria.action, action)))
        .orderBy(desc(auditoria.id))
        .limit(1)
    )[0];
  const contarAuditoria = async () => (await auditRows(t, { resource: RESOURCE })).length;

  beforeAll(async () => {
    unidade = await f.unidade();
    equipe = await f.equipe(unidade, { micro_areas: ['01', '02', '03'] });
    equipe2 = await f.equipe(unidade, { micro_areas: ['04', '05'] });
    acsU = await usuario('acs', { micro_areas: ['01'], nome: 'Agente Comunitária de Teste' });
    acs = acsU.headers;
    ace = (await usuario('ace', { equipe: equipe2, micro_areas: ['04'] })).headers;
    gestor = (await usuario('gestor', { equipe: null, nome: 'Gestora de Teste' })).headers;
    medico = (await usuario('medico')).headers;
    const outra = await f.territorio();
    gestorOutraUnidade = (await f.usuario({ unidade: outra.unidade, perfil: 'gestor' })).headers;
    header = { unidade, equipe, profissional: acsU };
  });

  describe('POST', () => {
    it('records a member visit, filling specialty, team, home, micro-area, property type, shift and record number; audits whom', async () => {
      const resp = await f.municipe({ sexo_id: 1, prontuarios: [{ numero: 'V1001', unidade }] });
      const { familiaId, domicilioId } = await familiaCom([resp], { micro_area: '02' });
      const data = '2026-03-10T13:30:00.000Z'; // 10:30 in São Paulo: morning
      const v = await create(
        payload(familiaId, {
          municipe_id: resp.id,
          data_visita: data,
          motivo_visita_ids: [29, 11, 4, 31],
          peso: '70,5',
          altura: 165,
          pressao_sistolica: 130,
          pressao_diastolica: 85,
        }),
      );
      expect(v).toMatchObject({
        familia_id: familiaId,
        domicilio_id: domicilioId,
        municipe_id: resp.id,
        municipe_nome: resp.nome,
        unidade_saude_id: unidade.id,
        unidade_saude_nome: unidade.nome,
        profissional_id: acsU.id,
        profissional_nome: 'Agente Comunitária de Teste',
        equipe_id: equipe.id,
        ocupacao_id: '515105',
        ocupacao_nome: ocupacaoNome('515105'),
        data_visita: data,
        turno_atendimentos: 1,
        micro_area: '02',
        fora_area: false,
        tipo_imovel_id: 1,
        numero_prontuario: 'V1001',
        // Not asked: unanswered, never "Não" (issue 39).
        visita_compartilhada: null,
        motivo_visita_ids: [29, 11, 4, 31],
        tipo_visita: [29],
        busca_ativa: [4],
        acompanhamento: [11],
        controle_ambiental_vetorial: [],
        outros: [31],
        desfecho_id: 1,
        peso: 70.5,
        altura: 165,
        pressao_sistolica: 130,
        pressao_diastolica: 85,
        temperatura: null,
        cep: null,
        logradouro: null,
        endereco: 'Rua DAS ACÁCIAS, 12 - CENTRO',
        situacao: 'ativa',
        cancelada_em: null,
        cancelada_por_nome: null,
        justificativa_cancelamento: null,
        pode_cancelar: true,
      });
      const again = await get(`/${v.id}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(v);
      expect(await auditRows(t, { record_id: v.id })).toMatchObject([
        {
          action: 'create',
          resource: RESOURCE,
          municipe_ids: [resp.id],
          details: { familia_id: familiaId, municipe_id: resp.id },
        },
        { action: 'show', resource: RESOURCE, municipe_ids: [resp.id] },
      ]);
    });

    it('defaults the date to now and derives the shift from the São Paulo hour', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      const v = await create(payload(familiaId));
      expect(Math.abs(Date.parse(v.data_visita) - Date.now())).toBeLessThan(60_000);
      const hora = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', hour: 'numeric', hourCycle: 'h23' }).format(
          new Date(v.data_visita),
        ),
      );
      expect(v.turno_atendimentos).toBe(hora < 12 ? 1 : hora < 18 ? 2 : 3);
      const noite = await create(payload(familiaId, { data_visita: '2026-03-10T22:15:00.000Z' })); // 19:15 in São Paulo
      expect(noite.turno_atendimentos).toBe(3);
    });

    it('refuses an outcome left blank or absent with "Não pode ficar em branco", never "não é válido" nor a default', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      for (const desfecho_id of [null, undefined, '']) {
        const p = payload(familiaId, { desfecho_id: desfecho_id as unknown as number });
        expect((await errorsOf(p)).desfecho_id).toEqual([msg.obrigatorio]);
        expect(await rowsOf(p.id)).toEqual([]);
      }
      expect((await errorsOf(payload(familiaId, { desfecho_id: 0 }))).desfecho_id).toEqual([msg.naoEValido]);
    });

    it('asks the property type of a family without a home instead of assuming "Domicílio"', async () => {
      const { familiaId } = await familiaCom([await f.municipe()], { semDomicilio: true });
      const p = payload(familiaId, { micro_area: '01' });
      expect((await errorsOf(p)).tipo_imovel_id).toEqual([msg.obrigatorio]);
      expect(await rowsOf(p.id)).toEqual([]);
      expect((await create({ ...p, tipo_imovel_id: 1 })).tipo_imovel_id).toBe(1);
      // The form's context offers no default either.
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`)).body.tipo_imovel_id).toBe(null);
    });

    it('answers a retried save with the stored visit (201 then 200): one row, one audit row; another professional gets 409', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      const p = payload(familiaId);
      const first = await post(p);
      expect(first.statusCode).toBe(201);
      const second = await post(p);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await rowsOf(p.id)).toHaveLength(1);
      expect(await auditRows(t, { record_id: p.id, action: 'create' })).toHaveLength(1);
      const other = await post(p, ace);
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('conflito');
      expect(other.json().message).toBe(msg.visitaIdEmUso);
    });

    it('stores one visit when the same save arrives several times at once', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      const p = payload(familiaId);
      const answers = await Promise.all([post(p), post(p), post(p)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.json<VisitaDomiciliar>().id))).toEqual(new Set([p.id]));
      expect(await rowsOf(p.id)).toHaveLength(1);
      expect(await auditRows(t, { record_id: p.id, action: 'create' })).toHaveLength(1);
    });

    it('refuses a family that moved away with the 403 text word for word', async () => {
      const { familiaId } = await familiaCom([await f.municipe()], { mudou: true });
      const res = await post(payload(familiaId));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Não é possível realizar o lançamento para famílias com status "Mudou-se"');
      const ctx = await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`);
      expect(ctx.body).toMatchObject({ pode_lancar: false, motivo_bloqueio: msg.familiaMudou });
    });

    it('refuses a visit to a deceased member, on the field, and the context says why', async () => {
      const viva = await f.municipe({ nome: 'Rosa Amarantes Lobo' });
      const falecido = await f.municipe({
        nome: 'Otávio Amarantes Lobo',
        sexo_id: 0,
        motivo_saida_cadastro_id: 135,
        data_obito: '2025-11-02',
      });
      const { familiaId } = await familiaCom([viva, falecido]);
      const p = payload(familiaId, { municipe_id: falecido.id });
      expect((await errorsOf(p)).municipe_id).toEqual([msg.membroComObito]);
      expect(await rowsOf(p.id)).toEqual([]);
      const ctx = await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}&municipe_id=${falecido.id}`);
      expect(ctx.body).toMatchObject({
        pode_lancar: false,
        motivo_bloqueio: msg.visitaMunicipeComObito(falecido.nome),
      });
      // A death date alone (no exit recorded yet) is a death too.
      const soData = await f.municipe({ data_obito: '2025-12-01' });
      const { familiaId: f2 } = await familiaCom([await f.municipe(), soData]);
      expect((await errorsOf(payload(f2, { municipe_id: soData.id }))).municipe_id).toEqual([msg.membroComObito]);
      // The family itself is still visited.
      expect((await create(payload(familiaId))).familia_id).toBe(familiaId);
    });

    it('keeps the shared-visit question as answered: yes, no, or unanswered (null), never a default "Não" (issue 39)', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      for (const resposta of [true, false, null]) {
        const v = await create(payload(familiaId, { visita_compartilhada: resposta }));
        expect(v.visita_compartilhada).toBe(resposta);
        expect((await rowsOf(v.id))[0]!.visita_compartilhada).toBe(resposta);
      }
    });

    it("lets a manager record an agent's visit in the agent's name; never a non-agent, nor a team member naming another (issue 39)", async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      // Without naming the agent: the field the form asks, not a 403.
      expect((await errorsOf(payload(familiaId), gestor)).profissional_id).toEqual([msg.obrigatorio]);
      const v = await create(payload(familiaId, { profissional_id: acsU.id }), gestor);
      expect(v).toMatchObject({ profissional_id: acsU.id, equipe_id: equipe.id, ocupacao_id: '515105' });
      expect(await ultimaAuditoria('create')).toMatchObject({ record_id: v.id, details: { designado: true } });
      const medicoU = await usuario('medico');
      expect((await errorsOf(payload(familiaId, { profissional_id: medicoU.id }), gestor)).profissional_id).toEqual([
        msg.naoEValido,
      ]);
      // An agent records only their own visits; another unit's manager cannot name this unit's agent.
      const outroAcs = await usuario('acs', { micro_areas: ['02'] });
      expect((await errorsOf(payload(familiaId, { profissional_id: outroAcs.id }))).profissional_id).toEqual([
        msg.naoEValido,
      ]);
      expect(
        (await errorsOf(payload(familiaId, { profissional_id: acsU.id }), gestorOutraUnidade)).profissional_id,
      ).toEqual([msg.naoEValido]);
    });

    it('lets only agents (or a manager naming one) launch: the physician gets the generic 403', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      const med = await post(payload(familiaId), medico);
      expect(med.statusCode).toBe(403);
      expect(med.json().message).toBe(msg.status403);
      expect(
        await t.db.select().from(visitasDomiciliares).where(eq(visitasDomiciliares.familia_id, familiaId)),
      ).toEqual([]);
      expect((await post(payload(familiaId))).statusCode).toBe(201);
    });

    it('asks no reasons or measurements for a refused or absent outcome', async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      expect(
        (await errorsOf(payload(familiaId, { desfecho_id: 2, motivo_visita_ids: [29] }))).motivo_visita_ids,
      ).toEqual([msg.naoPreencherDesfecho]);
      const m = await f.municipe();
      const { familiaId: f2 } = await familiaCom([m]);
      const e = await errorsOf(
        payload(f2, { municipe_id: m.id, desfecho_id: 3, motivo_visita_ids: [], temperatura: 36.5 }),
      );
      expect(e).toEqual({ temperatura: [msg.naoPreencherDesfecho] });
      expect(await create(payload(f2, { municipe_id: m.id, desfecho_id: 3, motivo_visita_ids: [] }))).toMatchObject({
        desfecho_id: 3,
        motivo_visita_ids: [],
      });
      expect((await errorsOf(payload(f2, { desfecho_id: 1, motivo_visita_ids: [] }))).motivo_visita_ids).toEqual([
        msg.obrigatorio,
      ]);
    });

    it('checks physiologic ranges, a future date, measurements outside a member visit, and a NUL byte', async () => {
      const m = await f.municipe();
      const { familiaId } = await familiaCom([m]);
      const e = await errorsOf(
        payload(familiaId, { municipe_id: m.id, temperatura: 50, glicemia: 10, momento_coleta_glicemia_id: 1 }),
      );
      expect(e.temperatura).toEqual(['deve estar entre 20 e 45']);
      expect(e.glicemia).toEqual([msg.between(20, 800)]);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect((await errorsOf(payload(familiaId, { data_visita: future }))).data_visita).toEqual([msg.dataFutura]);
      expect((await errorsOf(payload(familiaId, { peso: 60 }))).peso).toEqual([msg.medidasSomenteMembro]);
      const nul = await post(payload(familiaId, { numero_prontuario: 'A\u0000B' }));
      expect(nul.statusCode).toBe(422);
      expect(Object.keys(nul.json().errors)).toEqual(['numero_prontuario']);
    });

    it("fills the specialty only from the user's compatible ones and refuses another", async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      expect((await create(payload(familiaId))).ocupacao_id).toBe('515105');
      expect((await errorsOf(payload(familiaId, { ocupacao_id: '515140' }))).ocupacao_id).toEqual([msg.naoEValido]);
      expect((await errorsOf(payload(familiaId, { ocupacao_id: '225125' }))).ocupacao_id).toEqual([msg.naoEValido]);
    });

    it('refuses Gestante and Puérpera for a male member, and a citizen who is not a member', async () => {
      const homem = await f.municipe({ sexo_id: 0 });
      const mulher = await f.municipe({ sexo_id: 1 });
      const { familiaId } = await familiaCom([homem, mulher]);
      expect(
        (await errorsOf(payload(familiaId, { municipe_id: homem.id, motivo_visita_ids: [5] }))).motivo_visita_ids,
      ).toEqual([msg.motivoSomenteFeminino]);
      expect(await create(payload(familiaId, { municipe_id: mulher.id, motivo_visita_ids: [5, 6] }))).toMatchObject({
        acompanhamento: [5, 6],
      });
      const fora = await f.municipe();
      expect((await errorsOf(payload(familiaId, { municipe_id: fora.id }))).municipe_id).toEqual([
        msg.membroForaDaFamilia,
      ]);
    });

    it('answers 404 for a family of another team; the endemic agent records vector control there', async () => {
      const { familiaId } = await familiaCom([await f.municipe()], { equipe: equipe2, micro_area: '04' });
      const res = await post(payload(familiaId));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      const v = await create(payload(familiaId, { motivo_visita_ids: [34, 36] }), ace);
      expect(v).toMatchObject({
        ocupacao_id: '515140',
        equipe_id: equipe2.id,
        micro_area: '04',
        controle_ambiental_vetorial: [34, 36],
      });
    });
  });

  describe('a visit without a family', () => {
    it('asks the property type (no default) and where it was, then keeps the address', async () => {
      const vazio = { id: newId(), desfecho_id: 1, motivo_visita_ids: [34], micro_area: '01' };
      const e = await errorsOf(vazio);
      expect(e.tipo_imovel_id).toEqual([msg.obrigatorio]);
      for (const k of ['cep', 'uf', 'municipio_ibge', 'tipo_logradouro', 'logradouro', 'numero', 'bairro'])
        expect(e[k], k).toEqual([msg.obrigatorio]);
      expect(await rowsOf(vazio.id)).toEqual([]);
      const v = await create(semFamilia());
      expect(v).toMatchObject({
        familia_id: null,
        domicilio_id: null,
        municipe_id: null,
        tipo_imovel_id: 2,
        cep: '70000001',
        uf: 'DF',
        municipio_ibge: '5300108',
        logradouro: 'DAS PALMEIRAS',
        numero: '45',
        sem_numero: false,
        bairro: 'CENTRO',
        endereco: 'Rua DAS PALMEIRAS, 45 - CENTRO',
        equipe_id: equipe.id,
      });
      const sn = await create(semFamilia({ numero: null, sem_numero: true }));
      expect(sn.endereco).toBe('Rua DAS PALMEIRAS, S/N - CENTRO');
    });

    it("takes a household of the agent's team as the place, with its type and micro-area; not another team's", async () => {
      const comercio = await f.domicilio(header, { tipo_imovel_id: 2, st_micro_area: '02', logradouro: 'DO COMÉRCIO' });
      const v = await create({ id: newId(), desfecho_id: 1, motivo_visita_ids: [34], domicilio_id: comercio.id });
      expect(v).toMatchObject({
        familia_id: null,
        domicilio_id: comercio.id,
        tipo_imovel_id: 2,
        micro_area: '02',
        cep: null,
        endereco: `Rua DO COMÉRCIO, ${comercio.numero} - CENTRO`,
      });
      // Both a household and a typed address: which one? Refused on the address.
      expect((await errorsOf(semFamilia({ domicilio_id: comercio.id }))).logradouro).toEqual([
        msg.naoPreencherComImovel,
      ]);
      const alheio = await f.domicilio({ ...header, equipe: equipe2 }, { tipo_imovel_id: 2, st_micro_area: '04' });
      expect(
        (await errorsOf({ id: newId(), desfecho_id: 1, motivo_visita_ids: [34], domicilio_id: alheio.id }))
          .domicilio_id,
      ).toEqual([msg.naoEValido]);
    });

    it("lists the agent's visits without a family, newest first, with their place; cancel works there too", async () => {
      const outraAgente = await usuario('acs', { micro_areas: ['02'] });
      const a = await create(semFamilia({ data_visita: '2026-01-10T12:00:00.000Z', logradouro: 'DOS IPÊS' }));
      const b = await create(semFamilia({ data_visita: '2026-01-12T12:00:00.000Z', logradouro: 'DOS CEDROS' }));
      const dela = await create(semFamilia({ micro_area: '02' }), outraAgente.headers);
      const { familiaId } = await familiaCom([await f.municipe()]);
      await create(payload(familiaId));
      const minhas = await getJson<VisitaDomiciliar[]>('?sem_familia=true&minhas=true&per_page=100');
      const ids = minhas.body.map((v) => v.id);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      expect(ids).not.toContain(dela.id);
      expect(
        minhas.body.every((v) => v.familia_id === null && v.profissional_nome === 'Agente Comunitária de Teste'),
      ).toBe(true);
      expect(minhas.body.find((v) => v.id === a.id)).toMatchObject({
        endereco: 'Rua DOS IPÊS, 45 - CENTRO',
        pode_cancelar: true,
      });
      // The team's, for the manager; none of them for another team's agent.
      expect(
        (await getJson<VisitaDomiciliar[]>('?sem_familia=true&per_page=100', gestor)).body.map((v) => v.id),
      ).toEqual(expect.arrayContaining([a.id, b.id, dela.id]));
      expect((await getJson<VisitaDomiciliar[]>('?sem_familia=true', ace)).body.map((v) => v.id)).not.toContain(a.id);
      const ok = await cancelar(a.id, 'Endereço errado, lançada de novo');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ situacao: 'cancelada', pode_cancelar: false });
    });
  });

  describe('cancel', () => {
    it('asks a justification, keeps the cancelled record, refuses a second cancel (409) and a colleague (403); audits whom', async () => {
      const m = await f.municipe();
      const { familiaId } = await familiaCom([m]);
      const v = await create(payload(familiaId, { municipe_id: m.id }));
      const blank = await cancelar(v.id, '');
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.justificativa).toEqual([msg.obrigatorio]);
      const colega = await usuario('acs', { micro_areas: ['03'] });
      const other = await cancelar(v.id, 'Lançada na família errada', colega.headers);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(msg.naoAutorizado);
      expect((await cancelar(v.id, 'Lançada na família errada', medico)).statusCode).toBe(403);
      const ok = await cancelar(v.id, 'Lançada na família errada');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        id: v.id,
        situacao: 'cancelada',
        justificativa_cancelamento: 'Lançada na família errada',
        cancelada_por_nome: 'Agente Comunitária de Teste',
        pode_cancelar: false,
      });
      expect(Math.abs(Date.parse(ok.json<VisitaDomiciliar>().cancelada_em!) - Date.now())).toBeLessThan(60_000);
      expect(await rowsOf(v.id)).toHaveLength(1);
      const twice = await cancelar(v.id, 'De novo, por engano');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('conflito');
      expect(twice.json().message).toBe(msg.visitaJaCancelada);
      expect(await auditRows(t, { record_id: v.id, action: 'cancelar' })).toMatchObject([{ municipe_ids: [m.id] }]);
      // The history keeps it; the family's last visit does not count it.
      const hist = await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`);
      expect(hist.body.map((h) => [h.id, h.situacao])).toEqual([[v.id, 'cancelada']]);
      expect((await getJson<FamiliaVisitaDetalhe>(`/familias/${familiaId}`)).body.ultima_visita).toBe(null);
    });

    it("lets the unit's manager cancel another professional's visit; another unit's manager does not see it", async () => {
      const { familiaId } = await familiaCom([await f.municipe()]);
      const v = await create(payload(familiaId));
      expect((await cancelar(v.id, 'Registrada em duplicidade', gestorOutraUnidade)).statusCode).toBe(404);
      const res = await cancelar(v.id, 'Registrada em duplicidade', gestor);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ situacao: 'cancelada', cancelada_por_nome: 'Gestora de Teste' });
    });
  });

  describe('scope and access (issue 14)', () => {
    it("answers 404 for another team's family and visit on every route, and 403 to profiles without the permission", async () => {
      const m = await f.municipe();
      const { familiaId } = await familiaCom([m], { equipe: equipe2, micro_area: '04' });
      const v = await create(payload(familiaId, { municipe_id: m.id }), ace);
      const antes = await contarAuditoria();
      for (const [method, path, body] of [
        ['GET', `/familias/${familiaId}`],
        ['GET', `/contexto?familia_id=${familiaId}`],
        ['GET', `?familia_id=${familiaId}`],
        ['GET', `/${v.id}`],
        ['POST', `/${v.id}/cancelar`, { justificativa: 'Não é da minha equipe' }],
        ['POST', '', payload(familiaId)],
      ] as const) {
        const res = await t.app.inject({ method, url: `${url}${path}`, headers: acs, payload: body });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      }
      const gestorDeFora = await get(`/familias/${familiaId}`, gestorOutraUnidade);
      expect(gestorDeFora.statusCode).toBe(404);
      expect(await contarAuditoria()).toBe(antes);
      expect((await getJson<VisitaDomiciliar[]>(`?municipe_id=${m.id}`)).total).toBe(0);

      const recepcao = (await usuario('recepcao', { equipe: null })).headers;
      for (const [method, path] of [
        ['GET', '/familias'],
        ['GET', `/familias/${familiaId}`],
        ['GET', `?familia_id=${familiaId}`],
        ['GET', `/${v.id}`],
        ['GET', '/contexto'],
        ['POST', ''],
        ['POST', `/${v.id}/cancelar`],
      ] as const) {
        const res = await t.app.inject({ method, url: `${url}${path}`, headers: recepcao, payload: {} });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      expect(await rowsOf(v.id)).toMatchObject([{ cancelada_em: null }]);
    });

    it("refuses a citizen without a family of another team (404), and scopes the citizen's record number", async () => {
      const deFora = await f.municipe({ equipe_id: equipe2.id, prontuarios: [{ numero: 'FORA1', unidade }] });
      const p = semFamilia({ municipe_id: deFora.id, tipo_imovel_id: 1, motivo_visita_ids: [29] });
      expect((await post(p)).statusCode).toBe(404);
      expect((await get(`/contexto?municipe_id=${deFora.id}`)).statusCode).toBe(404);
      const meu = await f.municipe({ equipe_id: equipe.id, residencia_logradouro: 'DAS ORQUÍDEAS' });
      const ctx = await getJson<VisitaContexto>(`/contexto?municipe_id=${meu.id}`);
      expect(ctx.body).toMatchObject({
        pode_lancar: true,
        familia_id: null,
        endereco: { logradouro: 'DAS ORQUÍDEAS' },
      });
      const v = await create(semFamilia({ municipe_id: meu.id, tipo_imovel_id: 1, motivo_visita_ids: [29] }));
      expect(v).toMatchObject({ municipe_id: meu.id, familia_id: null, equipe_id: equipe.id });
      // A citizen in a family: the context names it, and the visit is that family's.
      const membro = await f.municipe();
      const { familiaId } = await familiaCom([membro]);
      expect((await getJson<VisitaContexto>(`/contexto?municipe_id=${membro.id}`)).body.familia_id).toBe(familiaId);
      expect((await create(payload(undefined, { municipe_id: membro.id }))).familia_id).toBe(familiaId);
    });
  });

  describe('reading, audited with whom it shows (issue 14)', () => {
    it("lists the families of the agent's own micro-areas first, then by name, with the last visit; one audit row per page", async () => {
      const zulmira = await f.municipe({ nome: 'Zulmira Pafúncio Xavante' });
      const abel = await f.municipe({ nome: 'Abel Pafúncio Xavante' });
      const bento = await f.municipe({ nome: 'Bento Pafúncio Xavante' });
      const falecida = await f.municipe({ nome: 'Cecília Pafúncio Xavante', data_obito: '2024-02-02' });
      const { familiaId: fz } = await familiaCom([zulmira], {
        micro_area: '01',
        numero_prontuario: 'FAM77',
        logradouro: 'DOS IPÊS',
        numero: '300',
      });
      const { familiaId: fa } = await familiaCom([abel, await f.municipe(), falecida], { micro_area: '03' });
      const { familiaId: fb } = await familiaCom([bento], { micro_area: '03', mudou: true });
      await create(payload(fa, { data_visita: '2026-02-01T14:00:00.000Z' }));
      await create(payload(fa, { data_visita: '2026-02-03T14:00:00.000Z' }));
      const { body, total } = await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio%20xavante');
      expect(total).toBe(3);
      // Each row's change stamp has its own test below.
      expect(body.map(({ alterado_em, ...row }) => (expect(Date.parse(alterado_em)).not.toBeNaN(), row))).toEqual([
        {
          id: fz,
          responsavel_id: zulmira.id,
          responsavel_nome: 'Zulmira Pafúncio Xavante',
          numero_prontuario: 'FAM77',
          endereco: 'Rua DOS IPÊS, 300 - CENTRO',
          micro_area: '01',
          numero_membros: 1,
          mudou: false,
          minha_micro_area: true,
          ultima_visita: null,
        },
        {
          id: fa,
          responsavel_id: abel.id,
          responsavel_nome: 'Abel Pafúncio Xavante',
          numero_prontuario: null,
          endereco: 'Rua DAS ACÁCIAS, 12 - CENTRO',
          micro_area: '03',
          // The deceased member is not an active member.
          numero_membros: 2,
          mudou: false,
          minha_micro_area: false,
          ultima_visita: '2026-02-03T14:00:00.000Z',
        },
        {
          id: fb,
          responsavel_id: bento.id,
          responsavel_nome: 'Bento Pafúncio Xavante',
          numero_prontuario: null,
          endereco: 'Rua DAS ACÁCIAS, 12 - CENTRO',
          micro_area: '03',
          numero_membros: 1,
          mudou: true,
          minha_micro_area: false,
          ultima_visita: null,
        },
      ]);
      expect(await ultimaAuditoria('index')).toMatchObject({
        record_id: null,
        municipe_ids: [zulmira.id, abel.id, bento.id],
        details: { lista: 'familias', filtros: ['responsavel'] },
      });
      const ids = async (q: string) =>
        (await getJson<FamiliaParaVisita[]>(`/familias?responsavel=pafuncio&${q}`)).body.map((x) => x.id);
      expect(await ids('micro_area=03')).toEqual([fa, fb]);
      expect(await ids('endereco=ipes%20300')).toEqual([fz]);
      expect(await ids('numero_prontuario=fam7')).toEqual([fz]);
      // Another team's agent does not see them, and nothing is audited for an empty page.
      const antes = await contarAuditoria();
      expect((await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio', ace)).total).toBe(0);
      expect(await contarAuditoria()).toBe(antes);
      // A reader without micro-areas of their own (the physician of the team) gets the list by name.
      const doMedico = await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio', medico);
      expect(doMedico.body.map((x) => [x.id, x.minha_micro_area])).toEqual([
        [fa, false],
        [fb, false],
        [fz, false],
      ]);
    });

    it('keeps the order when the head is renamed or the home changes micro-area (whoever writes them)', async () => {
      const a = await f.municipe({ nome: 'Adalgisa Tremembé Quaresma' });
      const b = await f.municipe({ nome: 'Bernadete Tremembé Quaresma' });
      const { familiaId: fa, domicilioId: da } = await familiaCom([a], { micro_area: '02' });
      const { familiaId: fb } = await familiaCom([b], { micro_area: '02' });
      const ordem = async () =>
        (await getJson<FamiliaParaVisita[]>('/familias?responsavel=trememb')).body.map((x) => [
          x.id,
          x.minha_micro_area,
        ]);
      expect(await ordem()).toEqual([
        [fa, false],
        [fb, false],
      ]);
      await t.db.update(municipes).set({ nome: 'Zélia Tremembé Quaresma' }).where(eq(municipes.id, a.id));
      expect(await ordem()).toEqual([
        [fb, false],
        [fa, false],
      ]);
      await t.db.update(cadastrosDomiciliares).set({ st_micro_area: '01' }).where(eq(cadastrosDomiciliares.id, da!));
      expect(await ordem()).toEqual([
        [fa, true],
        [fb, false],
      ]);
      const [row] = await t.db.select().from(familias).where(eq(familias.id, fa));
      expect(row).toMatchObject({ responsavel_nome: 'Zélia Tremembé Quaresma', micro_area: '01', lock_version: 0 });
    });

    it("dates each family's newest change, a member's own record included, so an offline device reads it again", async () => {
      const chefe = await f.municipe({ nome: 'Cremilda Jatobá Alterada' });
      const filho = await f.municipe({ nome: 'Caio Jatobá Alterado' });
      const { familiaId, domicilioId } = await familiaCom([chefe, filho]);
      const linha = async () =>
        (await getJson<FamiliaParaVisita[]>('/familias?responsavel=jatob')).body.find((x) => x.id === familiaId)!;
      const antes = await linha();
      expect(Date.parse(antes.alterado_em)).not.toBeNaN();
      // A member who is not the head: nothing else in the row changes, only the stamp.
      const depois = new Date(Date.parse(antes.alterado_em) + 60_000);
      await t.db.update(municipes).set({ nome_social: 'Caio', updated_at: depois }).where(eq(municipes.id, filho.id));
      const agora = await linha();
      expect(agora.alterado_em).toBe(depois.toISOString());
      expect({ ...agora, alterado_em: antes.alterado_em }).toEqual(antes);
      const maisTarde = new Date(depois.getTime() + 60_000);
      await t.db
        .update(cadastrosDomiciliares)
        .set({ complemento: 'Fundos', updated_at: maisTarde })
        .where(eq(cadastrosDomiciliares.id, domicilioId!));
      expect((await linha()).alterado_em).toBe(maisTarde.toISOString());
    });

    it('shows the family detail with members, age text, death, record number and last visit; audits the members', async () => {
      const resp = await f.municipe({
        nome: 'Helena Quintanilha Braga',
        data_nascimento: '1980-05-20',
        prontuarios: [{ numero: 'HQB1', unidade }],
      });
      const filho = await f.municipe({ nome: 'Caio Quintanilha Braga', data_nascimento: '2015-01-02', sexo_id: 0 });
      const avo = await f.municipe({
        nome: 'Dirce Quintanilha Braga',
        data_nascimento: '1940-03-03',
        motivo_saida_cadastro_id: 135,
        data_obito: '2025-10-10',
      });
      const { familiaId, domicilioId } = await familiaCom([resp, filho, avo], {
        micro_area: '02',
        numero_prontuario: 'FQB',
      });
      const v = await create(
        payload(familiaId, { municipe_id: filho.id, data_visita: '2026-01-15T12:00:00.000Z', motivo_visita_ids: [8] }),
      );
      const { body } = await getJson<FamiliaVisitaDetalhe>(`/familias/${familiaId}`);
      expect(body).toEqual({
        id: familiaId,
        responsavel_id: resp.id,
        responsavel_nome: resp.nome,
        numero_prontuario: 'FQB',
        endereco: 'Rua DAS ACÁCIAS, 12 - CENTRO',
        domicilio_id: domicilioId,
        tipo_imovel_id: 1,
        micro_area: '02',
        fora_area: false,
        mudou: false,
        ultima_visita: v.data_visita,
        membros: [
          {
            municipe_id: resp.id,
            nome: resp.nome,
            nome_social: null,
            data_nascimento: '1980-05-20',
            idade: formatAge('1980-05-20'),
            sexo_id: 1,
            parentesco_id: 1,
            obito: false,
            numero_prontuario: 'HQB1',
            ultima_visita: null,
          },
          {
            municipe_id: filho.id,
            nome: filho.nome,
            nome_social: null,
            data_nascimento: '2015-01-02',
            idade: formatAge('2015-01-02'),
            sexo_id: 0,
            parentesco_id: 138,
            obito: false,
            numero_prontuario: null,
            ultima_visita: v.data_visita,
          },
          {
            municipe_id: avo.id,
            nome: avo.nome,
            nome_social: null,
            data_nascimento: '1940-03-03',
            idade: formatAge('1940-03-03', '2025-10-10'),
            sexo_id: 1,
            parentesco_id: 138,
            obito: true,
            numero_prontuario: null,
            ultima_visita: null,
          },
        ],
      });
      expect(await ultimaAuditoria('show')).toMatchObject({
        record_id: familiaId,
        municipe_ids: [resp.id, filho.id, avo.id],
        details: { partes: ['familia', 'membros'] },
      });
    });

    it("gives the form its context: agent, specialty, home defaults and the member's record number (audited)", async () => {
      const m = await f.municipe({ prontuarios: [{ numero: 'CTX9', unidade }] });
      const { familiaId } = await familiaCom([m], { micro_area: '02' });
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}&municipe_id=${m.id}`)).body).toEqual({
        pode_lancar: true,
        escolhe_profissional: false,
        motivo_bloqueio: null,
        ocupacoes: [{ codigo: '515105', descricao: ocupacaoNome('515105') }],
        ocupacao_id: '515105',
        micro_area: '02',
        fora_area: false,
        tipo_imovel_id: 1,
        numero_prontuario: 'CTX9',
        familia_id: familiaId,
        domicilio_id: null,
        endereco: null,
      });
      expect(await ultimaAuditoria('show')).toMatchObject({ record_id: familiaId, municipe_ids: [m.id] });
      // The manager launches in an agent's name, picked on the form (issue 39).
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`, gestor)).body).toMatchObject({
        pode_lancar: true,
        escolhe_profissional: true,
        motivo_bloqueio: null,
        ocupacoes: [],
        ocupacao_id: null,
      });
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`, medico)).body).toMatchObject({
        pode_lancar: false,
        motivo_bloqueio: msg.visitaSomenteAgentes,
      });
    });

    it('lists the history newest first with the total, for readers too; audits the visited citizens', async () => {
      const m = await f.municipe();
      const n = await f.municipe();
      const { familiaId } = await familiaCom([m, n]);
      const a = await create(payload(familiaId, { data_visita: '2026-01-10T12:00:00.000Z' }));
      const b = await create(payload(familiaId, { municipe_id: m.id, data_visita: '2026-01-20T12:00:00.000Z' }));
      const all = await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`, medico);
      expect(all.total).toBe(2);
      expect(all.body.map((v) => v.id)).toEqual([b.id, a.id]);
      // The member visited, and for the visit to the whole family every active member.
      const auditoria = await ultimaAuditoria('index');
      expect(auditoria).toMatchObject({ details: { lista: 'visitas', filtros: ['familia_id'] } });
      expect([...(auditoria?.municipe_ids ?? [])].sort()).toEqual([m.id, n.id].sort());
      // Only the agent who visited may cancel: the physician reads them without the offer.
      expect(all.body.map((v) => v.pode_cancelar)).toEqual([false, false]);
      expect((await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`)).body.map((v) => v.pode_cancelar)).toEqual([
        true,
        true,
      ]);
      expect(
        (await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}&municipe_id=${m.id}`)).body.map((v) => v.id),
      ).toEqual([b.id]);
    });
  });

  describe('the citizen registry', () => {
    it('refuses to inactivate or remove a record number tied to a visit (422), and to delete the citizen (409)', async () => {
      const newMunicipe = async (over: Parameters<typeof municipePayload>[0]) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/municipes',
          headers: gestor,
          payload: { confirmar_duplicados: true, ...municipePayload(over) },
        });
        if (res.statusCode !== 201) throw new Error(`citizen: ${res.statusCode} ${res.body}`);
        return res.json<Municipe>();
      };
      const m = await newMunicipe({ prontuarios: [{ numero: 'VIS42', unidade_saude_id: unidade.id }] });
      const { familiaId } = await familiaCom([m]);
      await create(payload(familiaId, { municipe_id: m.id }));
      const { id, lock_version, prontuarios, ...rest } = m;
      const put = (p: object[]) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/municipes/${id}`,
          headers: gestor,
          payload: { ...rest, lock_version, prontuarios: p },
        });
      const inativar = await put([
        { ...prontuarios[0], inativacao_motivo_id: 2, inativacao_justificativa: 'Mudou para a UBS Jardim' },
      ]);
      expect(inativar.statusCode).toBe(422);
      expect(inativar.json().errors['prontuarios.0.inativacao_motivo_id']).toEqual([msg.prontuarioComVisitas]);
      const remover = await put([]);
      expect(remover.statusCode).toBe(422);
      expect(remover.json().errors.prontuarios).toEqual([msg.prontuarioComVisitas]);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/municipes/${id}`, headers: gestor });
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('conflito');
      expect(del.json().message).toBe(msg.municipeVinculado('uma ficha de visita domiciliar'));
      // A number of the same citizen with no visit is still inactivated as before.
      const other = await newMunicipe({ prontuarios: [{ numero: 'SEMVIS1', unidade_saude_id: unidade.id }] });
      const { id: oid, lock_version: olv, prontuarios: op, ...orest } = other;
      const ok = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/municipes/${oid}`,
        headers: gestor,
        payload: {
          ...orest,
          lock_version: olv,
          prontuarios: [{ ...op[0], inativacao_motivo_id: 2, inativacao_justificativa: 'Mudou para a UBS Jardim' }],
        },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });
});
