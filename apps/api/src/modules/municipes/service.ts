import { msg } from '@saude/shared';
import {
  MOTIVO_SAIDA_OBITO,
  RACA_COR_INDIGENA,
  type Municipe,
  type MunicipeValues,
} from '@saude/shared/schemas/municipe';
import { eq } from 'drizzle-orm';
import { audit } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { municipeProntuarios, municipes } from '../../db/schema';
import { changedFields, nullify, uniqueViolation } from '../../db/sql';
import type { Dated } from '../../lib/answer';
import { conflict, FieldErrors, needsConfirmation, notFound, staleEdit } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { recordTrail } from '../../access/audit-trail';
import { autor, checkVersion, stamped, updateVersioned, type Versioned } from '../../lib/versioned';
import { rememberAddress } from '../enderecos';
import { fecharCorrigidas } from '../municipes_lgpd';
import { checkMudancaDeVinculo } from './cuidado';
import { checkMunicipe, findDuplicados, municipeReferences, prontuarioTemVisitas } from './rules';

import { loadMunicipe, RESOURCE } from './queries';

export { buscaAvancada, list, RESOURCE, show } from './queries';
export { lerBloco, permissaoCadastro, salvarBloco, type Bloco, type BlocoInput } from './blocos';
export { excluirBiometria, lerBiometrias, salvarBiometria } from './biometrias';

// Citizen registry (issue 5). The record (identification) is visible municipality-wide to whoever holds
// municipes:index/show — reception must find anyone and avoid duplicates — and every read of it is audited. The two
// health blocks are visible only to the citizen's carers: cuidado.ts is that rule (issue 14, docs/decisions.md).

const trail = recordTrail(RESOURCE);

// ---- create, update, delete --------------------------------------------------------------------------------

/** Answers that depend on others: no ethnicity unless indigenous, no parent's name when unknown, and so on. */
function toColumns(v: MunicipeValues) {
  const { prontuarios: _p, telefones, ...rest } = v;
  const obito = v.motivo_saida_cadastro_id === MOTIVO_SAIDA_OBITO || v.motivo_saida_cadastro_id === undefined;
  const cols = {
    ...rest,
    etnia_id: v.raca_cor_id === RACA_COR_INDIGENA ? v.etnia_id : undefined,
    nome_mae: v.mae_desconhecida ? undefined : v.nome_mae,
    nome_pai: v.pai_desconhecido ? undefined : v.nome_pai,
    micro_area: v.fora_area ? undefined : v.micro_area,
    data_obito: obito ? v.data_obito : undefined,
    numero_do: obito ? v.numero_do : undefined,
    telefone_residencial: telefones.residencial,
    telefone_celular: telefones.celular,
    telefone_contato: telefones.contato,
  };
  return nullify(cols) as unknown as Omit<
    typeof municipes.$inferInsert,
    'id' | 'lock_version' | 'created_at' | 'updated_at' | 'updated_by'
  >;
}

type Columns = ReturnType<typeof toColumns>;

/** The residence of the citizen's columns, to remember its CEP. */
const residencia = (c: Columns) => ({
  cep: c.residencia_cep,
  uf: c.residencia_uf,
  municipio_ibge: c.residencia_municipio_ibge,
  tipo_logradouro: c.residencia_tipo_logradouro,
  logradouro: c.residencia_logradouro,
  bairro: c.residencia_bairro,
});

/** Inserts, updates, inactivates and removes the record numbers so that they match the form. */
async function syncProntuarios(tx: DbOrTx, ctx: Ctx, municipeId: string, list: MunicipeValues['prontuarios']) {
  const existing = await tx.select().from(municipeProntuarios).where(eq(municipeProntuarios.municipe_id, municipeId));
  const errors = new FieldErrors();
  const keep = new Set(list.map((p) => p.id).filter(Boolean));
  for (const old of existing) {
    if (keep.has(old.id)) continue;
    if (await prontuarioTemVisitas(tx, municipeId, old.numero, old.unidade_saude_id))
      errors.add('prontuarios', msg.prontuarioComVisitas);
    else await tx.delete(municipeProntuarios).where(eq(municipeProntuarios.id, old.id));
  }
  for (const [i, p] of list.entries()) {
    const old = p.id ? existing.find((e) => e.id === p.id) : undefined;
    const inativar = p.inativacao_motivo_id !== undefined;
    const values = {
      numero: p.numero,
      unidade_saude_id: p.unidade_saude_id,
      inativacao_motivo_id: p.inativacao_motivo_id ?? null,
      inativacao_justificativa: inativar ? (p.inativacao_justificativa ?? null) : null,
    };
    if (!old) {
      await tx.insert(municipeProntuarios).values({
        id: newId(),
        municipe_id: municipeId,
        ...values,
        inativado_em: inativar ? new Date() : null,
        updated_by: autor(ctx),
      });
      continue;
    }
    if (
      inativar &&
      old.inativado_em === null &&
      (await prontuarioTemVisitas(tx, municipeId, old.numero, old.unidade_saude_id))
    ) {
      errors.add(`prontuarios.${i}.inativacao_motivo_id`, msg.prontuarioComVisitas);
      continue;
    }
    await tx
      .update(municipeProntuarios)
      .set({
        ...values,
        inativado_em: inativar ? (old.inativado_em ?? new Date()) : null,
        ...stamped(ctx),
      })
      .where(eq(municipeProntuarios.id, old.id));
  }
  errors.throwIfAny();
}

/** A unique index beat our check (two saves at once): answer what the check answers now, never a 500. */
async function retryAsFieldErrors<T>(
  ctx: Ctx,
  v: MunicipeValues,
  selfId: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!uniqueViolation(e)) throw e;
    (await checkMunicipe(ctx.db, ctx, v, selfId)).throwIfAny();
    throw staleEdit();
  }
}

export async function create(
  ctx: Ctx,
  input: MunicipeValues & { confirmar_duplicados: boolean },
): Promise<Dated<Municipe>> {
  const { confirmar_duplicados, ...v } = input;
  const result = await retryAsFieldErrors(ctx, v, null, () =>
    ctx.db.transaction(async (tx) => {
      (await checkMunicipe(tx, ctx, v, null)).throwIfAny();
      const cols = toColumns(v);
      if (!confirmar_duplicados) {
        const duplicados = await findDuplicados(tx, {
          nome: v.nome,
          data_nascimento: v.data_nascimento,
          nome_mae: cols.nome_mae ?? undefined,
        });
        if (duplicados.length > 0) {
          // Showing them is a read of their data (LGPD): its audit row commits, nothing else is written.
          await audit(tx, ctx, {
            action: 'index',
            resource: RESOURCE,
            municipe_ids: duplicados.map((d) => d.id),
            details: { busca: 'duplicados' },
          });
          return { duplicados };
        }
      }
      const id = newId();
      await tx.insert(municipes).values({ id, ...cols, updated_by: autor(ctx) });
      await syncProntuarios(tx, ctx, id, v.prontuarios);
      await rememberAddress(tx, residencia(cols));
      await trail(tx, ctx, 'create', id, {
        municipe_ids: [id],
        details: confirmar_duplicados ? { confirmou_duplicados: true } : undefined,
      });
      return { municipe: (await loadMunicipe(tx, id))! };
    }),
  );
  if ('duplicados' in result) throw needsConfirmation(msg.possiveisDuplicados, { duplicados: result.duplicados });
  return result.municipe;
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<MunicipeValues>) {
  return retryAsFieldErrors(ctx, v, id, () =>
    ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(municipes).where(eq(municipes.id, id));
      checkVersion(current, lock_version);
      const errors = await checkMunicipe(tx, ctx, v, id);
      await checkMudancaDeVinculo(tx, ctx, id, current, v, errors);
      errors.throwIfAny();
      const cols = toColumns(v);
      await updateVersioned(tx, ctx, municipes, { key: eq(municipes.id, id), lockVersion: lock_version }, cols);
      await syncProntuarios(tx, ctx, id, v.prontuarios);
      await rememberAddress(tx, residencia(cols));
      // The audit names what changed, never the values (health data stays out of the trail).
      const campos = changedFields(current, cols);
      await trail(tx, ctx, 'update', id, {
        municipe_ids: [id],
        details: { campos },
      });
      // A correction request on a field this edit changed is answered (issue 46).
      await fecharCorrigidas(tx, ctx, id, campos);
      return (await loadMunicipe(tx, id))!;
    }),
  );
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: municipes.id }).from(municipes).where(eq(municipes.id, id)).for('update');
    if (!current) throw notFound();
    for (const ref of municipeReferences) {
      if (await ref.existe(tx, id)) throw conflict(msg.municipeVinculado(ref.descricao));
    }
    await tx.delete(municipes).where(eq(municipes.id, id));
    await trail(tx, ctx, 'destroy', id, { municipe_ids: [id] });
  });
}
