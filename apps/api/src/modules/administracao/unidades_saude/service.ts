import { msg } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import {
  unidadeSaudeFieldsSchema,
  type UnidadeSaude,
  type UnidadeSaudeValues,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { camposDe } from '@saude/shared/rotulos';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { unidadesSaude } from '../../../db/schema';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors } from '../../../lib/errors';
import type { Dated } from '../../../lib/answer';
import { createRecord, deactivate, updateRecord, type Versioned } from '../../../lib/versioned';
import { trilhaDeCadastro } from '../alteracoes';
import { cnesEmUso, findUnidade, loadUnidade, RESOURCE, tipoExiste, vinculosAtivos } from './queries';

export { list, show, tipos } from './queries';

// Health units (issue 22), managers only. The CNES is unique (422 'já está em uso', also when two saves race: the
// unique index has the last word). A unit is never deleted (teams, assignments, records and the audit name it):
// DELETE deactivates it, and so does saving it inactive — refused (409, saying what to do) while it has an active team
// or an active assignment, since a deactivated unit with staff in it would leave them signed in to a unit the
// product no longer offers (docs/decisions.md). Every write leaves an audit row with the before → after.

const trail = recordTrail(RESOURCE);
const u_ = unidadesSaude;

/** Every field of the unit's catalogue (rotulos.ts): a new field is audited without another edit. */
export const CAMPOS_AUDITADOS = camposDe(unidadeSaudeFieldsSchema);
const trilha = trilhaDeCadastro(trail, CAMPOS_AUDITADOS);

const colunas = (v: UnidadeSaudeValues) => ({
  cnes: v.cnes,
  nome: v.nome,
  tipo_unidade_id: v.tipo_unidade_id,
  cep: v.cep ?? null,
  logradouro: v.logradouro ?? null,
  numero: v.numero ?? null,
  complemento: v.complemento ?? null,
  bairro: v.bairro ?? null,
  telefones: v.telefones,
  ativo: v.ativo,
});

async function checar(db: DbOrTx, v: UnidadeSaudeValues, selfId: string | null) {
  const errors = new FieldErrors();
  if (await cnesEmUso(db, v.cnes, selfId)) errors.add('cnes', msg.jaEmUso);
  if (!(await tipoExiste(db, v.tipo_unidade_id))) errors.add('tipo_unidade_id', msg.naoEValido);
  errors.throwIfAny();
}

/** 409 naming what is still active in the unit, when there is anything. */
async function checarDesativacao(db: DbOrTx, id: string) {
  const v = await vinculosAtivos(db, id);
  if (v.equipes > 0 || v.lotacoes > 0) throw conflict(adminMsg.unidadeComVinculos(v.equipes, v.lotacoes));
}

/** The unique index of a unit, by the field it is about. */
const UNICOS = { unidades_saude_cnes_key: 'cnes' };

export async function create(ctx: Ctx, v: UnidadeSaudeValues): Promise<Dated<UnidadeSaude>> {
  const cols = colunas(v);
  return createRecord(ctx, u_, {
    check: (tx) => checar(tx, v, null),
    values: cols,
    audit: (tx, id) => trilha.criado(tx, ctx, id, cols),
    load: loadUnidade,
    unique: UNICOS,
  });
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<UnidadeSaudeValues>) {
  const cols = colunas(v);
  return updateRecord(ctx, u_, id, lock_version, {
    find: findUnidade,
    check: async (tx, atual) => {
      await checar(tx, v, id);
      if (atual.ativo && !v.ativo) await checarDesativacao(tx, id);
    },
    set: cols,
    audit: (tx, atual) => trilha.alterado(tx, ctx, id, atual, cols),
    load: loadUnidade,
    unique: UNICOS,
  });
}

/** DELETE: deactivates (soft); an inactive unit answers 204 again without a new audit row. */
export const destroy = (ctx: Ctx, id: string): Promise<void> =>
  deactivate(ctx, u_, id, findUnidade, {
    check: (tx) => checarDesativacao(tx, id),
    audit: (tx) => trilha.desativado(tx, ctx, id),
  });
