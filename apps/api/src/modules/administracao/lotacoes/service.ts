import { msg } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { camposDe } from '@saude/shared/rotulos';
import {
  lotacaoFieldsSchema,
  type Lotacao,
  type LotacaoFilters,
  type LotacaoValues,
} from '@saude/shared/schemas/administracao_profissionais';
import { todayIso } from '@saude/shared/validation/dates';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, perfis, unidadesSaude } from '../../../db/schema';
import { otherThan } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { answeringUnique } from '../../../lib/unique';
import { isOcupacao } from '../../../lib/ocupacoes';
import type { PageResult } from '../../../lib/paginate';
import { autor, checkVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { alteracoes } from '../alteracoes';
import { findLotacao, findProfissional, lotacoesDe } from '../profissionais/queries';
import { encerrarSessoes } from '../profissionais/service';

export { opcoes } from '../profissionais/queries';

// A professional's assignments (issue 22): unit × occupation (CBO) × team × profile. Managers only
// (`administracao/lotacoes:*`). The audit row is written under the PROFESSIONAL's id (resource administracao/lotacoes,
// the assignment's id in details), so the professional's "Histórico de alterações" shows their assignments too.
// - The unit active; the team one of that unit; the micro-areas a subset of the team's; the profile existing; the CBO
//   in the CBO 2002 table; the end not before the start (shared rule).
// - The same professional × unit × CBO × team may be active once (checked under an advisory lock).
// - Ending sets fim to today and ativo false, and ends the professional's sessions in that unit at once.

export const RESOURCE = 'administracao/lotacoes';
const trail = recordTrail(RESOURCE);
const l = lotacoes;

/** Every field of the assignment's catalogue (rotulos.ts), and whether it is active. */
const CAMPOS = [...camposDe(lotacaoFieldsSchema), 'ativo' as const];

const colunas = (v: LotacaoValues) => ({
  unidade_saude_id: v.unidade_saude_id,
  ocupacao_codigo: v.ocupacao_codigo,
  equipe_id: v.equipe_id ?? null,
  perfil_id: v.perfil_id,
  micro_areas: v.micro_areas,
  inicio: v.inicio,
  fim: v.fim ?? null,
});
type Colunas = ReturnType<typeof colunas> & { ativo: boolean };

async function checar(tx: DbOrTx, profissionalId: string, v: LotacaoValues, selfId: string | null, ativa: boolean) {
  const errors = new FieldErrors();
  const [unidade] = await tx
    .select({ id: unidadesSaude.id })
    .from(unidadesSaude)
    .where(and(eq(unidadesSaude.id, v.unidade_saude_id), eq(unidadesSaude.ativo, true)));
  if (!unidade) errors.add('unidade_saude_id', msg.naoEValido);
  if (!isOcupacao(v.ocupacao_codigo)) errors.add('ocupacao_codigo', msg.naoEValido);
  const [perfil] = await tx.select({ id: perfis.id }).from(perfis).where(eq(perfis.id, v.perfil_id));
  if (!perfil) errors.add('perfil_id', msg.naoEValido);
  if (v.equipe_id) {
    const [equipe] = await tx
      .select({ micro_areas: equipes.micro_areas })
      .from(equipes)
      .where(and(eq(equipes.id, v.equipe_id), eq(equipes.unidade_saude_id, v.unidade_saude_id)));
    if (!equipe) errors.add('equipe_id', msg.naoEValido);
    else if (v.micro_areas.some((m) => !equipe.micro_areas.includes(m))) errors.add('micro_areas', msg.naoEValido);
  }
  errors.throwIfAny();
  if (!ativa) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('administracao:lotacoes'), hashtext(${profissionalId}))`);
  const [igual] = await tx
    .select({ id: l.id })
    .from(l)
    .where(
      and(
        eq(l.profissional_id, profissionalId),
        eq(l.unidade_saude_id, v.unidade_saude_id),
        eq(l.ocupacao_codigo, v.ocupacao_codigo),
        v.equipe_id ? eq(l.equipe_id, v.equipe_id) : isNull(l.equipe_id),
        eq(l.ativo, true),
        otherThan(l.id, selfId),
      ),
    )
    .limit(1);
  if (igual) new FieldErrors().add('unidade_saude_id', adminMsg.lotacaoDuplicada).throwIfAny();
}

const um = async (db: DbOrTx, id: string) => (await lotacoesDe(db, { id }))[0]!;

export async function list(ctx: Ctx, q: LotacaoFilters): Promise<PageResult<Lotacao>> {
  const todas = await lotacoesDe(ctx.db, { profissionalId: q.profissional_id });
  const inicio = (q.page - 1) * q.per_page;
  return { rows: todas.slice(inicio, inicio + q.per_page), total: todas.length };
}

export async function show(ctx: Ctx, id: string): Promise<Lotacao> {
  if (!(await findLotacao(ctx.db, id))) throw notFound();
  return um(ctx.db, id);
}

/** The active-assignment index has the last word (the CNES import, a race): answered as the check would. */
const UNICA = { lotacoes_ativa_key: { field: 'unidade_saude_id', message: adminMsg.lotacaoDuplicada } };

export async function create(ctx: Ctx, { profissional_id, ...v }: LotacaoValues & { profissional_id: string }) {
  return answeringUnique(UNICA, () =>
    ctx.db.transaction(async (tx) => {
      const prof = await findProfissional(tx, profissional_id, true);
      if (!prof) new FieldErrors().add('profissional_id', msg.naoEValido).throwIfAny();
      await checar(tx, profissional_id, v, null, true);
      const id = newId();
      const cols = colunas(v);
      await tx.insert(l).values({ id, profissional_id, ...cols, ativo: true, updated_by: autor(ctx) });
      await trail(tx, ctx, 'create', profissional_id, {
        details: { lotacao_id: id, alteracoes: alteracoes<Colunas>(null, { ...cols, ativo: true }, CAMPOS) },
      });
      return um(tx, id);
    }),
  );
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<LotacaoValues>) {
  return answeringUnique(UNICA, () =>
    ctx.db.transaction(async (tx) => {
      const atual = await findLotacao(tx, id, true);
      checkVersion(atual, lock_version);
      await checar(tx, atual.profissional_id, v, id, atual.ativo);
      const cols = colunas(v);
      await updateVersioned(tx, ctx, l, { key: eq(l.id, id), lockVersion: lock_version }, cols);
      // Moved to another unit: the sessions opened in the old one lose this assignment's permissions now.
      if (atual.unidade_saude_id !== cols.unidade_saude_id)
        await encerrarSessoes(tx, atual.profissional_id, atual.unidade_saude_id);
      await trail(tx, ctx, 'update', atual.profissional_id, {
        details: {
          lotacao_id: id,
          alteracoes: alteracoes<Colunas>(atual as Colunas, { ...cols, ativo: atual.ativo }, CAMPOS),
        },
      });
      return um(tx, id);
    }),
  );
}

/** Ends the assignment today; the professional's sessions in its unit end at once. */
export async function encerrar(ctx: Ctx, id: string): Promise<Lotacao> {
  return ctx.db.transaction(async (tx) => {
    const atual = await findLotacao(tx, id, true);
    if (!atual) throw notFound();
    if (!atual.ativo) throw conflict(adminMsg.lotacaoEncerrada);
    const hoje = todayIso();
    // A start in the future (planned, never begun): ended on it, so the end is never before the start.
    const fim = atual.inicio && atual.inicio > hoje ? atual.inicio : hoje;
    await updateVersioned(tx, ctx, l, { key: eq(l.id, id), lockVersion: atual.lock_version }, { fim, ativo: false });
    await encerrarSessoes(tx, atual.profissional_id, atual.unidade_saude_id);
    await trail(tx, ctx, 'encerrar', atual.profissional_id, {
      details: {
        lotacao_id: id,
        alteracoes: { fim: { antes: atual.fim, depois: fim }, ativo: { antes: true, depois: false } },
      },
    });
    return um(tx, id);
  });
}
