import { msg, todayIso, type Permission } from '@saude/shared';
import {
  acoesCadastro,
  condicaoSaudeFieldsSchema,
  IDADE_MAXIMA_RESPONSAVEL_CRIANCA,
  idadeEmAnos,
  SEXO_MASCULINO,
  normalizarCondicaoSaude,
  normalizarSociodemografica,
  sociodemograficaFieldsSchema,
  type AcaoCadastro,
  type CondicaoSaude,
  type CondicaoSaudeValues,
  type PermissaoCadastro,
  type Sociodemografica,
  type SociodemograficaValues,
} from '@saude/shared/schemas/municipe';
import { eq } from 'drizzle-orm';
import { audit, auditedRead } from '../../access/audit';
import { can, type Ctx } from '../../access/context';
import { municipeCondicoesSaude, municipeSociodemograficas } from '../../db/schema';
import { changedFields, iso } from '../../db/sql';
import { FieldErrors, forbidden, notFound, staleEdit } from '../../lib/errors';
import { isOcupacao } from '../../lib/ocupacoes';
import { autor, checkVersion, updateVersioned } from '../../lib/versioned';
import { blocoResource, blocosEmCuidado, municipeEmCuidado, type Bloco } from './cuidado';

// ---- per-citizen access and the two blocks (spec §3, §6), scoped by cuidado.ts ---------------------------

export type { Bloco };

/**
 * What this user may do with the citizen's two blocks: the profile's actions, and none for a citizen outside the
 * user's care (the screen then hides those tabs; the blocks themselves answer 404).
 */
export async function permissaoCadastro(ctx: Ctx, id: string): Promise<PermissaoCadastro> {
  const cuidado = await blocosEmCuidado(ctx.db, ctx, id);
  if (!cuidado) throw notFound();
  const list = (bloco: Bloco): AcaoCadastro[] =>
    cuidado[bloco]
      ? acoesCadastro.filter(
          (a) => ctx.usuario !== null && can(ctx.usuario, `${blocoResource[bloco]}:${a}` as Permission),
        )
      : [];
  return { sociodemograficas: list('sociodemograficas'), condicoes_saude: list('condicoes_saude') };
}

// Both blocks share one table shape (municipe_id, dados, lock_version, timestamps).
const blocoTable: Record<Bloco, typeof municipeSociodemograficas> = {
  sociodemograficas: municipeSociodemograficas,
  condicoes_saude: municipeCondicoesSaude as unknown as typeof municipeSociodemograficas,
};
const blocoFields = { sociodemograficas: sociodemograficaFieldsSchema, condicoes_saude: condicaoSaudeFieldsSchema };

type BlocoValues = { sociodemograficas: SociodemograficaValues; condicoes_saude: CondicaoSaudeValues };
/** What a block's form sends: its answers and the lock_version it read (null before the first save). */
export type BlocoInput<B extends Bloco> = BlocoValues[B] & { lock_version?: number | null };
type BlocoOut = { sociodemograficas: Sociodemografica; condicoes_saude: CondicaoSaude };

/** The stored answers with every question present: false, [] or null when unanswered. */
function blocoOut<B extends Bloco>(
  bloco: B,
  municipeId: string,
  row: { dados: unknown; lock_version: number; updated_at: Date } | null,
): BlocoOut[B] {
  const defaults = blocoFields[bloco].parse({}) as Record<string, unknown>;
  const dados = { ...defaults, ...((row?.dados ?? {}) as Record<string, unknown>) };
  const out: Record<string, unknown> = {
    municipe_id: municipeId,
    lock_version: row?.lock_version ?? null,
    updated_at: iso(row?.updated_at ?? null),
  };
  for (const k of Object.keys(blocoFields[bloco].shape)) out[k] = dados[k] ?? null;
  return out as BlocoOut[B];
}

/** A block of a citizen in the user's care (404 otherwise, as absent), audited. */
export function lerBloco<B extends Bloco>(ctx: Ctx, bloco: B, municipeId: string): Promise<BlocoOut[B]> {
  return auditedRead(
    ctx,
    async (tx) => {
      if (!(await municipeEmCuidado(tx, ctx, bloco, municipeId))) throw notFound();
      const table: typeof municipeSociodemograficas = blocoTable[bloco];
      const [row] = await tx.select().from(table).where(eq(table.municipe_id, municipeId));
      return blocoOut(bloco, municipeId, row ?? null);
    },
    () => ({
      resource: blocoResource[bloco],
      action: 'show',
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { partes: [bloco] },
    }),
  );
}

/** Checks of a block that need the citizen or the database. */
function checkBloco(
  bloco: Bloco,
  values: Record<string, unknown>,
  municipe: { data_nascimento: string; data_obito: string | null; sexo_id: number },
): FieldErrors {
  const errors = new FieldErrors();
  if (bloco === 'sociodemograficas') {
    const s = values as SociodemograficaValues;
    if (s.ocupacao_id && !isOcupacao(s.ocupacao_id)) errors.add('ocupacao_id', msg.naoEValido);
    const idade = idadeEmAnos(municipe.data_nascimento, municipe.data_obito ?? todayIso());
    if (s.responsaveis_criancas.length > 0 && (idade === null || idade > IDADE_MAXIMA_RESPONSAVEL_CRIANCA)) {
      errors.add('responsaveis_criancas', msg.somenteCriancas);
    }
  } else if ((values as CondicaoSaudeValues).gestante === true && municipe.sexo_id === SEXO_MASCULINO) {
    // Issue 12: the question is not asked of a male citizen, so "yes" cannot be stored for one.
    errors.add('gestante', msg.gestanteSexoMasculino);
  }
  return errors;
}

/**
 * Saves a block. `mode` 'create' is POST (the block must not exist yet); 'upsert' is PUT, which updates with the
 * lock_version read, or creates when the block does not exist yet and lock_version is null — then the profile needs
 * the block's create permission too.
 */
export async function salvarBloco<B extends Bloco>(
  ctx: Ctx,
  bloco: B,
  municipeId: string,
  input: BlocoInput<B>,
  mode: 'create' | 'upsert',
): Promise<BlocoOut[B]> {
  const { lock_version, ...raw } = input;
  const values = (
    bloco === 'sociodemograficas'
      ? normalizarSociodemografica(raw as unknown as SociodemograficaValues)
      : normalizarCondicaoSaude(raw as unknown as CondicaoSaudeValues)
  ) as Record<string, unknown>;
  return ctx.db.transaction(async (tx) => {
    const municipe = await municipeEmCuidado(tx, ctx, bloco, municipeId);
    if (!municipe) throw notFound();
    const table: typeof municipeSociodemograficas = blocoTable[bloco];
    const [current] = await tx.select().from(table).where(eq(table.municipe_id, municipeId)).for('update');
    if (current && mode === 'create') throw staleEdit();
    if (current) checkVersion(current, lock_version);
    else if (lock_version != null) throw staleEdit();
    else if (mode === 'upsert' && !(ctx.usuario && can(ctx.usuario, `${blocoResource[bloco]}:create` as Permission)))
      throw forbidden();
    checkBloco(bloco, values, municipe).throwIfAny();
    const dados = JSON.parse(JSON.stringify(values)) as SociodemograficaValues; // drops undefined keys
    let row;
    if (!current) {
      // Two first saves at once: the primary key lets one in; the other did not see it, as with a stale lock_version.
      [row] = await tx
        .insert(table)
        .values({ municipe_id: municipeId, dados, updated_by: autor(ctx) })
        .onConflictDoNothing({ target: table.municipe_id })
        .returning();
      if (!row) throw staleEdit();
    } else {
      row = await updateVersioned(
        tx,
        ctx,
        table,
        { key: eq(table.municipe_id, municipeId), lockVersion: current.lock_version },
        { dados },
      );
    }
    const before = (current?.dados ?? {}) as Record<string, unknown>;
    const campos = changedFields(before, values, Object.keys(blocoFields[bloco].shape));
    await audit(tx, ctx, {
      action: current ? 'update' : 'create',
      resource: blocoResource[bloco],
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { campos },
    });
    return blocoOut(bloco, municipeId, row!);
  });
}
