import { cboCadastroIndividualCodigos } from '@saude/shared/codes/cbo_cadastro_individual';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cadastrosIndividuais, lotacoes, municipes } from '../db/schema';
import { newId } from '../lib/ids';
import { prng } from './municipes';

// Demo individual registrations (issue 6): most demo citizens, in the team and micro-area the citizen already has
// (the registration's header is the citizen's: one truth), a few with an exit (death or territory change) that is
// copied to the citizen as the service does. Deterministic, like the citizens.
// As a real registration would (issue 26, the e-SUS APS export): the header names who registered — the team's agent,
// else the unit's manager (a team without agents in the demo, or a citizen out of area) — with a CNS and a CBO of
// LEDI's group; the registration is on or after the birth.

const DIA = 86_400_000;
const REFERENCIA = Date.UTC(2025, 0, 1);
const MOTIVO_OBITO = 135;
const MOTIVO_MUDANCA = 136;
const CBO_ACS = '515105';
const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroIndividualCodigos);
/** São Paulo midnight of a calendar day, as ms (UTC-3). */
const meiaNoite = (dia: string) => Date.parse(`${dia}T03:00:00Z`);

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
        unidade: municipes.unidade_saude_referencia_id,
        equipe: municipes.equipe_id,
        profissional: municipes.profissional_id,
      })
      .from(municipes)
      .orderBy(municipes.id);
    const lots = (await tx.select().from(lotacoes).orderBy(lotacoes.created_at)).filter(
      (l) => l.ativo && cboPermitidos.has(l.ocupacao_codigo),
    );
    /** Who registered a citizen of this unit and team: its agent, else a professional of the unit without a team. */
    const quemCadastrou = (unidade: string | null, equipe: string | null) =>
      (equipe && lots.find((l) => l.equipe_id === equipe && l.ocupacao_codigo === CBO_ACS)) ||
      (equipe && lots.find((l) => l.equipe_id === equipe)) ||
      lots.find((l) => l.unidade_saude_id === unidade && l.equipe_id === null);
    const rng = prng(20250606);
    const values: Array<typeof cadastrosIndividuais.$inferInsert> = [];
    for (const m of rows) {
      // e-SUS: CPF or CNS identifies the citizen; most people are registered.
      if ((!m.cpf && !m.cns) || rng() >= 0.85) continue;
      let data_cadastro = new Date(REFERENCIA - Math.floor(rng() * 540) * DIA - Math.floor(rng() * 10 * 3600_000));
      // A newborn is registered in its first days, never before it was born.
      const nasceu = meiaNoite(m.nascimento);
      if (data_cadastro.getTime() < nasceu + DIA) data_cadastro = new Date(nasceu + 3 * DIA + 13 * 3600_000);
      if (!m.profissional) {
        const l = quemCadastrou(m.unidade, m.equipe);
        if (l)
          await tx
            .update(municipes)
            .set({ profissional_id: l.profissional_id, ocupacao_id: l.ocupacao_codigo })
            .where(eq(municipes.id, m.id));
      }
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

/**
 * After the families (seedDomicilios): each registration answers "is the family head?" as the families say — a
 * member of a family is not its head unless named so; a citizen in no family (out of area, gone, or whose home is
 * not registered yet) heads their own. The e-SUS APS export needs a non-head's head to have a CPF or CNS, which the
 * heads (adults) have.
 */
export async function alinharResponsaveis(db: Db): Promise<void> {
  await db.execute(sql`
    update cadastros_individuais ci set proprio_responsavel_familiar = coalesce(
      (select fa.responsavel_id = ci.municipe_id from familia_membros fm join familias fa on fa.id = fm.familia_id
        where fm.municipe_id = ci.municipe_id and fm.ativo limit 1),
      true)`);
}

/**
 * The demo's deliberately incomplete registrations (issue 26): what a real register has a few of, so that the
 * e-SUS APS export's report shows real lines with a link to fix them. Every other demo registration exports.
 * - Beatriz Paranhos (UBS Vila Esperança): father's name blank, "pai desconhecido" not marked.
 * - Luciana Magalhães (UBS Vila Esperança): indigenous, ethnicity not answered.
 * - Rogério Paulo Santana dos Farias (UBS Vila Esperança): mother's name blank, "mãe desconhecida" not marked.
 * - Camila Lopes Costa (UBS Zona Rural Córrego Claro): Brazilian, municipality of birth not answered.
 * The names are the seeded PRNG's: a change of the generator that moves them fails the seed (and the export's
 * demo test, modules/atencao_primaria/exportacao_esus/demo.test.ts), rather than silently exporting everything.
 */
export const CADASTROS_INCOMPLETOS = [
  { nome: 'Beatriz Paranhos', campo: 'Nome do pai', set: { pai_desconhecido: false } },
  { nome: 'Luciana Magalhães', campo: 'Etnia', set: { etnia_id: null } },
  { nome: 'Rogério Paulo Santana dos Farias', campo: 'Nome da mãe', set: { mae_desconhecida: false } },
  { nome: 'Camila Lopes Costa', campo: 'Município de nascimento', set: { municipio_nascimento_ibge: null } },
] as const satisfies ReadonlyArray<{ nome: string; campo: string; set: Partial<typeof municipes.$inferInsert> }>;

export async function seedCadastrosIncompletos(db: Db): Promise<void> {
  for (const c of CADASTROS_INCOMPLETOS) {
    const alvo = await db
      .select({ id: municipes.id })
      .from(municipes)
      .innerJoin(cadastrosIndividuais, eq(cadastrosIndividuais.municipe_id, municipes.id))
      .where(eq(municipes.nome, c.nome));
    if (alvo.length !== 1) throw new Error(`demo: expected one registered citizen named ${c.nome}, got ${alvo.length}`);
    await db.update(municipes).set(c.set).where(eq(municipes.id, alvo[0]!.id));
  }
}
