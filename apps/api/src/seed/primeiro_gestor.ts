import { asc, eq, sql } from 'drizzle-orm';
import { senhaProvisoria } from '../auth/password-policy';
import { hashSenha } from '../auth/service';
import { newId } from '../lib/ids';
import type { Db, Tx } from '../db/client';
import { lotacoes, perfis, profissionais, tiposUnidade, unidadesSaude } from '../db/schema';
import { perfilNomes } from './base';

export const PRIMEIRO_GESTOR_LOGIN = 'gestor';
export const SECRETARIA_NOME = 'Secretaria Municipal de Saúde';
// CNES is required; the secretariat's own number is not known yet, the manager corrects it (README).
const SECRETARIA_CNES = '0000000';
// GERENTE DE SERVIÇOS DE SAÚDE (CBO), as the demo's manager.
const CBO_GESTOR = '131210';

/**
 * Taken by whoever creates the first professionals (this manager, or the demo), until its transaction ends: of several
 * processes starting together on an empty database (issue 42), one creates them and the others then find them.
 */
export async function travarPrimeirosProfissionais(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saude-municipal:primeiro-gestor'))`);
}

/**
 * Without the demo, the first start of an empty database creates one manager (profile gestor) with a one-time
 * password, assigned to the secretariat's unit (created unless units exist: then the oldest active one). Returns the
 * login and password to print once, or null when the database already has professionals. Several API processes
 * starting at once create one manager: the check and the insert run under one advisory lock.
 */
export async function createFirstManager(db: Db): Promise<{ login: string; senha: string; unidade: string } | null> {
  const senha = senhaProvisoria();
  const senha_hash = await hashSenha(senha);
  return db.transaction(async (tx) => {
    await travarPrimeirosProfissionais(tx);
    const [existing] = await tx.select({ id: profissionais.id }).from(profissionais).limit(1);
    if (existing) return null;
    let [unidade] = await tx
      .select({ id: unidadesSaude.id, nome: unidadesSaude.nome })
      .from(unidadesSaude)
      .where(eq(unidadesSaude.ativo, true))
      .orderBy(asc(unidadesSaude.created_at), asc(unidadesSaude.nome))
      .limit(1);
    if (!unidade) {
      const [tipo] = await tx.select().from(tiposUnidade).where(eq(tiposUnidade.codigo, 'GESTAO'));
      unidade = { id: newId(), nome: SECRETARIA_NOME };
      await tx
        .insert(unidadesSaude)
        .values({ id: unidade.id, cnes: SECRETARIA_CNES, nome: SECRETARIA_NOME, tipo_unidade_id: tipo!.id });
    }
    const [perfil] = await tx.select({ id: perfis.id }).from(perfis).where(eq(perfis.codigo, 'gestor'));
    const id = newId();
    await tx.insert(profissionais).values({
      id,
      login: PRIMEIRO_GESTOR_LOGIN,
      nome: perfilNomes.gestor,
      senha_hash,
      senha_provisoria: true,
    });
    await tx.insert(lotacoes).values({
      id: newId(),
      profissional_id: id,
      unidade_saude_id: unidade.id,
      ocupacao_codigo: CBO_GESTOR,
      perfil_id: perfil!.id,
    });
    return { login: PRIMEIRO_GESTOR_LOGIN, senha, unidade: unidade.nome };
  });
}
