import { msg, type Permission } from '@saude/shared';
import type { EnderecoPartes } from '@saude/shared/endereco';
import {
  gruposMotivoVisita,
  imovelSemMorador,
  MOTIVOS_SOMENTE_FEMININO,
  motivosPorGrupo,
  turnoDaHora,
  visitaDomiciliarIssues,
  type CancelarVisitaInput,
  type VisitaDomiciliar,
  type VisitaDomiciliarFilters,
  type VisitaDomiciliarValues,
} from '@saude/shared/schemas/visita_domiciliar';
import { TIME_ZONE } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { audit, auditedRead } from '../../../access/audit';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  cadastrosDomiciliares as dom,
  familiaMembros,
  familias,
  lotacoes,
  municipes,
  profissionais,
  unidadesSaude,
  visitasDomiciliares as vd,
} from '../../../db/schema';
import { countAll, preparedOnce, preparedPage, totalOf, withAutorUnidade, withLotacoesAtivas } from '../../../db/sql';
import type { Dated } from '../../../lib/answer';
import { conflict, FieldErrors, forbidden, notFound, unprocessable } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate } from '../../../lib/paginate';
import { nextVersion } from '../../../lib/versioned';
import {
  agenteDe,
  alcanceDe,
  domicilioInScope,
  escopoDe,
  familiaDoMunicipe,
  findFamilia,
  formatEndereco,
  membroAtivo,
  municipeSemFamilia,
  prontuarioDoMunicipe,
  RESOURCE,
  visitaInScope,
  type Alcance,
  type Escopo,
} from './queries';
import type { Scope } from '../scope';

// Home visits (issue 8). Design (docs/decisions.md, "Home visits"):
// - Only agents launch visits: the user's assignments in the current unit must carry a CBO of LEDI table 7
//   (cboVisitaDomiciliarCodigos); everyone with the read permission sees the history.
// - The id comes from the client: a retried save answers the stored visit (200) instead of creating a second one.
// - Scope is the team's, as in the individual registrations; an assignment without a team sees the unit's.
// - A cancelled visit keeps its row, with who, when and why.
// - Every read names the citizens it shows in its audit row; writes too (issue 14).
// The families offered for a visit and the form's context are in familias.ts; what both use, in comum.ts.

const SEXO_MASCULINO = 0;

// Made once: building a formatter with a time zone costs more than a visit's other checks together.
const horaSaoPaulo = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });

/** Hour of the day in São Paulo (the shift is the municipality's). */
function horaLocal(d: Date): number {
  return Number(horaSaoPaulo.format(d));
}

// ---- reading visits --------------------------------------------------------------------------------------------

const cancelador = alias(profissionais, 'cancelador');
const visitaSelect = {
  v: vd,
  municipe_nome: municipes.nome,
  unidade_saude_nome: unidadesSaude.nome,
  profissional_nome: profissionais.nome,
  cancelada_por_nome: cancelador.nome,
  // The household of the visit: the family's home then, or the one chosen for a visit without a family.
  casa: {
    tipo_logradouro: dom.tipo_logradouro,
    logradouro: dom.logradouro,
    numero: dom.numero,
    sem_numero: dom.sem_numero,
    complemento: dom.complemento,
    bairro: dom.bairro,
  },
};
type ListExtras = { total: number; membros: string[] | null; familia_visivel: boolean };
type VisitaRow = {
  v: typeof vd.$inferSelect;
  municipe_nome: string | null;
  unidade_saude_nome: string | null;
  profissional_nome: string | null;
  cancelada_por_nome: string | null;
  casa: Required<EnderecoPartes> | null;
};

/**
 * A list's rows also carry how many match, whose data a visit to the whole family carries (its active members, for
 * the audit row) and whether the visit's family is in the reader's scope: one round trip for the history (issue 15).
 */
const visitaListSelect = (familiaNoAlcance: SQL) => ({
  ...visitaSelect,
  total: sql<number>`(count(*) over ())::int`,
  membros: sql<string[] | null>`case when ${vd.municipe_id} is null and ${vd.familia_id} is not null then
    array(select ${familiaMembros.municipe_id}::text from ${familiaMembros}
      where ${familiaMembros.familia_id} = ${vd.familia_id} and ${familiaMembros.ativo}) end`,
  familia_visivel: sql<boolean>`coalesce(${familiaNoAlcance}, false)`,
});

const visitaQuery = (db: DbOrTx, select: typeof visitaSelect | ReturnType<typeof visitaListSelect> = visitaSelect) =>
  withAutorUnidade(db.select(select).from(vd).$dynamic(), {
    profissional: vd.profissional_id,
    unidade: vd.unidade_saude_id,
  })
    .leftJoin(familias, eq(familias.id, vd.familia_id))
    .leftJoin(municipes, eq(municipes.id, vd.municipe_id))
    .leftJoin(cancelador, eq(cancelador.id, vd.cancelada_por))
    .leftJoin(dom, eq(dom.id, vd.domicilio_id));

/** Who reads the visit: decides `pode_cancelar` (the same rule cancelar enforces). */
type Leitor = { profissionalId: string | null; gerente: boolean; cancela: boolean };
const leitorDe = (ctx: Ctx, e: Escopo): Leitor => ({
  profissionalId: ctx.usuario?.profissionalId ?? null,
  gerente: e.all,
  cancela: !!ctx.usuario && can(ctx.usuario, `${RESOURCE}:cancelar` as Permission),
});

/** The visit's columns, as drizzle names them in `v`; the names joined beside them. */
const colunasVisita = Object.keys(getTableColumns(vd)) as Array<keyof VisitaRow['v']>;
const NOMES = ['municipe_nome', 'unidade_saude_nome', 'profissional_nome', 'cancelada_por_nome'] as const;
const CAMPOS_MOTIVO = gruposMotivoVisita.map((g) => g.campo);
/** Every field of the answer, in its order, so each answer is one object of this fixed shape. */
const visitaEmBranco = Object.fromEntries(
  [...colunasVisita, ...NOMES, 'ocupacao_nome', ...CAMPOS_MOTIVO, 'endereco', 'situacao', 'pode_cancelar'].map((k) => [
    k,
    null,
  ]),
);

/**
 * The answer is the row, plus the names joined, the reasons grouped, the place in one line and the state. Written
 * field by field into a copy of `visitaEmBranco`, not spread: drizzle builds `v` key by key, which V8 keeps as a hash
 * table past ~20 keys, and spreading it into the answer made the answer one too — ≈ 17 µs a row, then again in every
 * later copy (issue 41: the history's largest cost over the bare SQL).
 */
const toVisita =
  (leitor: Leitor) =>
  (row: VisitaRow): Dated<VisitaDomiciliar> => {
    const { v, casa } = row;
    const out: Record<string, unknown> = { ...visitaEmBranco };
    for (const k of colunasVisita) out[k] = v[k];
    for (const k of NOMES) out[k] = row[k];
    out.ocupacao_nome = ocupacaoNome(v.ocupacao_id);
    const motivos = motivosPorGrupo(v.motivo_visita_ids);
    for (const k of CAMPOS_MOTIVO) out[k] = motivos[k];
    out.endereco = formatEndereco(casa?.logradouro ? casa : v);
    out.situacao = v.cancelada_em ? 'cancelada' : 'ativa';
    out.pode_cancelar =
      !v.cancelada_em && leitor.cancela && (v.profissional_id === leitor.profissionalId || leitor.gerente);
    return out as Dated<VisitaDomiciliar>;
  };

/**
 * The visit WITHOUT scope: callers check scope first. Every save answers with it, so it is a prepared statement
 * (db/sql.ts `preparedOnce`: in a transaction it is built again, but PostgreSQL still plans its joins once per
 * connection).
 */
async function unscopedLoadVisita(db: DbOrTx, id: string, leitor: Leitor): Promise<Dated<VisitaDomiciliar> | null> {
  const porId = preparedOnce(db, 'visitas:por_id', (name) =>
    visitaQuery(db)
      .where(eq(vd.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = (await porId.execute({ id })) as VisitaRow[];
  return row ? toVisita(leitor)(row) : null;
}

/**
 * Whose data visits carry (LGPD data subjects): the member visited, or for a visit to the family as a whole its
 * active members.
 */
async function titulares(db: DbOrTx, visitas: Array<{ municipe_id: string | null; familia_id: string | null }>) {
  const ids = visitas.flatMap((v) => (v.municipe_id ? [v.municipe_id] : []));
  const daFamilia = [...new Set(visitas.flatMap((v) => (!v.municipe_id && v.familia_id ? [v.familia_id] : [])))];
  if (daFamilia.length > 0) {
    const membros = await db
      .select({ id: familiaMembros.municipe_id })
      .from(familiaMembros)
      .where(and(inArray(familiaMembros.familia_id, daFamilia), eq(familiaMembros.ativo, true)));
    ids.push(...membros.map((m) => m.id));
  }
  return [...new Set(ids)];
}

export async function show(ctx: Ctx, id: string): Promise<Dated<VisitaDomiciliar>> {
  const e = escopoDe(ctx);
  return auditedRead(
    ctx,
    async (tx) => {
      const [row] = await visitaQuery(tx).where(and(eq(vd.id, id), visitaInScope(e)));
      if (!row) throw notFound();
      return { visita: toVisita(leitorDe(ctx, e))(row), quem: await titulares(tx, [row.v]) };
    },
    // The reasons name health conditions (tuberculosis, mental health…), the measurements are health data.
    ({ quem }) => ({ resource: RESOURCE, action: 'show', record_id: id, municipe_ids: quem }),
  ).then((r) => r.visita);
}

const FILTROS_VISITAS = ['familia_id', 'municipe_id', 'sem_familia', 'minhas'] as const;

/**
 * The history's page, prepared once per shape (scope kind × filters used; db/sql.ts `preparedOnce`): the same
 * conditions as `visitaInScope`, `familiaInScope` and the filters, with the values as placeholders — the teams as one
 * array, so one statement serves any number of them.
 */
function paginaDeVisitas(db: DbOrTx, alcance: Alcance, filtros: ReadonlyArray<(typeof FILTROS_VISITAS)[number]>) {
  return preparedOnce(db, `visitas:historico:${alcance}:${filtros.join(',')}`, (name) => {
    const equipes = sql`any(${sql.placeholder('equipes')}::uuid[])`;
    const unidade = sql.placeholder('unidade');
    const [visitaNoAlcance, familiaNoAlcance] =
      alcance === 'unidade'
        ? [sql`${vd.unidade_saude_id} = ${unidade}`, sql`${familias.unidade_saude_id} = ${unidade}`]
        : alcance === 'equipes'
          ? [
              sql`(${vd.equipe_id} = ${equipes} or ${familias.equipe_id} = ${equipes})`,
              sql`${familias.equipe_id} = ${equipes}`,
            ]
          : [sql`false`, sql`false`];
    const pagina = visitaQuery(db, visitaListSelect(familiaNoAlcance))
      .where(
        and(
          visitaNoAlcance,
          filtros.includes('familia_id') ? eq(vd.familia_id, sql.placeholder('familia_id')) : undefined,
          filtros.includes('municipe_id') ? eq(vd.municipe_id, sql.placeholder('municipe_id')) : undefined,
          filtros.includes('sem_familia') ? isNull(vd.familia_id) : undefined,
          filtros.includes('minhas') ? eq(vd.profissional_id, sql.placeholder('profissional_id')) : undefined,
        ),
      )
      .orderBy(desc(vd.data_visita), desc(vd.id));
    return preparedPage(pagina.$dynamic(), name);
  });
}

export async function list(
  ctx: Ctx,
  f: VisitaDomiciliarFilters,
): Promise<{ rows: Dated<VisitaDomiciliar>[]; total: number }> {
  const e = escopoDe(ctx);
  // Only a page past the end counts apart (paginate): the condition is built then, not at every request (issue 41).
  const where = () =>
    and(
      visitaInScope(e),
      f.familia_id ? eq(vd.familia_id, f.familia_id) : undefined,
      f.municipe_id ? eq(vd.municipe_id, f.municipe_id) : undefined,
      f.sem_familia ? isNull(vd.familia_id) : undefined,
      f.minhas ? eq(vd.profissional_id, ctx.usuario?.profissionalId ?? '') : undefined,
    );
  const filtros = FILTROS_VISITAS.filter((k) => f[k]);
  return auditedRead(
    ctx,
    async (tx) => {
      const page = await paginate(f, {
        count: () =>
          totalOf(
            tx.select({ total: countAll() }).from(vd).leftJoin(familias, eq(familias.id, vd.familia_id)).where(where()),
          ),
        rows: ({ limit, offset }) =>
          paginaDeVisitas(tx, alcanceDe(e), filtros).execute({
            equipes: e.equipeIds,
            unidade: e.unidadeId,
            familia_id: f.familia_id,
            municipe_id: f.municipe_id,
            profissional_id: ctx.usuario?.profissionalId ?? null,
            limit,
            offset,
          }) as Promise<Array<VisitaRow & ListExtras>>,
        windowTotal: (r) => r.total,
      });
      // Another team's family answers as absent, as its detail does; its visits say so, or without any, the family.
      if (f.familia_id) {
        const visivel = page.rows[0]?.familia_visivel ?? (await findFamilia(tx, e, f.familia_id)) !== null;
        if (!visivel) throw notFound();
      }
      const toV = toVisita(leitorDe(ctx, e));
      const quem = page.rows.flatMap((r) => (r.v.municipe_id ? [r.v.municipe_id] : (r.membros ?? [])));
      return {
        // toV reads only the visit's fields: the list's extras stay behind without a copy of each row.
        page: mapPage(page, toV),
        quem: [...new Set(quem)],
      };
    },
    ({ quem }) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: quem,
      details: { lista: 'visitas', filtros, pagina: f.page },
    }),
  ).then((r) => r.page);
}

// ---- create and cancel ------------------------------------------------------------------------------------------

/** A visit with this client id already stored: the same professional's retry, or someone else's (409). */
async function retried(tx: DbOrTx, ctx: Ctx, id: string): Promise<Dated<VisitaDomiciliar> | null> {
  const [row] = await tx.select({ profissional_id: vd.profissional_id }).from(vd).where(eq(vd.id, id));
  if (!row) return null;
  if (row.profissional_id !== ctx.usuario?.profissionalId) throw conflict(msg.visitaIdEmUso);
  return unscopedLoadVisita(tx, id, leitorDe(ctx, escopoDe(ctx)));
}

export async function create(
  ctx: Ctx,
  v: VisitaDomiciliarValues,
): Promise<{ visita: Dated<VisitaDomiciliar>; created: boolean }> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const stored = await retried(tx, ctx, v.id);
    if (stored) return { visita: stored, created: false };

    // spec §5: the visit form is only for community health and endemic-control agents.
    const e = escopoDe(ctx);
    if (!u.unidadeId) throw forbidden(msg.visitaSomenteAgentes);
    // The agent whose visit it is: the user, or the agent a coordinator names (issue 39).
    const autor = await autorDaVisita(tx, ctx, e, v.profissional_id);
    const agente = agenteDe(autor.escopo);

    // The family: the one named, or the member's active one. Out of scope answers as absent (404).
    const familiaId = v.familia_id ?? (v.municipe_id ? await familiaDoMunicipe(tx, v.municipe_id) : null);
    const found = familiaId ? await findFamilia(tx, e, familiaId) : null;
    if (familiaId && !found) throw notFound();
    // spec §4, §8: a family that moved away receives no visit.
    if (found?.f.mudou) throw forbidden(msg.familiaMudou);
    // A citizen without a family: theirs to visit only if of the user's teams (or of no team yet).
    const sozinho = !found && v.municipe_id ? await municipeSemFamilia(tx, e, v.municipe_id) : null;
    if (!found && v.municipe_id && !sozinho) throw notFound();

    const errors = new FieldErrors();
    let sexo: number | null = sozinho?.sexo_id ?? null;
    if (v.municipe_id && found) {
      const membro = await membroAtivo(tx, found.f.id, v.municipe_id);
      if (!membro) errors.add('municipe_id', msg.membroForaDaFamilia);
      else if (membro.obito) errors.add('municipe_id', msg.membroComObito);
      sexo = membro?.sexo_id ?? null;
    }
    if (sozinho?.obito) errors.add('municipe_id', msg.membroComObito);
    // A visit without a family may happen at a household of the user's teams.
    const escolhido = !found && v.domicilio_id ? await domicilioInScope(tx, e, v.domicilio_id) : null;
    if (!found && v.domicilio_id && !escolhido) errors.add('domicilio_id', msg.naoEValido);
    if (v.unidade_saude_id && v.unidade_saude_id !== u.unidadeId) errors.add('unidade_saude_id', msg.naoEValido);
    // spec §5: the specialty is filled when exactly one of the user's is compatible.
    let ocupacao = v.ocupacao_id;
    if (!ocupacao) {
      if (agente.ocupacoes.length === 1) ocupacao = agente.ocupacoes[0];
      else errors.add('ocupacao_id', msg.obrigatorio);
    } else if (!agente.ocupacoes.includes(ocupacao)) {
      errors.add('ocupacao_id', msg.naoEValido);
    }

    // Defaults from the place (the family's home, or the household chosen), then the shared rules on what will be
    // stored. Without a home nothing is assumed: the property type must be answered.
    const casa = found?.d ?? escolhido;
    const tipo_imovel_id = v.tipo_imovel_id ?? casa?.tipo_imovel_id;
    const daCasa = !v.micro_area && !v.fora_area && !!casa;
    const fora_area = daCasa ? casa.fora_area : v.fora_area;
    const micro_area = fora_area ? undefined : daCasa ? (casa.st_micro_area ?? undefined) : v.micro_area;
    const numero_prontuario =
      v.numero_prontuario ??
      (v.municipe_id && !imovelSemMorador(tipo_imovel_id)
        ? ((await prontuarioDoMunicipe(tx, v.municipe_id, u.unidadeId)) ?? undefined)
        : undefined);
    const full = { ...v, familia_id: found?.f.id, tipo_imovel_id, fora_area, micro_area, numero_prontuario };
    for (const i of visitaDomiciliarIssues(full)) errors.add(i.path.join('.'), i.message);
    if (sexo === SEXO_MASCULINO && v.motivo_visita_ids.some((m) => MOTIVOS_SOMENTE_FEMININO.includes(m))) {
      errors.add('motivo_visita_ids', msg.motivoSomenteFeminino);
    }
    errors.throwIfAny();

    const data_visita = v.data_visita ? new Date(v.data_visita) : new Date();
    const lotacao = autor.escopo.lotacoes.find((l) => l.ocupacao_codigo === ocupacao && l.equipe_id !== null);
    // The row is the input as parsed (what was not answered is absent: the column's null) with what the API decides.
    const inserted = await tx
      .insert(vd)
      .values({
        ...full,
        id: v.id,
        familia_id: found?.f.id ?? null,
        domicilio_id: found?.f.domicilio_id ?? escolhido?.id ?? null,
        unidade_saude_id: u.unidadeId,
        profissional_id: autor.profissionalId,
        equipe_id: lotacao?.equipe_id ?? found?.f.equipe_id ?? null,
        ocupacao_id: ocupacao!,
        data_visita,
        turno_atendimentos: v.turno_atendimentos ?? turnoDaHora(horaLocal(data_visita)),
        tipo_imovel_id: tipo_imovel_id!,
        updated_by: u.profissionalId,
      })
      .onConflictDoNothing({ target: vd.id })
      .returning({ id: vd.id });
    if (inserted.length === 0) {
      // The same id saved meanwhile (two sends at once): the first one wins, this one answers it.
      const again = await retried(tx, ctx, v.id);
      if (again) return { visita: again, created: false };
      throw conflict(msg.visitaIdEmUso);
    }
    await audit(tx, ctx, {
      action: 'create',
      resource: RESOURCE,
      record_id: v.id,
      municipe_ids: await titulares(tx, [{ municipe_id: v.municipe_id ?? null, familia_id: found?.f.id ?? null }]),
      details: {
        familia_id: found?.f.id ?? null,
        municipe_id: v.municipe_id ?? null,
        designado: autor.profissionalId !== u.profissionalId,
      },
    });
    return { visita: (await unscopedLoadVisita(tx, v.id, leitorDe(ctx, e)))!, created: true };
  });
}

export async function cancelar(ctx: Ctx, id: string, input: CancelarVisitaInput): Promise<Dated<VisitaDomiciliar>> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const e = escopoDe(ctx);
    const [row] = await tx
      .select({ v: vd })
      .from(vd)
      .leftJoin(familias, eq(familias.id, vd.familia_id))
      .where(and(eq(vd.id, id), visitaInScope(e)))
      .for('update', { of: vd });
    if (!row) throw notFound();
    // The visit is the agent's statement: only they (or a manager of the unit, whose scope is the unit) withdraw it.
    if (row.v.profissional_id !== u.profissionalId && !e.all) throw forbidden();
    if (row.v.cancelada_em) throw conflict(msg.visitaJaCancelada);
    await tx
      .update(vd)
      .set({
        cancelada_em: new Date(),
        cancelada_por: u.profissionalId,
        justificativa_cancelamento: input.justificativa.trim(),
        ...nextVersion(vd, ctx),
      })
      .where(eq(vd.id, id));
    await audit(tx, ctx, {
      action: 'cancelar',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: await titulares(tx, [row.v]),
    });
    return (await unscopedLoadVisita(tx, id, leitorDe(ctx, e)))!;
  });
}

/**
 * Whose visit it is (spec §5: an agent's). A team member records their own (naming anyone else is refused); a user
 * without a team (a coordinator) must name an agent assigned to the current unit, whose assignments then decide the
 * specialty and the team (issue 39). Errors answer before anything else is checked.
 */
async function autorDaVisita(
  tx: DbOrTx,
  ctx: Ctx,
  e: Escopo,
  nomeado: string | undefined,
): Promise<{ profissionalId: string; escopo: Scope }> {
  const u = ctx.usuario!;
  if (!nomeado || nomeado === u.profissionalId) {
    if (agenteDe(e).ocupacoes.length > 0) return { profissionalId: u.profissionalId, escopo: e };
    if (e.all) throw unprocessable({ profissional_id: [msg.obrigatorio] });
    throw forbidden(msg.visitaSomenteAgentes);
  }
  if (!e.all || !u.unidadeId) throw unprocessable({ profissional_id: [msg.naoEValido] });
  const lotacoesDele = await withLotacoesAtivas(
    tx
      .select({
        equipe_id: lotacoes.equipe_id,
        ocupacao_codigo: lotacoes.ocupacao_codigo,
        micro_areas: lotacoes.micro_areas,
      })
      .from(lotacoes)
      .$dynamic(),
    u.unidadeId,
    eq(lotacoes.profissional_id, nomeado),
  ).orderBy(sql`${lotacoes.equipe_id} is null`, asc(lotacoes.created_at));
  const escopo: Scope = { all: false, equipeIds: [], lotacoes: lotacoesDele };
  if (agenteDe(escopo).ocupacoes.length === 0) throw unprocessable({ profissional_id: [msg.naoEValido] });
  return { profissionalId: nomeado, escopo };
}
