import { msg } from '@saude/shared';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import type { Perfil, PerfilValues } from '@saude/shared/schemas/administracao_perfil';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { perfilPermissoes, perfis } from '../../../db/schema';
import { otherThan } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { AppError, conflict, FieldErrors, notFound } from '../../../lib/errors';
import { answeringUnique } from '../../../lib/unique';
import { newId } from '../../../lib/ids';
import { checkVersion, stamped, updateVersioned, type Versioned } from '../../../lib/versioned';
import { alteracoes } from '../alteracoes';
import { findPerfil, lotacoesDo, paraApi, permissoesDo, RESOURCE } from './queries';

export { list, show } from './queries';

// Profiles (issue 22). Built-in profiles (`sistema`) are rewritten from the code's catalogue at every start
// (seed/base.ts), so an edit would silently come back: they are refused (403) with a message saying why. A custom
// profile's permissions are rows of perfil_permissoes, which sessions.ts reads on every request: a change reaches its
// users at their next request, with no sign-out. Every write leaves its before → after in the audit, in its
// transaction.

const trail = recordTrail(RESOURCE);
const CAMPOS = ['codigo', 'nome', 'permissoes'] as const;

const somenteLeitura = () => new AppError(403, adminMsg.perfilSistemaSomenteLeitura);

async function checarCodigo(tx: DbOrTx, codigo: string, selfId: string | null) {
  const [outro] = await tx
    .select({ id: perfis.id })
    .from(perfis)
    .where(and(eq(perfis.codigo, codigo), otherThan(perfis.id, selfId)));
  if (!outro) return;
  const errors = new FieldErrors();
  errors.add('codigo', msg.jaEmUso);
  errors.throwIfAny();
}

async function gravarPermissoes(tx: DbOrTx, id: string, permissoes: readonly string[]) {
  await tx.delete(perfilPermissoes).where(eq(perfilPermissoes.perfil_id, id));
  if (permissoes.length > 0)
    await tx.insert(perfilPermissoes).values(permissoes.map((permission) => ({ perfil_id: id, permission })));
}

export async function create(ctx: Ctx, v: PerfilValues): Promise<Perfil> {
  return answeringUnique({ codigo: 'codigo' }, () =>
    ctx.db.transaction(async (tx) => {
      await checarCodigo(tx, v.codigo, null);
      const id = newId();
      await tx.insert(perfis).values({ id, codigo: v.codigo, nome: v.nome, sistema: false, ...stamped(ctx) });
      await gravarPermissoes(tx, id, v.permissoes);
      await trail(tx, ctx, 'create', id, { details: { alteracoes: alteracoes(null, v, CAMPOS) } });
      return paraApi(tx, (await findPerfil(tx, id))!);
    }),
  );
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<PerfilValues>): Promise<Perfil> {
  return answeringUnique({ codigo: 'codigo' }, () =>
    ctx.db.transaction(async (tx) => {
      const atual = await findPerfil(tx, id, true);
      if (!atual) throw notFound();
      if (atual.sistema) throw somenteLeitura();
      checkVersion(atual, lock_version);
      await checarCodigo(tx, v.codigo, id);
      const antes = { codigo: atual.codigo, nome: atual.nome, permissoes: await permissoesDo(tx, id) };
      const row = await updateVersioned(
        tx,
        ctx,
        perfis,
        { key: eq(perfis.id, id), lockVersion: lock_version },
        { codigo: v.codigo, nome: v.nome },
      );
      await gravarPermissoes(tx, id, v.permissoes);
      await trail(tx, ctx, 'update', id, { details: { alteracoes: alteracoes(antes, v, CAMPOS) } });
      return paraApi(tx, row);
    }),
  );
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const atual = await findPerfil(tx, id, true);
    if (!atual) throw notFound();
    if (atual.sistema) throw somenteLeitura();
    const usos = await lotacoesDo(tx, id);
    if (usos > 0) throw conflict(adminMsg.perfilEmUso(usos));
    const antes = { codigo: atual.codigo, nome: atual.nome, permissoes: await permissoesDo(tx, id) };
    await tx.delete(perfis).where(eq(perfis.id, id));
    await trail(tx, ctx, 'destroy', id, {
      details: {
        alteracoes: alteracoes<Record<string, unknown>>(antes, { codigo: null, nome: null, permissoes: null }, CAMPOS),
      },
    });
  });
}
