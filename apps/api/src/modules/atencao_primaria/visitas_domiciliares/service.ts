import { msg, type Permission } from '@saude/shared';
import { TIPO_IMOVEL_DOMICILIO } from '@saude/shared/schemas/cadastro_domiciliar';
import {
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
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { audit } from '../../../access/audit';
import { can, type Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import {
  familiaMembros,
  familias,
  municipes,
  profissionais,
  unidadesSaude,
  visitasDomiciliares as vd,
} from '../../../db/schema';
import { countAll, iso, totalOf } from '../../../db/sql';
import { conflict, FieldErrors, forbidden, notFound } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { mapPage, paginate } from '../../../lib/paginate';
import { nextVersion } from '../../../lib/versioned';
import { scopeOf, type Scope } from '../scope';
import { agenteDe, findFamilia, membroAtivo, prontuarioDoMunicipe, RESOURCE, visitaInScope } from './comum';

// Home visits (issue 8). Design (docs/decisions.md, "Home visits"):
// - Only agents launch visits: the user's assignments in the current unit must carry a CBO of LEDI table 7
//   (cboVisitaDomiciliarCodigos); everyone with the read permission sees the history.
// - The id comes from the client: a retried save answers the stored visit (200) instead of creating a second one.
// - Scope is the team's, as in the individual registrations: an assignment without a team sees everything.
// - A cancelled visit keeps its row, with who, when and why.
// The families offered for a visit and the form's context are in familias.ts; what both use, in comum.ts.

const SEXO_MASCULINO = 0;

/** Hour of the day in São Paulo (the shift is the municipality's). */
function horaLocal(d: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(d));
}

// ---- reading visits --------------------------------------------------------------------------------------------

const cancelador = alias(profissionais, 'cancelador');
const visitaSelect = {
  v: vd,
  municipe_nome: municipes.nome,
  unidade_saude_nome: unidadesSaude.nome,
  profissional_nome: profissionais.nome,
  cancelada_por_nome: cancelador.nome,
};
type VisitaRow = {
  v: typeof vd.$inferSelect;
  municipe_nome: string | null;
  unidade_saude_nome: string | null;
  profissional_nome: string | null;
  cancelada_por_nome: string | null;
};

const visitaQuery = (db: DbOrTx) =>
  db
    .select(visitaSelect)
    .from(vd)
    .leftJoin(familias, eq(familias.id, vd.familia_id))
    .leftJoin(municipes, eq(municipes.id, vd.municipe_id))
    .leftJoin(unidadesSaude, eq(unidadesSaude.id, vd.unidade_saude_id))
    .leftJoin(profissionais, eq(profissionais.id, vd.profissional_id))
    .leftJoin(cancelador, eq(cancelador.id, vd.cancelada_por));

/** Who reads the visit: decides `pode_cancelar` (the same rule cancelarVisita enforces). */
type Leitor = { profissionalId: string | null; gerente: boolean; cancela: boolean };
const leitorDe = (ctx: Ctx, scope: Scope): Leitor => ({
  profissionalId: ctx.usuario?.profissionalId ?? null,
  gerente: scope.all,
  cancela: !!ctx.usuario && can(ctx.usuario, `${RESOURCE}:cancelar` as Permission),
});

const toVisita =
  (leitor: Leitor) =>
  ({ v, ...names }: VisitaRow): VisitaDomiciliar => {
    return {
      id: v.id,
      familia_id: v.familia_id,
      domicilio_id: v.domicilio_id,
      municipe_id: v.municipe_id,
      municipe_nome: names.municipe_nome,
      unidade_saude_id: v.unidade_saude_id,
      unidade_saude_nome: names.unidade_saude_nome,
      profissional_id: v.profissional_id,
      profissional_nome: names.profissional_nome,
      equipe_id: v.equipe_id,
      ocupacao_id: v.ocupacao_id,
      ocupacao_nome: ocupacaoNome(v.ocupacao_id),
      data_visita: v.data_visita.toISOString(),
      turno_atendimentos: v.turno_atendimentos,
      micro_area: v.micro_area,
      fora_area: v.fora_area,
      tipo_imovel_id: v.tipo_imovel_id,
      numero_prontuario: v.numero_prontuario,
      visita_compartilhada: v.visita_compartilhada,
      motivo_visita_ids: v.motivo_visita_ids,
      ...motivosPorGrupo(v.motivo_visita_ids),
      desfecho_id: v.desfecho_id,
      altura: v.altura,
      peso: v.peso,
      temperatura: v.temperatura,
      glicemia: v.glicemia,
      momento_coleta_glicemia_id: v.momento_coleta_glicemia_id,
      pressao_sistolica: v.pressao_sistolica,
      pressao_diastolica: v.pressao_diastolica,
      situacao: v.cancelada_em ? 'cancelada' : 'ativa',
      cancelada_em: iso(v.cancelada_em),
      cancelada_por_nome: names.cancelada_por_nome,
      justificativa_cancelamento: v.justificativa_cancelamento,
      created_at: v.created_at.toISOString(),
      pode_cancelar:
        !v.cancelada_em && leitor.cancela && (v.profissional_id === leitor.profissionalId || leitor.gerente),
    };
  };

/** The visit WITHOUT scope: callers check scope first. */
async function unscopedLoadVisita(db: DbOrTx, id: string, leitor: Leitor): Promise<VisitaDomiciliar | null> {
  const [row] = await visitaQuery(db).where(eq(vd.id, id));
  return row ? toVisita(leitor)(row) : null;
}

export async function getVisita(ctx: Ctx, id: string): Promise<VisitaDomiciliar> {
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const [row] = await visitaQuery(tx).where(and(eq(vd.id, id), visitaInScope(scope)));
    if (!row) throw notFound();
    // Architecture: reading health data leaves an audit row (the reasons name conditions such as tuberculosis).
    await audit(tx, ctx, { action: 'leitura', resource: RESOURCE, record_id: id });
    return toVisita(leitorDe(ctx, scope))(row);
  });
}

export async function listVisitas(
  ctx: Ctx,
  f: VisitaDomiciliarFilters,
): Promise<{ rows: VisitaDomiciliar[]; total: number }> {
  const scope = scopeOf(ctx);
  const where = and(
    visitaInScope(scope),
    f.familia_id ? eq(vd.familia_id, f.familia_id) : undefined,
    f.municipe_id ? eq(vd.municipe_id, f.municipe_id) : undefined,
  );
  const page = await paginate(f, {
    count: () =>
      totalOf(
        ctx.db.select({ total: countAll() }).from(vd).leftJoin(familias, eq(familias.id, vd.familia_id)).where(where),
      ),
    rows: ({ limit, offset }) =>
      visitaQuery(ctx.db).where(where).orderBy(desc(vd.data_visita), desc(vd.id)).limit(limit).offset(offset),
  });
  return mapPage(page, toVisita(leitorDe(ctx, scope)));
}

// ---- create and cancel ------------------------------------------------------------------------------------------

/** A visit with this client id already stored: the same professional's retry, or someone else's (409). */
async function retried(tx: DbOrTx, ctx: Ctx, id: string): Promise<VisitaDomiciliar | null> {
  const [row] = await tx.select({ profissional_id: vd.profissional_id }).from(vd).where(eq(vd.id, id));
  if (!row) return null;
  if (row.profissional_id !== ctx.usuario?.profissionalId) throw conflict(msg.visitaIdEmUso);
  return unscopedLoadVisita(tx, id, leitorDe(ctx, scopeOf(ctx)));
}

export async function createVisita(
  ctx: Ctx,
  v: VisitaDomiciliarValues,
): Promise<{ visita: VisitaDomiciliar; created: boolean }> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const stored = await retried(tx, ctx, v.id);
    if (stored) return { visita: stored, created: false };

    // spec §5: the visit form is only for community health and endemic-control agents.
    const scope = scopeOf(ctx);
    const agente = agenteDe(scope);
    if (agente.ocupacoes.length === 0 || !u.unidadeId) throw forbidden(msg.visitaSomenteAgentes);

    // The family: the one named, or the member's active one.
    let familiaId = v.familia_id ?? null;
    if (!familiaId && v.municipe_id) {
      const [m] = await tx
        .select({ familia_id: familiaMembros.familia_id })
        .from(familiaMembros)
        .where(and(eq(familiaMembros.municipe_id, v.municipe_id), eq(familiaMembros.ativo, true)));
      familiaId = m?.familia_id ?? null;
    }
    const found = familiaId ? await findFamilia(tx, scope, familiaId) : null;
    if (familiaId && !found) throw notFound();
    // spec §4, §8: a family that moved away receives no visit.
    if (found?.f.mudou) throw forbidden(msg.familiaMudou);
    const d = found?.d ?? null;

    const errors = new FieldErrors();
    let sexo: number | null = null;
    if (v.municipe_id) {
      if (found) {
        const membro = await membroAtivo(tx, found.f.id, v.municipe_id);
        if (!membro) errors.add('municipe_id', msg.membroForaDaFamilia);
        sexo = membro?.sexo_id ?? null;
      } else {
        const [m] = await tx
          .select({ sexo_id: municipes.sexo_id })
          .from(municipes)
          .where(eq(municipes.id, v.municipe_id));
        if (!m) errors.add('municipe_id', msg.naoEValido);
        sexo = m?.sexo_id ?? null;
      }
    }
    if (v.unidade_saude_id && v.unidade_saude_id !== u.unidadeId) errors.add('unidade_saude_id', msg.naoEValido);
    // spec §5: the specialty is filled when exactly one of the user's is compatible.
    let ocupacao = v.ocupacao_id;
    if (!ocupacao) {
      if (agente.ocupacoes.length === 1) ocupacao = agente.ocupacoes[0];
      else errors.add('ocupacao_id', msg.obrigatorio);
    } else if (!agente.ocupacoes.includes(ocupacao)) {
      errors.add('ocupacao_id', msg.naoEValido);
    }

    // Defaults from the linked home, then the shared rules on what will be stored.
    const tipo_imovel_id = v.tipo_imovel_id ?? d?.tipo_imovel_id ?? TIPO_IMOVEL_DOMICILIO;
    const doDomicilio = !v.micro_area && !v.fora_area && d !== null;
    const fora_area = doDomicilio ? d.fora_area : v.fora_area;
    const micro_area = fora_area ? undefined : doDomicilio ? (d.st_micro_area ?? undefined) : v.micro_area;
    const numero_prontuario =
      v.numero_prontuario ??
      (v.municipe_id && !imovelSemMorador(tipo_imovel_id)
        ? ((await prontuarioDoMunicipe(tx, v.municipe_id, u.unidadeId)) ?? undefined)
        : undefined);
    const full = { ...v, tipo_imovel_id, fora_area, micro_area, numero_prontuario };
    for (const i of visitaDomiciliarIssues(full)) errors.add(i.path.join('.'), i.message);
    if (sexo === SEXO_MASCULINO && v.motivo_visita_ids.some((m) => MOTIVOS_SOMENTE_FEMININO.includes(m))) {
      errors.add('motivo_visita_ids', msg.motivoSomenteFeminino);
    }
    errors.throwIfAny();

    const data_visita = v.data_visita ? new Date(v.data_visita) : new Date();
    const lotacao = scope.lotacoes.find((l) => l.ocupacao_codigo === ocupacao && l.equipe_id !== null);
    const inserted = await tx
      .insert(vd)
      .values({
        id: v.id,
        familia_id: found?.f.id ?? null,
        domicilio_id: found?.f.domicilio_id ?? null,
        municipe_id: v.municipe_id ?? null,
        unidade_saude_id: u.unidadeId,
        profissional_id: u.profissionalId,
        equipe_id: lotacao?.equipe_id ?? found?.f.equipe_id ?? null,
        ocupacao_id: ocupacao!,
        data_visita,
        turno_atendimentos: v.turno_atendimentos ?? turnoDaHora(horaLocal(data_visita)),
        micro_area: micro_area ?? null,
        fora_area,
        tipo_imovel_id,
        numero_prontuario: numero_prontuario ?? null,
        visita_compartilhada: v.visita_compartilhada,
        motivo_visita_ids: v.motivo_visita_ids,
        desfecho_id: v.desfecho_id,
        altura: v.altura ?? null,
        peso: v.peso ?? null,
        temperatura: v.temperatura ?? null,
        glicemia: v.glicemia ?? null,
        momento_coleta_glicemia_id: v.momento_coleta_glicemia_id ?? null,
        pressao_sistolica: v.pressao_sistolica ?? null,
        pressao_diastolica: v.pressao_diastolica ?? null,
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
      details: { familia_id: found?.f.id ?? null, municipe_id: v.municipe_id ?? null },
    });
    return { visita: (await unscopedLoadVisita(tx, v.id, leitorDe(ctx, scope)))!, created: true };
  });
}

export async function cancelarVisita(ctx: Ctx, id: string, input: CancelarVisitaInput): Promise<VisitaDomiciliar> {
  const u = ctx.usuario!;
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(ctx);
    const [row] = await tx
      .select({ v: vd })
      .from(vd)
      .leftJoin(familias, eq(familias.id, vd.familia_id))
      .where(and(eq(vd.id, id), visitaInScope(scope)))
      .for('update', { of: vd });
    if (!row) throw notFound();
    // The visit is the agent's statement: only they (or a manager, whose scope is the whole unit) withdraw it.
    if (row.v.profissional_id !== u.profissionalId && !scope.all) throw forbidden();
    if (row.v.cancelada_em) throw conflict(msg.visitaJaCancelada);
    const justificativa = input.justificativa.trim();
    await tx
      .update(vd)
      .set({
        cancelada_em: new Date(),
        cancelada_por: u.profissionalId,
        justificativa_cancelamento: justificativa,
        ...nextVersion(vd, ctx),
      })
      .where(eq(vd.id, id));
    await audit(tx, ctx, { action: 'cancelar', resource: RESOURCE, record_id: id });
    return (await unscopedLoadVisita(tx, id, leitorDe(ctx, scope)))!;
  });
}
