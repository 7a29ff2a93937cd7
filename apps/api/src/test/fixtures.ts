import { randomBytes } from 'node:crypto';
import type { PerfilCodigo, Permission } from '@saude/shared';
import { eq } from 'drizzle-orm';
import { hashSenha } from '../auth/service';
import {
  atendimentos,
  cadastrosDomiciliares,
  cadastrosIndividuais,
  equipes,
  familiaMembros,
  familias,
  lotacoes,
  municipeProntuarios,
  municipes,
  notificacoesCompulsorias,
  pacientesSemIdentificacao,
  perfilPermissoes,
  perfis,
  profissionais,
  tiposUnidade,
  unidadesSaude,
  visitasDomiciliares,
} from '../db/schema';
import { makeCnsDefinitivo } from '../seed/municipes';
import { makeCpf } from '../seed/numbers';
import { rememberCep } from '../modules/enderecos/service';
import { newId } from '../lib/ids';
import { chooseUnit, type TestApp } from './helpers';

// Typed builders of exactly the rows a test needs, each with fresh ids, names and documents, so tests share no row
// and never lean on the demo municipality (buildTestApp seeds only the base: profiles, menus, code tables).
//
//   const f = fixtures(t);
//   const { unidade, equipe } = await f.territorio();
//   const acs = await f.usuario({ perfil: 'acs', unidade, equipe, micro_areas: ['01'] });
//   const m = await f.municipe({ equipe_id: equipe.id });
//   const res = await t.app.inject({ method: 'GET', url: `/api/v1/municipes/${m.id}`, headers: acs.headers });

export const FIXTURE_PASSWORD = 'senha-de-teste-9';
let passwordHash: Promise<string> | null = null;

/** A number no other fixture of this process has, far from the demo seed's documents. */
let counter = 0;
const fresh = () => ++counter * 1000 + Math.floor(Math.random() * 1000);
const hex = () => randomBytes(4).toString('hex');

/** The occupation (CBO 2002) each built-in profile gets unless the test names another. */
export const cboDoPerfil: Record<PerfilCodigo, string> = {
  gestor: '131210',
  recepcao: '422105',
  medico: '225125',
  enfermagem: '223565',
  acs: '515105',
  ace: '515140',
  vigilancia: '352210',
  protecao_dados: '411010',
};

export type Unidade = typeof unidadesSaude.$inferSelect;
export type Equipe = typeof equipes.$inferSelect;
export type MunicipeRow = typeof municipes.$inferSelect;
export type Domicilio = typeof cadastrosDomiciliares.$inferSelect;
export type FamiliaRow = typeof familias.$inferSelect;
export type VisitaRow = typeof visitasDomiciliares.$inferSelect;
export type CadastroIndividualRow = typeof cadastrosIndividuais.$inferSelect;

/** One assignment (lotação): a built-in profile from perfilPermissions, or exactly the permissions listed. */
export type LotacaoSpec = {
  unidade: Pick<Unidade, 'id'>;
  perfil?: PerfilCodigo;
  permissoes?: Permission[];
  equipe?: Pick<Equipe, 'id'> | null;
  cbo?: string;
  micro_areas?: string[];
};

export type Profissional = { id: string; login: string; nome: string };
export type Fixtures = ReturnType<typeof fixtures>;
export type Headers = Usuario['headers'];
/** A well-formed id no row has: what an unknown record's 404 is asked with. */
export const UNKNOWN_ID = '0190a0b0-0000-7000-8000-000000000000';
export type DuasEquipes = Awaited<ReturnType<Fixtures['duasEquipes']>>;
export type Usuario = Profissional & { headers: { authorization: string } };
type UnidadeOver = Partial<Omit<typeof unidadesSaude.$inferInsert, 'tipo_unidade_id'>> & { tipo?: string };
type Header = {
  unidade: Pick<Unidade, 'id'>;
  equipe: Pick<Equipe, 'id'> | null;
  profissional: Pick<Profissional, 'id'>;
};

export function fixtures(t: TestApp) {
  const perfilIds = new Map<string, string>();
  const perfilId = async (spec: LotacaoSpec): Promise<string> => {
    if (spec.permissoes) {
      // A profile of its own holding exactly these permissions (none: a user the access checks refuse everywhere).
      const id = newId();
      await t.db.insert(perfis).values({ id, codigo: `teste_${hex()}`, nome: 'Perfil de teste' });
      if (spec.permissoes.length > 0)
        await t.db
          .insert(perfilPermissoes)
          .values(spec.permissoes.map((permission) => ({ perfil_id: id, permission })));
      return id;
    }
    const codigo = spec.perfil ?? 'gestor';
    if (!perfilIds.has(codigo)) {
      const [row] = await t.db.select({ id: perfis.id }).from(perfis).where(eq(perfis.codigo, codigo));
      perfilIds.set(codigo, row!.id);
    }
    return perfilIds.get(codigo)!;
  };

  const f = {
    /** A health unit (UBS unless `tipo` says otherwise) with the parameter flags given. */
    async unidade(over: UnidadeOver = {}) {
      const { tipo = 'UBS', ...cols } = over;
      const [tipoRow] = await t.db.select().from(tiposUnidade).where(eq(tiposUnidade.codigo, tipo));
      const n = fresh();
      const [row] = await t.db
        .insert(unidadesSaude)
        .values({
          id: newId(),
          cnes: String(8_000_000 + n).slice(-7),
          nome: `Unidade ${n}`,
          tipo_unidade_id: tipoRow!.id,
          ...cols,
        })
        .returning();
      return row!;
    },

    /** A team of the unit covering `micro_areas` (default 01, 02, 03). */
    async equipe(unidade: Pick<Unidade, 'id'>, over: Partial<typeof equipes.$inferInsert> = {}) {
      const n = fresh();
      const [row] = await t.db
        .insert(equipes)
        .values({
          id: newId(),
          ine: String(7_000_000_000 + n),
          nome: `Equipe ${n}`,
          unidade_saude_id: unidade.id,
          micro_areas: ['01', '02', '03'],
          ...over,
        })
        .returning();
      return row!;
    },

    /** A unit with one team (micro-areas 01–03): the territory most primary-care tests work in. */
    async territorio(over: { unidade?: UnidadeOver; micro_areas?: string[] } = {}) {
      const unidade = await f.unidade(over.unidade);
      const equipe = await f.equipe(unidade, over.micro_areas ? { micro_areas: over.micro_areas } : {});
      return { unidade, equipe };
    },

    /** A professional with these assignments, who signs in with FIXTURE_PASSWORD. */
    async profissional(
      lotacoesSpec: LotacaoSpec[],
      over: { login?: string; nome?: string; email?: string | null } = {},
    ): Promise<Profissional> {
      passwordHash ??= hashSenha(FIXTURE_PASSWORD);
      const id = newId();
      const login = over.login ?? `prof_${hex()}`;
      const nome = over.nome ?? `Profissional ${login}`;
      await t.db
        .insert(profissionais)
        .values({ id, login, nome, email: over.email ?? null, senha_hash: await passwordHash });
      for (const l of lotacoesSpec) {
        const codigo = l.perfil ?? 'gestor';
        await t.db.insert(lotacoes).values({
          id: newId(),
          profissional_id: id,
          unidade_saude_id: l.unidade.id,
          ocupacao_codigo: l.cbo ?? cboDoPerfil[codigo],
          equipe_id: l.equipe?.id ?? null,
          perfil_id: await perfilId(l),
          micro_areas: l.micro_areas ?? [],
        });
      }
      return { id, login, nome };
    },

    /** Signs in and chooses the unit (the only one, or the one named). Answers the request headers. */
    async signIn(p: Pick<Profissional, 'login'>, unidade?: Pick<Unidade, 'id'>) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { login: p.login, senha: FIXTURE_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${p.login} failed: ${res.statusCode} ${res.body}`);
      const { token, usuario } = res.json<{ token: string; usuario: { unidade_atual: { id: string } | null } }>();
      const headers = { authorization: `Bearer ${token}` };
      if (unidade && usuario.unidade_atual?.id !== unidade.id) await chooseUnit(t, headers, unidade.id);
      return headers;
    },

    /** A professional with one assignment, signed in to its unit. */
    async usuario(spec: LotacaoSpec & { login?: string; nome?: string }): Promise<Usuario> {
      const p = await f.profissional([spec], { login: spec.login, nome: spec.nome });
      return { ...p, headers: await f.signIn(p, spec.unidade) };
    },

    /** A user of the unit with a built-in profile: the care profiles in the team, the others without one. */
    async como(perfil: PerfilCodigo, territorio: { unidade: Pick<Unidade, 'id'>; equipe: Pick<Equipe, 'id'> }) {
      const cuida = (['medico', 'enfermagem', 'acs', 'ace'] as PerfilCodigo[]).includes(perfil);
      return f.usuario({ unidade: territorio.unidade, perfil, equipe: cuida ? territorio.equipe : null });
    },

    /**
     * The households' and families' scene: a unit with the agent's team (01–03) and another team (04–06); the agent
     * (micro-area 01), a colleague of the team and an agent of the other team, signed in; the unit's coordinator (an
     * assignment without a team: sees every team, may designate a professional), signed in; and an endemic agent of
     * the other team, whom the coordinator designates.
     */
    async duasEquipes(o: { nomeAcs?: string } = {}) {
      const { unidade, equipe } = await f.territorio();
      const outraEquipe = await f.equipe(unidade, { micro_areas: ['04', '05', '06'] });
      return {
        unidade,
        equipe,
        outraEquipe,
        acs: await f.usuario({ perfil: 'acs', unidade, equipe, micro_areas: ['01'], nome: o.nomeAcs }),
        colega: await f.usuario({ perfil: 'acs', unidade, equipe }),
        acsOutra: await f.usuario({ perfil: 'acs', unidade, equipe: outraEquipe }),
        gestor: await f.usuario({ perfil: 'gestor', unidade }),
        aceOutra: await f.profissional([{ perfil: 'ace', unidade, equipe: outraEquipe }]),
      };
    },

    /** A citizen straight in the registry, with a fresh name, CPF and CNS; `prontuarios` adds record numbers. */
    async municipe(
      over: Partial<typeof municipes.$inferInsert> & {
        prontuarios?: Array<{ numero: string; unidade: Pick<Unidade, 'id'> }>;
      } = {},
    ) {
      const { prontuarios = [], ...cols } = over;
      const n = fresh();
      const day = new Date(Date.UTC(1950, 0, 1) + (n % 20000) * 86_400_000).toISOString().slice(0, 10);
      const [row] = await t.db
        .insert(municipes)
        .values({
          id: newId(),
          nome: `Pessoa de Teste ${nomeDe(n)}`,
          data_nascimento: day,
          sexo_id: 1,
          cpf_numero: makeCpf(70_000_000 + n),
          codigo_cns: makeCnsDefinitivo(70_000_000 + n, '2'),
          telefone_celular: '61991837465',
          ...cols,
        })
        .returning();
      for (const p of prontuarios) {
        await t.db
          .insert(municipeProntuarios)
          .values({ id: newId(), municipe_id: row!.id, unidade_saude_id: p.unidade.id, numero: p.numero });
      }
      return row!;
    },

    /** A household of the header's team (a home, micro-area 01, in Rua das Acácias unless told otherwise). */
    async domicilio(header: Header, over: Partial<typeof cadastrosDomiciliares.$inferInsert> = {}) {
      const [row] = await t.db
        .insert(cadastrosDomiciliares)
        .values({
          id: newId(),
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          equipe_id: header.equipe?.id ?? null,
          ocupacao_id: cboDoPerfil.acs,
          st_micro_area: '01',
          cep: '70000001',
          uf: 'DF',
          municipio_ibge: '5300108',
          tipo_logradouro: '081',
          logradouro: 'DAS ACÁCIAS',
          numero: String(fresh() % 10_000),
          bairro: 'CENTRO',
          tipo_imovel_id: 1,
          ...over,
        })
        .returning();
      return row!;
    },

    /**
     * A family of the header's team: the first member is the head (Responsável), the others children. A family that
     * `mudou` keeps its members as inactive history. `domicilio` links it to a home.
     */
    async familia(
      header: Header,
      o: {
        membros: Array<Pick<MunicipeRow, 'id'>>;
        domicilio?: Pick<Domicilio, 'id'> | null;
        mudou?: boolean;
        numero_prontuario?: string | null;
      },
    ) {
      const id = newId();
      const [row] = await t.db
        .insert(familias)
        .values({
          id,
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          equipe_id: header.equipe?.id ?? null,
          numero_prontuario: o.numero_prontuario ?? null,
          responsavel_id: o.membros[0]!.id,
          mudou: o.mudou ?? false,
          mudou_em: o.mudou ? new Date() : null,
          domicilio_id: o.domicilio?.id ?? null,
          vinculado_em: o.domicilio ? new Date() : null,
        })
        .returning();
      await t.db.insert(familiaMembros).values(
        o.membros.map((m, i) => ({
          id: newId(),
          familia_id: id,
          municipe_id: m.id,
          parentesco_id: i === 0 ? 1 : 138,
          ativo: !o.mudou,
        })),
      );
      return row!;
    },

    /** A home visit made by the header's professional to the family (and member) given, now unless told otherwise. */
    async visita(
      header: Header,
      o: {
        familia?: Pick<FamiliaRow, 'id' | 'domicilio_id'> | null;
        municipe?: Pick<MunicipeRow, 'id'> | null;
      } & Partial<typeof visitasDomiciliares.$inferInsert> = {},
    ) {
      const { familia, municipe, ...cols } = o;
      const [row] = await t.db
        .insert(visitasDomiciliares)
        .values({
          id: newId(),
          familia_id: familia?.id ?? null,
          domicilio_id: familia?.domicilio_id ?? null,
          municipe_id: municipe?.id ?? null,
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          equipe_id: header.equipe?.id ?? null,
          ocupacao_id: cboDoPerfil.acs,
          data_visita: new Date(),
          turno_atendimentos: 1,
          micro_area: '01',
          tipo_imovel_id: 1,
          motivo_visita_ids: [29],
          desfecho_id: 1,
          ...cols,
        })
        .returning();
      return row!;
    },

    /** A patient without identification registered at the unit by the professional (identified when `municipe_id`). */
    async pacienteSemIdentificacao(
      header: Pick<Header, 'unidade' | 'profissional'>,
      over: Partial<typeof pacientesSemIdentificacao.$inferInsert> = {},
    ) {
      const [row] = await t.db
        .insert(pacientesSemIdentificacao)
        .values({
          id: newId(),
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          ocupacao_id: cboDoPerfil.recepcao,
          nome: `Desconhecido(a) ${fresh()}`,
          ...(over.municipe_id ? { identificado_em: new Date(), identificado_por: header.profissional.id } : {}),
          ...over,
        })
        .returning();
      return row!;
    },

    /** An urgent-care visit of the citizen, arrived now, registered by the professional (retroactive when told). */
    async atendimento(
      header: Pick<Header, 'unidade' | 'profissional'>,
      municipe: Pick<MunicipeRow, 'id'>,
      over: Partial<typeof atendimentos.$inferInsert> = {},
    ) {
      const [row] = await t.db
        .insert(atendimentos)
        .values({
          id: newId(),
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          ocupacao_id: '515105',
          municipe_id: municipe.id,
          data_chegada: new Date(),
          data_ficha: new Date(),
          tipo_chegada_id: 1,
          ...(over.retroativo ? { justificativa_retroativo: 'Sistema fora do ar' } : {}),
          ...over,
        })
        .returning();
      return row!;
    },

    /** A compulsory notification (dengue suspected, 05/01/2026) of the citizen at the unit. */
    async notificacao(
      header: Pick<Header, 'unidade' | 'profissional'>,
      municipe: Pick<MunicipeRow, 'id'>,
      over: Partial<typeof notificacoesCompulsorias.$inferInsert> = {},
    ) {
      const [row] = await t.db
        .insert(notificacoesCompulsorias)
        .values({
          id: newId(),
          municipe_id: municipe.id,
          doenca_agravo_id: '9a',
          unidade_saude_id: header.unidade.id,
          profissional_id: header.profissional.id,
          data_notificacao: '2026-01-05',
          hora_notificacao: '10:00',
          ...over,
        })
        .returning();
      return row!;
    },

    /** An individual registration of the citizen (active unless `saida_em` is given). */
    async cadastroIndividual(
      municipe: Pick<MunicipeRow, 'id'>,
      over: Partial<typeof cadastrosIndividuais.$inferInsert> = {},
    ) {
      const [row] = await t.db
        .insert(cadastrosIndividuais)
        .values({ id: newId(), municipe_id: municipe.id, ...over })
        .returning();
      return row!;
    },

    /** A CEP the municipality already knows (the address lookup answers it without the CEP service). */
    async cep(over: Partial<Parameters<typeof rememberCep>[1]> = {}) {
      const e = {
        cep: String(70_100_000 + (fresh() % 100_000)),
        uf: 'DF',
        municipio: 'BRASÍLIA',
        municipio_ibge: '5300108',
        tipo_logradouro: '081',
        logradouro: 'DAS ACÁCIAS',
        bairro: 'CENTRO',
        ...over,
      };
      await rememberCep(t.db, e);
      return e;
    },
  };
  return f;
}

/** Letters from a number ('AB', 'AC'…), so fixture names differ without digits (names hold no digits). */
function nomeDe(n: number): string {
  let s = '';
  for (let x = n; s.length < 4; x = Math.floor(x / 26)) s += String.fromCharCode(65 + (x % 26));
  return s;
}
