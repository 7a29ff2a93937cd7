import { msg } from '@saude/shared';
import type { Municipe, MunicipeCreate } from '@saude/shared/schemas/municipe';
import type {
  FamiliaParaVisita,
  FamiliaVisitaDetalhe,
  VisitaContexto,
  VisitaDomiciliar,
  VisitaDomiciliarInput,
} from '@saude/shared/schemas/visita_domiciliar';
import { formatAge, isoToBr, todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSenha } from '../../../auth/service';
import {
  cadastrosDomiciliares,
  equipes,
  familiaMembros,
  familias,
  lotacoes,
  perfis,
  profissionais,
  unidadesSaude,
  visitasDomiciliares,
} from '../../../db/schema';
import { DEMO_PASSWORD, findProfissional } from '../../../db/seed/demo';
import { newId } from '../../../lib/ids';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { auditRows, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { municipePayload } from '../../municipes/test-data';

const url = '/api/v1/atencao_primaria/visitas_domiciliares';
type Headers = { authorization: string };

describe(url, () => {
  let t: TestApp;
  let acs: Headers;
  let ace: Headers;
  let admin: Headers;
  let medico: Headers;
  let centroId: string;
  let centro1: string;
  let centro2: string;
  let acsId: string;

  const newMunicipe = async (over: Partial<MunicipeCreate> = {}): Promise<Municipe> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/municipes',
      headers: admin,
      payload: { confirmar_duplicados: true, ...municipePayload(over) },
    });
    if (res.statusCode !== 201) throw new Error(`citizen: ${res.statusCode} ${res.body}`);
    return res.json<Municipe>();
  };

  /** A home and its family, written straight to the tables (the families module is another issue's). */
  const newFamilia = async (o: {
    membros: Municipe[];
    equipe?: string;
    micro_area?: string | null;
    fora_area?: boolean;
    mudou?: boolean;
    numero_prontuario?: string;
    tipo_imovel_id?: number;
    logradouro?: string;
    numero?: string;
  }) => {
    const domicilioId = newId();
    const familiaId = newId();
    const equipe = o.equipe ?? centro1;
    await t.db.insert(cadastrosDomiciliares).values({
      id: domicilioId,
      unidade_saude_id: centroId,
      profissional_id: acsId,
      equipe_id: equipe,
      ocupacao_id: '515105',
      st_micro_area: o.fora_area ? null : o.micro_area === undefined ? '01' : o.micro_area,
      fora_area: o.fora_area ?? false,
      cep: '70000001',
      uf: 'DF',
      municipio_ibge: '5300108',
      tipo_logradouro: '081',
      logradouro: o.logradouro ?? 'DAS ACÁCIAS',
      numero: o.numero ?? '12',
      bairro: 'CENTRO',
      tipo_imovel_id: o.tipo_imovel_id ?? 1,
    });
    await t.db.insert(familias).values({
      id: familiaId,
      unidade_saude_id: centroId,
      profissional_id: acsId,
      equipe_id: equipe,
      numero_prontuario: o.numero_prontuario ?? null,
      responsavel_id: o.membros[0]!.id,
      mudou: o.mudou ?? false,
      mudou_em: o.mudou ? new Date() : null,
      domicilio_id: domicilioId,
      vinculado_em: new Date(),
    });
    await t.db.insert(familiaMembros).values(
      o.membros.map((m, i) => ({
        id: newId(),
        familia_id: familiaId,
        municipe_id: m.id,
        parentesco_id: i === 0 ? 1 : 138,
        ativo: !o.mudou,
      })),
    );
    return { familiaId, domicilioId };
  };

  const payload = (familiaId: string, over: Partial<VisitaDomiciliarInput> = {}): VisitaDomiciliarInput => ({
    id: newId(),
    familia_id: familiaId,
    desfecho_id: 1,
    motivo_visita_ids: [29],
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
  const getJson = async <T>(path: string, headers = acs) => {
    const res = await t.app.inject({ method: 'GET', url: `${url}${path}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<T>(), total: Number(res.headers['x-total-count']) };
  };
  const rowsOf = (id: string) => t.db.select().from(visitasDomiciliares).where(eq(visitasDomiciliares.id, id));

  /** A second community health agent of ESF Centro 1 (micro-area 03). */
  const newAgente = async (login: string) => {
    const [perfil] = await t.db.select().from(perfis).where(eq(perfis.codigo, 'acs'));
    const id = newId();
    await t.db
      .insert(profissionais)
      .values({ id, login, nome: 'Outra Agente Comunitária', senha_hash: await hashSenha(DEMO_PASSWORD) });
    await t.db.insert(lotacoes).values({
      id: newId(),
      profissional_id: id,
      unidade_saude_id: centroId,
      ocupacao_codigo: '515105',
      equipe_id: centro1,
      perfil_id: perfil!.id,
      micro_areas: ['03'],
    });
    return signIn(t, login);
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    acs = await signIn(t, 'acs', 'UBS Centro');
    ace = await signIn(t, 'ace');
    admin = await signIn(t, 'admin', 'UBS Centro');
    medico = await signIn(t, 'medico');
    centroId = (await t.db.select().from(unidadesSaude)).find((u) => u.nome === 'UBS Centro')!.id;
    const teams = await t.db.select().from(equipes);
    centro1 = teams.find((e) => e.nome === 'ESF Centro 1')!.id;
    centro2 = teams.find((e) => e.nome === 'ESF Centro 2')!.id;
    acsId = (await findProfissional(t.db, 'acs'))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST', () => {
    it('records a member visit, filling specialty, team, home, micro-area, property type, shift and record number; audits', async () => {
      const resp = await newMunicipe({ sexo_id: 1, prontuarios: [{ numero: 'V1001', unidade_saude_id: centroId }] });
      const { familiaId, domicilioId } = await newFamilia({ membros: [resp], micro_area: '02' });
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
        unidade_saude_id: centroId,
        unidade_saude_nome: 'UBS Centro',
        profissional_id: acsId,
        profissional_nome: 'Agente Comunitária de Demonstração',
        equipe_id: centro1,
        ocupacao_id: '515105',
        ocupacao_nome: ocupacaoNome('515105'),
        data_visita: data,
        turno_atendimentos: 1,
        micro_area: '02',
        fora_area: false,
        tipo_imovel_id: 1,
        numero_prontuario: 'V1001',
        visita_compartilhada: false,
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
        situacao: 'ativa',
        cancelada_em: null,
        cancelada_por_nome: null,
        justificativa_cancelamento: null,
        pode_cancelar: true,
      });
      const again = await t.app.inject({ method: 'GET', url: `${url}/${v.id}`, headers: acs });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(v);
      expect(await auditRows(t, { record_id: v.id })).toMatchObject([
        {
          action: 'create',
          resource: 'atencao_primaria/visitas_domiciliares',
          details: { familia_id: familiaId, municipe_id: resp.id },
        },
        { action: 'leitura', resource: 'atencao_primaria/visitas_domiciliares' },
      ]);
    });

    it('defaults the date to now and derives the shift from the São Paulo hour', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
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

    it('answers a retried save with the stored visit (201 then 200): one row, one audit row; another professional gets 409', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
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
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      const p = payload(familiaId);
      const answers = await Promise.all([post(p), post(p), post(p)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.json<VisitaDomiciliar>().id))).toEqual(new Set([p.id]));
      expect(await rowsOf(p.id)).toHaveLength(1);
      expect(await auditRows(t, { record_id: p.id, action: 'create' })).toHaveLength(1);
    });

    it('refuses a family that moved away with the 403 text word for word', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()], mudou: true });
      const res = await post(payload(familiaId));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Não é possível realizar o lançamento para famílias com status "Mudou-se"');
      const ctx = await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`);
      expect(ctx.body).toMatchObject({ pode_lancar: false, motivo_bloqueio: msg.familiaMudou });
    });

    it('lets only agents launch: the manager (CBO 131210) gets 403 with the reason, the physician the generic 403', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      const gestor = await post(payload(familiaId), admin);
      expect(gestor.statusCode).toBe(403);
      expect(gestor.json().message).toBe(msg.visitaSomenteAgentes);
      const med = await post(payload(familiaId), medico);
      expect(med.statusCode).toBe(403);
      expect(med.json().message).toBe(msg.status403);
      expect(
        await t.db.select().from(visitasDomiciliares).where(eq(visitasDomiciliares.familia_id, familiaId)),
      ).toEqual([]);
      expect((await post(payload(familiaId))).statusCode).toBe(201);
    });

    it('asks no reasons or measurements for a refused or absent outcome', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      expect(
        (await errorsOf(payload(familiaId, { desfecho_id: 2, motivo_visita_ids: [29] }))).motivo_visita_ids,
      ).toEqual([msg.naoPreencherDesfecho]);
      const m = await newMunicipe();
      const { familiaId: f2 } = await newFamilia({ membros: [m] });
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

    it('checks physiologic ranges, a future date, and measurements outside a member visit', async () => {
      const m = await newMunicipe();
      const { familiaId } = await newFamilia({ membros: [m] });
      const e = await errorsOf(
        payload(familiaId, { municipe_id: m.id, temperatura: 50, glicemia: 10, momento_coleta_glicemia_id: 1 }),
      );
      expect(e.temperatura).toEqual(['deve estar entre 20 e 45']);
      expect(e.glicemia).toEqual([msg.between(20, 800)]);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expect((await errorsOf(payload(familiaId, { data_visita: future }))).data_visita).toEqual([
        msg.menorOuIgualQue(isoToBr(todayIso())!),
      ]);
      expect((await errorsOf(payload(familiaId, { peso: 60 }))).peso).toEqual([msg.medidasSomenteMembro]);
    });

    it("fills the specialty only from the user's compatible ones and refuses another", async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      expect((await create(payload(familiaId))).ocupacao_id).toBe('515105');
      expect((await errorsOf(payload(familiaId, { ocupacao_id: '515140' }))).ocupacao_id).toEqual([msg.naoEValido]);
      expect((await errorsOf(payload(familiaId, { ocupacao_id: '225125' }))).ocupacao_id).toEqual([msg.naoEValido]);
    });

    it('refuses Gestante and Puérpera for a male member, and a citizen who is not a member', async () => {
      const homem = await newMunicipe({ sexo_id: 0 });
      const mulher = await newMunicipe({ sexo_id: 1 });
      const { familiaId } = await newFamilia({ membros: [homem, mulher] });
      expect(
        (await errorsOf(payload(familiaId, { municipe_id: homem.id, motivo_visita_ids: [5] }))).motivo_visita_ids,
      ).toEqual([msg.motivoSomenteFeminino]);
      expect(await create(payload(familiaId, { municipe_id: mulher.id, motivo_visita_ids: [5, 6] }))).toMatchObject({
        acompanhamento: [5, 6],
      });
      const fora = await newMunicipe();
      expect((await errorsOf(payload(familiaId, { municipe_id: fora.id }))).municipe_id).toEqual([
        msg.membroForaDaFamilia,
      ]);
    });

    it('answers 404 for a family of another team; the endemic agent records vector control there', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()], equipe: centro2, micro_area: '04' });
      const res = await post(payload(familiaId));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(msg.cadastroNaoEncontrado);
      const v = await create(payload(familiaId, { motivo_visita_ids: [34, 36] }), ace);
      expect(v).toMatchObject({
        ocupacao_id: '515140',
        equipe_id: centro2,
        micro_area: '04',
        controle_ambiental_vetorial: [34, 36],
      });
    });
  });

  describe('cancel', () => {
    it('asks a justification, keeps the cancelled record, refuses a second cancel (409) and another agent (403)', async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      const v = await create(payload(familiaId));
      const blank = await cancelar(v.id, '');
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors.justificativa).toEqual([msg.obrigatorio]);
      const outra = await newAgente('acs_outra');
      const other = await cancelar(v.id, 'Lançada na família errada', outra);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(msg.naoAutorizado);
      const ok = await cancelar(v.id, 'Lançada na família errada');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        id: v.id,
        situacao: 'cancelada',
        justificativa_cancelamento: 'Lançada na família errada',
        cancelada_por_nome: 'Agente Comunitária de Demonstração',
        pode_cancelar: false,
      });
      expect(Math.abs(Date.parse(ok.json<VisitaDomiciliar>().cancelada_em!) - Date.now())).toBeLessThan(60_000);
      expect(await rowsOf(v.id)).toHaveLength(1);
      const twice = await cancelar(v.id, 'De novo, por engano');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('conflito');
      expect(twice.json().message).toBe(msg.visitaJaCancelada);
      expect(await auditRows(t, { record_id: v.id, action: 'cancelar' })).toHaveLength(1);
      // The history keeps it; the family's last visit does not count it.
      const hist = await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`);
      expect(hist.body.map((h) => [h.id, h.situacao])).toEqual([[v.id, 'cancelada']]);
      expect((await getJson<FamiliaVisitaDetalhe>(`/familias/${familiaId}`)).body.ultima_visita).toBe(null);
    });

    it("lets a manager cancel another professional's visit", async () => {
      const { familiaId } = await newFamilia({ membros: [await newMunicipe()] });
      const v = await create(payload(familiaId));
      const res = await cancelar(v.id, 'Registrada em duplicidade', admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ situacao: 'cancelada', cancelada_por_nome: 'Gestora de Demonstração' });
    });
  });

  describe('reading', () => {
    it("lists the families of the agent's own micro-areas first, then by name, with the last visit", async () => {
      const zulmira = await newMunicipe({ nome: 'Zulmira Pafúncio Xavante' });
      const abel = await newMunicipe({ nome: 'Abel Pafúncio Xavante' });
      const bento = await newMunicipe({ nome: 'Bento Pafúncio Xavante' });
      const { familiaId: fz } = await newFamilia({
        membros: [zulmira],
        micro_area: '01',
        numero_prontuario: 'FAM77',
        logradouro: 'DOS IPÊS',
        numero: '300',
      });
      const { familiaId: fa } = await newFamilia({ membros: [abel, await newMunicipe()], micro_area: '03' });
      const { familiaId: fb } = await newFamilia({ membros: [bento], micro_area: '03', mudou: true });
      await create(payload(fa, { data_visita: '2026-02-01T14:00:00.000Z' }));
      await create(payload(fa, { data_visita: '2026-02-03T14:00:00.000Z' }));
      const { body, total } = await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio%20xavante');
      expect(total).toBe(3);
      expect(body).toEqual([
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
      const ids = async (q: string) =>
        (await getJson<FamiliaParaVisita[]>(`/familias?responsavel=pafuncio&${q}`)).body.map((f) => f.id);
      expect(await ids('micro_area=03')).toEqual([fa, fb]);
      expect(await ids('endereco=ipes%20300')).toEqual([fz]);
      expect(await ids('numero_prontuario=fam7')).toEqual([fz]);
      // Another team's agent does not see them.
      expect((await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio', ace)).total).toBe(0);
      // A reader without micro-areas of their own (the physician of the team) gets the list by name.
      const doMedico = await getJson<FamiliaParaVisita[]>('/familias?responsavel=pafuncio', medico);
      expect(doMedico.body.map((f) => [f.id, f.minha_micro_area])).toEqual([
        [fa, false],
        [fb, false],
        [fz, false],
      ]);
    });

    it('shows the family detail with members, age text, record number and last visit; 404 out of scope', async () => {
      const resp = await newMunicipe({
        nome: 'Helena Quintanilha Braga',
        data_nascimento: '1980-05-20',
        prontuarios: [{ numero: 'HQB1', unidade_saude_id: centroId }],
      });
      const filho = await newMunicipe({ nome: 'Caio Quintanilha Braga', data_nascimento: '2015-01-02', sexo_id: 0 });
      const { familiaId, domicilioId } = await newFamilia({
        membros: [resp, filho],
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
            numero_prontuario: null,
            ultima_visita: v.data_visita,
          },
        ],
      });
      const out = await t.app.inject({ method: 'GET', url: `${url}/familias/${familiaId}`, headers: ace });
      expect(out.statusCode).toBe(404);
      expect(out.json().message).toBe(msg.cadastroNaoEncontrado);
    });

    it("gives the form its context: agent, specialty, home defaults and the member's record number", async () => {
      const m = await newMunicipe({ prontuarios: [{ numero: 'CTX9', unidade_saude_id: centroId }] });
      const { familiaId } = await newFamilia({ membros: [m], micro_area: '02' });
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}&municipe_id=${m.id}`)).body).toEqual({
        pode_lancar: true,
        motivo_bloqueio: null,
        ocupacoes: [{ codigo: '515105', descricao: ocupacaoNome('515105') }],
        ocupacao_id: '515105',
        micro_area: '02',
        fora_area: false,
        tipo_imovel_id: 1,
        numero_prontuario: 'CTX9',
      });
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`, admin)).body).toMatchObject({
        pode_lancar: false,
        motivo_bloqueio: msg.visitaSomenteAgentes,
        ocupacoes: [],
        ocupacao_id: null,
      });
      expect((await getJson<VisitaContexto>(`/contexto?familia_id=${familiaId}`, medico)).body).toMatchObject({
        pode_lancar: false,
        motivo_bloqueio: msg.visitaSomenteAgentes,
      });
    });

    it('lists the history newest first with the total, for readers too', async () => {
      const m = await newMunicipe();
      const { familiaId } = await newFamilia({ membros: [m] });
      const a = await create(payload(familiaId, { data_visita: '2026-01-10T12:00:00.000Z' }));
      const b = await create(payload(familiaId, { municipe_id: m.id, data_visita: '2026-01-20T12:00:00.000Z' }));
      const all = await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`, medico);
      expect(all.total).toBe(2);
      expect(all.body.map((v) => v.id)).toEqual([b.id, a.id]);
      // Only the agent who visited may cancel: the physician reads them without the offer.
      expect(all.body.map((v) => v.pode_cancelar)).toEqual([false, false]);
      expect((await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`)).body.map((v) => v.pode_cancelar)).toEqual([
        true,
        true,
      ]);
      expect(
        (await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}&municipe_id=${m.id}`)).body.map((v) => v.id),
      ).toEqual([b.id]);
      expect((await getJson<VisitaDomiciliar[]>(`?familia_id=${familiaId}`, ace)).total).toBe(0);
    });
  });

  describe('the citizen registry', () => {
    it('refuses to inactivate or remove a record number tied to a visit (422), and to delete the citizen (409)', async () => {
      const m = await newMunicipe({ prontuarios: [{ numero: 'VIS42', unidade_saude_id: centroId }] });
      const { familiaId } = await newFamilia({ membros: [m] });
      await create(payload(familiaId, { municipe_id: m.id }));
      const { id, lock_version, prontuarios, ...rest } = m;
      const put = (p: object[]) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/municipes/${id}`,
          headers: admin,
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
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/municipes/${id}`, headers: admin });
      expect(del.statusCode).toBe(409);
      expect(del.json().code).toBe('conflito');
      expect(del.json().message).toBe(msg.municipeVinculado('uma ficha de visita domiciliar'));
      // A number of the same citizen with no visit is still inactivated as before.
      const other = await newMunicipe({ prontuarios: [{ numero: 'SEMVIS1', unidade_saude_id: centroId }] });
      const { id: oid, lock_version: olv, prontuarios: op, ...orest } = other;
      const ok = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/municipes/${oid}`,
        headers: admin,
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
