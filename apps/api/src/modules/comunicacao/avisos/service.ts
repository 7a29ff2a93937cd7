import { msg } from '@saude/shared';
import {
  respostaIssues,
  type Aviso,
  type AvisoValues,
  type AvisoVisualizacao,
  type AvisoVisualizacaoInput,
} from '@saude/shared/schemas/aviso';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { avisos, avisoVisualizacoes, perfis, profissionais, tiposUnidade, unidadesSaude } from '../../../db/schema';
import { changedFields } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { FieldErrors, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { isUuid } from '../../../lib/routes';
import { autor, checkVersion, updateVersioned, type Versioned } from '../../../lib/versioned';
import { contarAlcance, emVigorParaUsuario, findAviso, RESOURCE, unscopedLoad, visualizacoesDe } from './queries';
import type { Dated } from '../../../lib/answer';

export { alcance, list, naoVisualizados, opcoes, opcoesProfissionais, show } from './queries';

// Writing staff notices (issue 19). Managers write (`:create`, `:update`, `:destroy`); every write and every
// confirmation leaves an audit row in its transaction, naming fields, never a reply's text.
// - Each target id must exist (422 'não é válido' on its list); the responsável is an active professional (the one
//   stored stays valid when an edit keeps it); the targeting must reach at least one professional (422 on `alvos`).
// - Delete is soft (situacao 'excluido'); a deleted notice is never edited or deleted again (404).
// - A confirmation is once per professional: a repeat (or a race) answers the first one.

const trail = recordTrail(RESOURCE);
const a = avisos;

type Tabela = typeof tiposUnidade | typeof unidadesSaude | typeof perfis | typeof profissionais;

/** Adds 'não é válido' on `campo` when some id of the list has no row. */
async function checarIds(db: DbOrTx, errors: FieldErrors, campo: string, table: Tabela, ids: string[]) {
  if (ids.length === 0) return;
  const achados = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (achados.length !== ids.length) errors.add(campo, msg.naoEValido);
}

/** The rules needing the database; answers the responsável's id. */
async function checar(tx: DbOrTx, ctx: Ctx, values: AvisoValues, guardado: string | null): Promise<string> {
  const errors = new FieldErrors();
  await checarIds(tx, errors, 'tipo_unidade_ids', tiposUnidade, values.tipo_unidade_ids);
  await checarIds(tx, errors, 'unidade_ids', unidadesSaude, values.unidade_ids);
  await checarIds(tx, errors, 'perfil_ids', perfis, values.perfil_ids);
  await checarIds(tx, errors, 'profissional_ids', profissionais, values.profissional_ids);
  const responsavelId = values.responsavel_id ?? guardado ?? ctx.usuario!.profissionalId;
  if (responsavelId !== guardado) {
    const [r] = await tx
      .select({ id: profissionais.id })
      .from(profissionais)
      .where(and(eq(profissionais.id, responsavelId), eq(profissionais.ativo, true)));
    if (!r) errors.add('responsavel_id', msg.naoEValido);
  }
  // The reach is only meaningful over ids that exist.
  if (!errors.has() && (await contarAlcance(tx, values)) === 0) errors.add('alvos', msg.avisoSemProfissionais);
  errors.throwIfAny();
  return responsavelId;
}

const colunas = (values: AvisoValues, responsavelId: string) => ({
  titulo: values.titulo,
  mensagem: values.mensagem,
  data_inicial: values.data_inicial,
  data_final: values.data_final,
  horario: values.horario ?? null,
  tipo_unidade_ids: values.tipo_unidade_ids,
  unidade_ids: values.unidade_ids,
  perfil_ids: values.perfil_ids,
  profissional_ids: values.profissional_ids,
  checar_resposta: values.checar_resposta,
  responsavel_id: responsavelId,
  situacao: values.situacao,
});

export async function create(ctx: Ctx, values: AvisoValues): Promise<Dated<Aviso>> {
  return ctx.db.transaction(async (tx) => {
    const responsavelId = await checar(tx, ctx, values, null);
    const id = newId();
    const who = autor(ctx);
    await tx.insert(a).values({ id, ...colunas(values, responsavelId), created_by: who, updated_by: who });
    await trail(tx, ctx, 'create', id);
    return (await unscopedLoad(tx, id))!;
  });
}

export async function update(ctx: Ctx, id: string, { lock_version, ...values }: Versioned<AvisoValues>) {
  return ctx.db.transaction(async (tx) => {
    const atual = await findAviso(tx, id, true);
    if (!atual || atual.situacao === 'excluido') throw notFound();
    checkVersion(atual, lock_version);
    const responsavelId = await checar(tx, ctx, values, atual.responsavel_id);
    const cols = colunas(values, responsavelId);
    await updateVersioned(tx, ctx, a, { key: eq(a.id, id), lockVersion: lock_version }, cols);
    await trail(tx, ctx, 'update', id, { details: { campos: changedFields(atual, cols) } });
    return (await unscopedLoad(tx, id))!;
  });
}

/** Soft delete: the notice leaves every list and pop-up; managers can still read it and its confirmations. */
export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const atual = await findAviso(tx, id, true);
    if (!atual || atual.situacao === 'excluido') throw notFound();
    await updateVersioned(tx, ctx, a, { key: eq(a.id, id), lockVersion: atual.lock_version }, { situacao: 'excluido' });
    await trail(tx, ctx, 'destroy', id);
  });
}

/**
 * POST /:id/aviso_visualizacoes: the user confirms a notice they get in the current unit (else 404), replying when it
 * asks. `criada` false: they had confirmed it already, and the first confirmation is the answer.
 */
export async function confirmar(
  ctx: Ctx,
  id: string,
  body: { resposta?: string | undefined } & Omit<AvisoVisualizacaoInput, 'resposta'>,
): Promise<{ criada: boolean; visualizacao: Dated<AvisoVisualizacao> }> {
  const u = ctx.usuario!;
  if (!isUuid(id) || !u.unidadeId) throw notFound();
  const unidadeId = u.unidadeId;
  return ctx.db.transaction(async (tx) => {
    const [aviso] = await emVigorParaUsuario(tx, u.profissionalId, unidadeId, {
      avisoId: id,
      incluirConfirmados: true,
    });
    if (!aviso) throw notFound();
    const anterior = async () => (await visualizacoesDe(tx, id, u.profissionalId))[0];
    const existente = await anterior();
    if (existente) return { criada: false, visualizacao: existente };
    const errors = new FieldErrors();
    for (const i of respostaIssues(aviso.checar_resposta, body.resposta)) errors.add(String(i.path[0]), i.message);
    errors.throwIfAny();
    const resposta = body.resposta?.trim() || null;
    // Two racing confirmations: the unique index keeps the first; the second reads it.
    const [nova] = await tx
      .insert(avisoVisualizacoes)
      .values({ id: newId(), aviso_id: id, profissional_id: u.profissionalId, unidade_saude_id: unidadeId, resposta })
      .onConflictDoNothing({ target: [avisoVisualizacoes.aviso_id, avisoVisualizacoes.profissional_id] })
      .returning({ id: avisoVisualizacoes.id });
    if (!nova) return { criada: false, visualizacao: (await anterior())! };
    await trail(tx, ctx, 'visualizar', id, { details: { resposta: resposta !== null } });
    return { criada: true, visualizacao: (await anterior())! };
  });
}
