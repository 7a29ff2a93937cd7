import { msg } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { equipeFieldsSchema, type Equipe, type EquipeValues } from '@saude/shared/schemas/administracao_equipes';
import { camposDe } from '@saude/shared/rotulos';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes } from '../../../db/schema';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors } from '../../../lib/errors';
import type { Dated } from '../../../lib/answer';
import { createRecord, deactivate, updateRecord, type Versioned } from '../../../lib/versioned';
import { trilhaDeCadastro } from '../alteracoes';
import { findEquipe, ineEmUso, loadEquipe, lotacoesAtivas, RESOURCE, unidadeParaEquipe } from './queries';

export { list, show, unidades } from './queries';

// Teams (issue 22), managers only. The INE is unique (422 'já está em uso'); the unit must be active. A team's
// micro-areas bound its agents' (lotacoes.micro_areas): removing one that an active assignment still has is refused,
// naming it (422), rather than pruned — pruning would silently change which families an agent sees
// (docs/decisions.md). A team is never deleted: DELETE deactivates it, refused (409) while it has active assignments;
// for the same reason its unit is not changed under them. Every write leaves an audit row with the before → after.

const trail = recordTrail(RESOURCE);
const e_ = equipes;

/** Every field of the team's catalogue (rotulos.ts): a new field is audited without another edit. */
export const CAMPOS_AUDITADOS = camposDe(equipeFieldsSchema);
const trilha = trilhaDeCadastro(trail, CAMPOS_AUDITADOS);

const colunas = (v: EquipeValues) => ({
  ine: v.ine,
  nome: v.nome,
  tipo: v.tipo,
  unidade_saude_id: v.unidade_saude_id,
  micro_areas: v.micro_areas,
  ativo: v.ativo,
});

type Atual = NonNullable<Awaited<ReturnType<typeof findEquipe>>>;

async function checar(db: DbOrTx, v: EquipeValues, atual: Atual | null) {
  const errors = new FieldErrors();
  if (await ineEmUso(db, v.ine, atual?.id ?? null)) errors.add('ine', msg.jaEmUso);
  const unidade = await unidadeParaEquipe(db, v.unidade_saude_id);
  const trocaUnidade = atual !== null && atual.unidade_saude_id !== v.unidade_saude_id;
  if (!unidade) errors.add('unidade_saude_id', msg.naoEValido);
  else if (!unidade.ativo && (v.ativo || atual === null || trocaUnidade))
    errors.add('unidade_saude_id', adminMsg.unidadeInativa);
  if (atual) {
    const ativas = await lotacoesAtivas(db, atual.id);
    if (trocaUnidade && ativas.length > 0) errors.add('unidade_saude_id', adminMsg.equipeMudaUnidadeComLotacoes);
    const retiradas = new Set(atual.micro_areas.filter((m) => !v.micro_areas.includes(m)));
    const emUso = [...new Set(ativas.flatMap((l) => l.micro_areas).filter((m) => retiradas.has(m)))].sort();
    if (emUso.length > 0) errors.add('micro_areas', adminMsg.microAreaEmUso(emUso));
  }
  errors.throwIfAny();
}

/** 409 naming the active assignments still in the team. */
async function checarDesativacao(db: DbOrTx, id: string) {
  const n = (await lotacoesAtivas(db, id)).length;
  if (n > 0) throw conflict(adminMsg.equipeComLotacoes(n));
}

/** The unique index of a team, by the field it is about. */
const UNICOS = { equipes_ine_key: 'ine' };

export async function create(ctx: Ctx, v: EquipeValues): Promise<Dated<Equipe>> {
  const cols = colunas(v);
  return createRecord(ctx, e_, {
    check: (tx) => checar(tx, v, null),
    values: cols,
    audit: (tx, id) => trilha.criado(tx, ctx, id, cols),
    load: loadEquipe,
    unique: UNICOS,
  });
}

export async function update(
  ctx: Ctx,
  id: string,
  { lock_version, ...v }: Versioned<EquipeValues>,
): Promise<Dated<Equipe>> {
  const cols = colunas(v);
  return updateRecord(ctx, e_, id, lock_version, {
    find: findEquipe,
    check: async (tx, atual) => {
      await checar(tx, v, atual);
      if (atual.ativo && !v.ativo) await checarDesativacao(tx, id);
    },
    set: cols,
    audit: (tx, atual) => trilha.alterado(tx, ctx, id, atual, cols),
    load: loadEquipe,
    unique: UNICOS,
  });
}

/** DELETE: deactivates (soft); an inactive team answers 204 again without a new audit row. */
export const destroy = (ctx: Ctx, id: string): Promise<void> =>
  deactivate(ctx, e_, id, findEquipe, {
    check: (tx) => checarDesativacao(tx, id),
    audit: (tx) => trilha.desativado(tx, ctx, id),
  });
