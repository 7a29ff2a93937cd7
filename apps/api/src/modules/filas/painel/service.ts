import { randomBytes, timingSafeEqual } from 'node:crypto';
import { msg } from '@saude/shared';
import {
  PAINEL_ULTIMAS,
  type ChamadaPainel,
  type PainelChaveGerada,
  type PainelSnapshot,
} from '@saude/shared/schemas/painel';
import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import { audit } from '../../../access/audit';
import { hashToken } from '../../../auth/sessions';
import { queryRows, type DbOrTx } from '../../../db/client';
import { paineisChaves, unidadesSaude } from '../../../db/schema';
import { isoFrom } from '../../../db/sql';
import { AppError } from '../../../lib/errors';
import { isUuid } from '../../../lib/routes';
import { unidadeComFilas } from '../comum';
import { notificarNovaChave } from './eventos';

// The calling panel (issue 17): a public page for the waiting room's TV, opened with the unit's panel key instead of a
// staff session. Only the key's SHA-256 is stored; the key itself is shown once, when it is generated.

const iguais = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The unit the key opens: 401 without a key, 403 with a wrong one — an unknown unit, one without a key or without
 * queue management answer the same, so the key is the only thing a stranger can probe.
 */
export async function autorizarPainel(db: DbOrTx, unidadeId: string, chave: string | undefined): Promise<string> {
  if (!chave) throw new AppError(401, msg.painelChaveAusente);
  if (!isUuid(unidadeId)) throw new AppError(403, msg.painelChaveInvalida);
  const [row] = await db
    .select({ hash: paineisChaves.chave_hash, nome: unidadesSaude.nome })
    .from(paineisChaves)
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, paineisChaves.unidade_saude_id))
    .where(and(eq(paineisChaves.unidade_saude_id, unidadeId), eq(unidadesSaude.gerenciamento_filas, true)));
  // Hash the offered key even without a row: the answer takes as long either way.
  const offered = hashToken(chave);
  if (!row || !iguais(offered, row.hash)) throw new AppError(403, msg.painelChaveInvalida);
  return row.nome;
}

type ChamadaRow = {
  senha_id: string;
  codigo: string;
  categoria_nome: string;
  categoria_cor: string;
  fila: string;
  local: string;
  chamada_em: Date | string;
  rechamada: boolean;
};

/** Today's calls of the unit (São Paulo day), the latest of each ticket, newest first: the current one and five more. */
export async function snapshot(db: DbOrTx, unidadeId: string, unidadeNome: string): Promise<PainelSnapshot> {
  const rows = await queryRows<ChamadaRow>(
    db,
    sql`select * from (
      select distinct on (e.senha_id) e.senha_id, s.codigo, c.nome as categoria_nome, c.cor as categoria_cor,
        f.nome as fila, l.nome as local, e.created_at as chamada_em, e.tipo = 'rechamada' as rechamada
      from senhas s
      join senha_eventos e on e.senha_id = s.id and e.tipo in ('chamada', 'rechamada')
      join categorias c on c.id = s.categoria_id
      join filas f on f.id = e.fila_id
      join fila_locais l on l.id = e.local_id
      where s.unidade_saude_id = ${unidadeId}
        and s.data = (now() at time zone 'America/Sao_Paulo')::date
      order by e.senha_id, e.created_at desc
    ) x order by chamada_em desc limit ${PAINEL_ULTIMAS + 1}`,
  );
  const chamadas: ChamadaPainel[] = rows.map((r) => ({
    unidade_saude_id: unidadeId,
    senha_id: r.senha_id,
    codigo: r.codigo,
    categoria: { nome: r.categoria_nome, cor: r.categoria_cor },
    fila: r.fila,
    local: r.local,
    chamada_em: isoFrom(r.chamada_em)!,
    rechamada: r.rechamada,
  }));
  return { unidade: { id: unidadeId, nome: unidadeNome }, atual: chamadas[0] ?? null, ultimas: chamadas.slice(1) };
}

/** The panel's address on the TV (the key travels in the query string, which the log never keeps). */
export const urlDoPainel = (publicUrl: string, unidadeId: string, chave: string) =>
  `${publicUrl}/filas/painel/${unidadeId}?chave=${encodeURIComponent(chave)}`;

/**
 * A new key for the current unit's panel, replacing the old one: at commit the streams open with the old key end in
 * every API process, and it opens nothing more. Answered once; only its hash stays.
 */
export async function gerarChave(ctx: Ctx, publicUrl: string): Promise<PainelChaveGerada> {
  const unidadeId = await unidadeComFilas(ctx);
  const chave = randomBytes(24).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(paineisChaves)
      .values({ unidade_saude_id: unidadeId, chave_hash: hashToken(chave) })
      .onConflictDoUpdate({
        target: paineisChaves.unidade_saude_id,
        set: { chave_hash: hashToken(chave), updated_at: sql`now()` },
      });
    await audit(tx, ctx, {
      action: 'painel_chave',
      resource: 'filas/parametrizacoes',
      record_id: unidadeId,
      details: { painel: 'nova chave' },
    });
    await notificarNovaChave(tx, unidadeId);
  });
  return { chave, url: urlDoPainel(publicUrl, unidadeId, chave) };
}
