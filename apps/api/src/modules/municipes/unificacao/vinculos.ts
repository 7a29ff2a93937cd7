import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';

// Every link to a citizen, found in the database's own catalogue (issue 45): a table added later that references
// municipes(id) is moved by a merge without anyone remembering to list it here. Only the exceptions are named.

/** `versionada`: the table has `lock_version` (db/schema `versioned`): a moved row must not be saved over by a stale form. */
export type Vinculo = { tabela: string; coluna: string; chave: string[]; versionada: boolean };

/** The merge's own records and the tombstone column: never moved. */
const PROPRIAS = new Set(['municipes', 'municipe_duplicados', 'municipe_unificacoes']);
/**
 * Kept by triggers from the rows that move (migrations 0032 and 0037): moving the visits, memberships, health block or
 * registration recounts them for both citizens.
 */
const DERIVADAS = new Set(['municipe_ultimas_visitas', 'quem_visitar_pessoas']);

/**
 * The rows that stay with the absorbed record because the survivor already has their equivalent (a unique key): its
 * own block, the same finger, a membership of the same family. `t` is the row, $s the survivor.
 */
export const FICAM_SE_O_SOBREVIVENTE_TEM: Record<string, (s: string) => ReturnType<typeof sql>> = {
  municipe_sociodemograficas: (s) =>
    sql`exists (select 1 from municipe_sociodemograficas o where o.municipe_id = ${s})`,
  municipe_condicoes_saude: (s) => sql`exists (select 1 from municipe_condicoes_saude o where o.municipe_id = ${s})`,
  municipe_biometrias: (s) =>
    sql`exists (select 1 from municipe_biometrias o where o.municipe_id = ${s} and o.dedo = t.dedo)`,
  familia_membros: (s) =>
    sql`exists (select 1 from familia_membros o where o.municipe_id = ${s} and o.familia_id = t.familia_id)`,
};

/** What the tables are called on screen (a table not listed shows by its name). */
export const ROTULOS_TABELAS: Record<string, string> = {
  cadastros_individuais: 'Cadastros individuais',
  familia_membros: 'Famílias (membro)',
  familias: 'Famílias (responsável)',
  visitas_domiciliares: 'Visitas domiciliares',
  notificacoes_compulsorias: 'Notificações compulsórias',
  atendimentos: 'Atendimentos de urgência',
  pacientes_sem_identificacao: 'Pacientes sem identificação',
  solicitacoes_ouvidoria: 'Ouvidoria',
  municipe_prontuarios: 'Prontuários',
  municipe_sociodemograficas: 'Informações sociodemográficas',
  municipe_condicoes_saude: 'Condições de saúde',
  municipe_biometrias: 'Biometria',
};

let cache: Vinculo[] | null = null;

/** The single-column foreign keys to municipes(id) and each table's primary key (read once per process). */
export async function vinculos(db: DbOrTx): Promise<Vinculo[]> {
  if (cache) return cache;
  const rows = await queryRows<Vinculo>(
    db,
    sql`select c.conrelid::regclass::text as tabela, a.attname::text as coluna,
        (select array_agg(pa.attname::text order by array_position(i.indkey::int2[], pa.attnum))
           from pg_index i join pg_attribute pa on pa.attrelid = i.indrelid and pa.attnum = any(i.indkey)
          where i.indrelid = c.conrelid and i.indisprimary) as chave,
        exists (select 1 from pg_attribute v where v.attrelid = c.conrelid and not v.attisdropped
          and v.attname = 'lock_version') as versionada
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'municipes'::regclass and cardinality(c.conkey) = 1
      order by 1, 2`,
  );
  cache = rows.filter((r) => !PROPRIAS.has(r.tabela) && !DERIVADAS.has(r.tabela));
  return cache;
}

/**
 * Sets the link and, on a versioned table, moves its version on: a form opened on that row before the merge (or its
 * undo) gets 409 on save instead of writing the old citizen back. `updated_at` stays: the row's content did not change
 * (an old registration still has to be updated, quem_visitar reads its date).
 */
export const apontarPara = (v: Vinculo, id: string) =>
  sql`${sql.identifier(v.coluna)} = ${id}${v.versionada ? sql`, lock_version = t.lock_version + 1` : sql``}`;

/** jsonb of the row's primary key: how a moved row is found again by the undo. */
export const chaveSql = (v: Vinculo) =>
  sql.raw(`jsonb_build_object(${v.chave.map((k) => `'${k}', t."${k}"`).join(', ')})`);

/** How many rows of each table point at the citizen (what a merge would move). */
export async function contarVinculos(db: DbOrTx, municipeId: string): Promise<Record<string, number>> {
  const contagem: Record<string, number> = {};
  for (const v of await vinculos(db)) {
    const [r] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(v.tabela)} t where ${sql.identifier(v.coluna)} = ${municipeId}`,
    );
    if (r && r.n > 0) {
      const rotulo = ROTULOS_TABELAS[v.tabela] ?? v.tabela;
      contagem[rotulo] = (contagem[rotulo] ?? 0) + r.n;
    }
  }
  return contagem;
}
