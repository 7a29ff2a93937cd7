import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { cadastrosIndividuais, municipes } from '../schema';
import { newId } from '../../lib/ids';
import { prng } from './municipes';

// Demo individual registrations (issue 6): most demo citizens, in the team and micro-area the citizen already has
// (the registration's header is the citizen's: one truth), a few with an exit (death or territory change) that is
// copied to the citizen as the service does. Deterministic, like the citizens.

const DIA = 86_400_000;
const REFERENCIA = Date.UTC(2025, 0, 1);
const MOTIVO_OBITO = 135;
const MOTIVO_MUDANCA = 136;

export async function seedCadastrosIndividuais(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cadastrosIndividuais);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: municipes.id,
        cpf: municipes.cpf_numero,
        cns: municipes.codigo_cns,
        nascimento: municipes.data_nascimento,
      })
      .from(municipes)
      .orderBy(municipes.id);
    const rng = prng(20250606);
    const values: Array<typeof cadastrosIndividuais.$inferInsert> = [];
    for (const m of rows) {
      // e-SUS: CPF or CNS identifies the citizen; most people are registered.
      if ((!m.cpf && !m.cns) || rng() >= 0.85) continue;
      const data_cadastro = new Date(REFERENCIA - Math.floor(rng() * 540) * DIA - Math.floor(rng() * 10 * 3600_000));
      const saida = rng();
      const base = {
        id: newId(),
        municipe_id: m.id,
        data_cadastro,
        proprio_responsavel_familiar: rng() < 0.35,
        alimentos_acabaram_sem_dinheiro: rng() < 0.12,
        comeu_alguns_alimentos_sem_dinheiro: rng() < 0.08,
      };
      if (saida < 0.03) {
        const obito = new Date(Math.max(Date.parse(`${m.nascimento}T00:00:00Z`), data_cadastro.getTime()) + 30 * DIA)
          .toISOString()
          .slice(0, 10);
        const numero_do = String(30_000_000 + Math.floor(rng() * 9_000_000));
        values.push({
          ...base,
          motivo_saida_cadastro_id: MOTIVO_OBITO,
          data_obito: obito,
          numero_do,
          saida_em: new Date(`${obito}T15:00:00Z`),
        });
        await tx
          .update(municipes)
          .set({ motivo_saida_cadastro_id: MOTIVO_OBITO, data_obito: obito, numero_do })
          .where(sql`${municipes.id} = ${m.id}`);
      } else if (saida < 0.06) {
        values.push({
          ...base,
          motivo_saida_cadastro_id: MOTIVO_MUDANCA,
          saida_em: new Date(data_cadastro.getTime() + 60 * DIA),
        });
        await tx
          .update(municipes)
          .set({ motivo_saida_cadastro_id: MOTIVO_MUDANCA })
          .where(sql`${municipes.id} = ${m.id}`);
      } else {
        values.push(base);
      }
    }
    if (values.length) await tx.insert(cadastrosIndividuais).values(values);
  });
}
