import { msg } from '@saude/shared';
import type { EnderecoPartes } from '@saude/shared/endereco';
import {
  type FamiliaParaVisita,
  type FamiliasParaVisitaFilters,
  type FamiliaVisitaDetalhe,
  type VisitaContexto,
} from '@saude/shared/schemas/visita_domiciliar';
import { MOTIVO_SAIDA_OBITO } from '@saude/shared/schemas/municipe';
import { formatAge } from '@saude/shared/validation/dates';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { queryRows, queryRowsPrepared, type DbOrTx } from '../../../db/client';
import {
  cadastrosDomiciliares as dom,
  familiaMembros,
  municipeProntuarios,
  municipes,
  municipios,
  visitasDomiciliares as vd,
} from '../../../db/schema';
import { byName, containsText, isoFrom, preparedOnce, startsWithIgnoringCase } from '../../../db/sql';
import { notFound, unprocessable } from '../../../lib/errors';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { paginate } from '../../../lib/paginate';
import {
  agenteDe,
  escopoDe,
  domicilioInScope,
  falecido,
  familiaDoMunicipe,
  findFamilia,
  formatEndereco,
  membroAtivo,
  municipeSemFamilia,
  podeCriar,
  prontuarioDoMunicipe,
  RESOURCE,
  type Escopo,
} from './queries';

// The families an agent visits (the visit list's first screen), one family's detail, and the visit form's context.
// Design: docs/decisions.md, "Home visits" and "Home visits: the agent's list at scale".

// ---- the family list ------------------------------------------------------------------------------------------

/** The family list's order on `familias` (kept by triggers, migration 0012): the index expression, word for word. */
const nome = sql`f.responsavel_nome collate "und-x-icu"`;

type Chave = { equipe: string; microArea: string };
/** The user's own micro-areas, per team of the scope ('equipe:micro_area' in Agente). */
const chavesDe = (microAreas: string[]): Chave[] =>
  microAreas.map((m) => {
    const [equipe, microArea] = m.split(':') as [string, string];
    return { equipe, microArea };
  });

/** The families the user sees (team scope, or the current unit for a user without a team), alias `f`. */
function escopoFamilia(e: Escopo): SQL {
  if (e.all) return e.unidadeId ? sql`f.unidade_saude_id = ${e.unidadeId}` : sql`false`;
  if (e.equipeIds.length === 0) return sql`false`;
  return sql`f.equipe_id in (${sql.join(
    e.equipeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** One ordered, limited scan of the list's order: a branch of the page's union (each walks its own index). */
const ramo = (minha: boolean, where: SQL, limite: number) =>
  // A literal, not a parameter: node-postgres sends a boolean parameter as untyped text ('true').
  sql`(select f.id, f.responsavel_nome as nome, ${sql.raw(minha ? 'true' : 'false')} as minha from familias f where ${where} order by ${nome}, f.id limit ${limite})`;

/**
 * The page without filters but the micro-area: the user's own micro-areas first, then the rest, each by the head's
 * name. Every branch reads at most `offset + limit` rows of an index that is already in that order (the agent's
 * micro-area: familias_visita_area_idx; the rest of a team: familias_visita_equipe_idx; a unit:
 * familias_visita_unidade_idx), so the cost follows the page, not the team. The total is an index-only count.
 */
function paginaOrdenada(e: Escopo, chaves: Chave[], microArea: string | undefined, limite: number): SQL {
  const mf = microArea ? sql` and f.micro_area = ${microArea}` : sql``;
  const ramos: SQL[] = [];
  for (const c of chaves) {
    if (microArea && microArea !== c.microArea) continue;
    ramos.push(ramo(true, sql`f.equipe_id = ${c.equipe} and f.micro_area = ${c.microArea}`, limite));
  }
  const fora = (equipe: string) => {
    const minhas = chaves.filter((c) => c.equipe === equipe).map((c) => c.microArea);
    return minhas.length === 0
      ? sql``
      : sql` and (f.micro_area is null or f.micro_area not in (${sql.join(
          minhas.map((m) => sql`${m}`),
          sql`, `,
        )}))`;
  };
  if (e.all) {
    if (e.unidadeId) ramos.push(ramo(false, sql`f.unidade_saude_id = ${e.unidadeId}${mf}${naoMinhas(chaves)}`, limite));
  } else {
    for (const equipe of e.equipeIds) {
      if (microArea && chaves.some((c) => c.equipe === equipe && c.microArea === microArea)) continue;
      ramos.push(ramo(false, sql`f.equipe_id = ${equipe}${mf}${fora(equipe)}`, limite));
    }
  }
  if (ramos.length === 0)
    return sql`select null::uuid as id, null::text as nome, false as minha, 0 as total where false`;
  const total = sql`(select count(*)::int from familias f where ${escopoFamilia(e)}${mf})`;
  return sql`select u.id, u.nome, u.minha, ${total} as total from (${sql.join(ramos, sql` union all `)}) u`;
}

/** For a unit-wide reader who is also an agent of a team: their own micro-areas are not counted twice. */
function naoMinhas(chaves: Chave[]): SQL {
  if (chaves.length === 0) return sql``;
  return sql` and (f.equipe_id, coalesce(f.micro_area, '')) not in (${sql.join(
    chaves.map((c) => sql`(${c.equipe}::uuid, ${c.microArea})`),
    sql`, `,
  )})`;
}

/** With filters on the head, the address or the record number: one pass over the matches, the total with the page. */
function paginaFiltrada(e: Escopo, chaves: Chave[], f: FamiliasParaVisitaFilters): SQL {
  const conds: SQL[] = [escopoFamilia(e)];
  if (f.responsavel) {
    conds.push(
      sql`exists (select 1 from ${municipes} where ${municipes.id} = f.responsavel_id and ${containsText(
        [municipes.nome, municipes.nome_social],
        f.responsavel,
      )})`,
    );
  }
  if (f.endereco) {
    // Every word must appear in the street, number or district ('acacias 12').
    const texto = sql`concat_ws(' ', ${dom.logradouro}, ${dom.numero}, ${dom.bairro})`;
    const palavras = f.endereco
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => containsText([texto], w));
    conds.push(sql`exists (select 1 from ${dom} where ${dom.id} = f.domicilio_id and ${and(...palavras)})`);
  }
  if (f.micro_area) conds.push(sql`f.micro_area = ${f.micro_area}`);
  if (f.numero_prontuario) conds.push(startsWithIgnoringCase(sql`f.numero_prontuario`, f.numero_prontuario));
  const minha =
    chaves.length === 0
      ? sql`false`
      : sql`(f.equipe_id, coalesce(f.micro_area, '')) in (${sql.join(
          chaves.map((c) => sql`(${c.equipe}::uuid, ${c.microArea})`),
          sql`, `,
        )})`;
  return sql`select f.id, f.responsavel_nome as nome, ${minha} as minha, (count(*) over ())::int as total
    from familias f where ${sql.join(conds, sql` and `)}`;
}

type LinhaFamilia = {
  id: string;
  responsavel_id: string;
  nome: string;
  numero_prontuario: string | null;
  micro_area: string | null;
  mudou: boolean;
  minha: boolean;
  total: number | null;
  membros: number;
  ultima_visita: Date | string | null;
  alterado_em: Date | string;
} & Required<EnderecoPartes>;

export async function familiasParaVisita(
  ctx: Ctx,
  f: FamiliasParaVisitaFilters,
): Promise<{ rows: FamiliaParaVisita[]; total: number }> {
  const e = escopoDe(ctx);
  const chaves = chavesDe(agenteDe(e).microAreas).filter((c) => e.all || e.equipeIds.includes(c.equipe));
  const filtros = (['responsavel', 'endereco', 'numero_prontuario', 'micro_area'] as const).filter((k) => f[k]);
  const filtrada = !!(f.responsavel || f.endereco || f.numero_prontuario);
  return auditedRead(
    ctx,
    (tx) =>
      paginate(f, {
        // One round trip: the page is chosen on what orders it, then only its rows read the home, the members and
        // the total. The last visit is a column (triggers), not a scan of the visits. `alterado_em`, the newest
        // change to the family, its home or a member, tells the offline device which families to read again.
        rows: ({ limit, offset }) => {
          const base = filtrada
            ? paginaFiltrada(e, chaves, f)
            : paginaOrdenada(e, chaves, f.micro_area, offset + limit);
          // Prepared: its plan (≈ 1 ms to make here) does not depend on the values.
          return queryRowsPrepared<LinhaFamilia>(
            tx,
            sql`with pagina as (select * from (${base}) b order by b.minha desc, b.nome collate "und-x-icu", b.id
                  limit ${limit} offset ${offset})
              select f.id, f.responsavel_id, p.nome, f.numero_prontuario, f.micro_area, f.mudou, p.minha, p.total,
                f.ultima_visita, d.tipo_logradouro, d.logradouro, d.numero, d.sem_numero, d.complemento, d.bairro,
                (select count(*)::int from familia_membros fm join municipes m on m.id = fm.municipe_id
                  where fm.familia_id = f.id and (fm.ativo or f.mudou)
                  and m.motivo_saida_cadastro_id is distinct from ${MOTIVO_SAIDA_OBITO} and m.data_obito is null) as membros,
                greatest(f.updated_at, d.updated_at,
                  (select max(greatest(fm.updated_at, m.updated_at)) from familia_membros fm
                    join municipes m on m.id = fm.municipe_id where fm.familia_id = f.id)) as alterado_em
              from pagina p join familias f on f.id = p.id left join cadastros_domiciliares d on d.id = f.domicilio_id
              order by p.minha desc, p.nome collate "und-x-icu", p.id`,
          );
        },
        count: async () =>
          (
            await queryRows<{ total: number }>(
              tx,
              sql`select count(*)::int as total from (${filtrada ? paginaFiltrada(e, chaves, f) : sql`select 1 from familias f where ${escopoFamilia(e)}${f.micro_area ? sql` and f.micro_area = ${f.micro_area}` : sql``}`}) c`,
            )
          )[0]?.total ?? 0,
        windowTotal: (r) => r.total,
      }).then(({ rows, total }) => ({
        total,
        rows: rows.map((r): FamiliaParaVisita => ({
          id: r.id,
          responsavel_id: r.responsavel_id,
          responsavel_nome: r.nome,
          numero_prontuario: r.numero_prontuario,
          endereco: formatEndereco(r),
          micro_area: r.micro_area,
          numero_membros: r.membros,
          mudou: r.mudou,
          minha_micro_area: r.minha === true,
          ultima_visita: isoFrom(r.ultima_visita),
          alterado_em: isoFrom(r.alterado_em)!,
        })),
      })),
    ({ rows }) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: rows.map((r) => r.responsavel_id),
      details: { lista: 'familias', filtros, pagina: f.page },
    }),
  );
}

// ---- one family -----------------------------------------------------------------------------------------------

/**
 * The detail's members, prepared once (db/sql.ts `preparedOnce`; issue 41: building this select at every request was
 * the detail's largest cost over the bare SQL): the head first, then by name. Members of a family that moved are its
 * history (inactive): the detail shows who lived there.
 */
const membrosDaFamilia = (db: DbOrTx, mudou: boolean) =>
  preparedOnce(db, `visitas:familia:membros:${mudou ? 'todos' : 'ativos'}`, (name) =>
    db
      .select({
        municipe_id: municipes.id,
        nome: municipes.nome,
        nome_social: municipes.nome_social,
        data_nascimento: municipes.data_nascimento,
        data_obito: municipes.data_obito,
        obito: falecido,
        sexo_id: municipes.sexo_id,
        parentesco_id: familiaMembros.parentesco_id,
        numero_prontuario: sql<
          string | null
        >`(select ${municipeProntuarios.numero} from ${municipeProntuarios} where ${municipeProntuarios.municipe_id} = ${municipes.id} and ${municipeProntuarios.unidade_saude_id} = ${sql.placeholder('unidade')} and ${municipeProntuarios.inativado_em} is null order by ${municipeProntuarios.created_at} limit 1)`,
        ultima: sql<
          Date | string | null
        >`(select max(${vd.data_visita}) from ${vd} where ${vd.municipe_id} = ${municipes.id} and ${vd.cancelada_em} is null)`,
      })
      .from(familiaMembros)
      .innerJoin(municipes, eq(municipes.id, familiaMembros.municipe_id))
      .where(
        and(
          eq(familiaMembros.familia_id, sql.placeholder('familia')),
          mudou ? undefined : eq(familiaMembros.ativo, true),
        ),
      )
      .orderBy(
        sql`${familiaMembros.municipe_id} <> ${sql.placeholder('responsavel')}`,
        byName(municipes.nome),
        asc(municipes.id),
      )
      .prepare(name),
  );

export async function familiaParaVisita(ctx: Ctx, id: string): Promise<FamiliaVisitaDetalhe> {
  const e = escopoDe(ctx);
  return auditedRead(
    ctx,
    async (tx) => {
      const found = await findFamilia(tx, e, id);
      if (!found) throw notFound();
      const { f, d } = found;
      const unidade = ctx.usuario?.unidadeId ?? f.unidade_saude_id;
      const membros = await membrosDaFamilia(tx, f.mudou).execute({
        familia: f.id,
        responsavel: f.responsavel_id,
        unidade,
      });
      const detalhe: FamiliaVisitaDetalhe = {
        id: f.id,
        responsavel_id: f.responsavel_id,
        responsavel_nome: f.responsavel_nome ?? membros.find((m) => m.municipe_id === f.responsavel_id)?.nome ?? '',
        numero_prontuario: f.numero_prontuario,
        endereco: formatEndereco(d),
        domicilio_id: f.domicilio_id,
        tipo_imovel_id: d?.tipo_imovel_id ?? null,
        micro_area: d?.st_micro_area ?? null,
        fora_area: d?.fora_area ?? false,
        mudou: f.mudou,
        ultima_visita: isoFrom(f.ultima_visita),
        membros: membros.map(({ data_obito, ultima, ...m }) => ({
          ...m,
          obito: m.obito === true,
          idade: formatAge(m.data_nascimento, data_obito ?? undefined) ?? '',
          ultima_visita: isoFrom(ultima),
        })),
      };
      return detalhe;
    },
    (r) => ({
      resource: RESOURCE,
      action: 'show',
      record_id: r.id,
      municipe_ids: r.membros.map((m) => m.municipe_id),
      details: { partes: ['familia', 'membros'] },
    }),
  );
}

// ---- the form's context -----------------------------------------------------------------------------------------

export async function contexto(
  ctx: Ctx,
  q: { familia_id?: string; municipe_id?: string; domicilio_id?: string },
): Promise<VisitaContexto> {
  const e = escopoDe(ctx);
  const agente = agenteDe(e);
  const unidade = ctx.usuario?.unidadeId ?? null;
  return auditedRead(
    ctx,
    async (tx) => {
      // A citizen alone: their active family, if they have one, is where the visit belongs.
      const familiaId = q.familia_id ?? (q.municipe_id ? await familiaDoMunicipe(tx, q.municipe_id) : null);
      const found = familiaId ? await findFamilia(tx, e, familiaId) : null;
      if (familiaId && !found) throw notFound();
      const membro = found && q.municipe_id ? await membroAtivo(tx, found.f.id, q.municipe_id) : null;
      if (found && q.municipe_id && !membro && !found.f.mudou) {
        throw unprocessable({ municipe_id: [msg.membroForaDaFamilia] });
      }
      const sozinho = !found && q.municipe_id ? await municipeSemFamilia(tx, e, q.municipe_id) : null;
      if (!found && q.municipe_id && !sozinho) throw notFound();
      // A property alone (the ACE's list): a registered household of the user's teams, as the visit itself checks.
      const casa = !found && !q.municipe_id && q.domicilio_id ? await domicilioInScope(tx, e, q.domicilio_id) : null;
      if (!found && !q.municipe_id && q.domicilio_id && !casa) throw notFound();
      // A user without a team records in an agent's name, picked on the form (issue 39).
      const escolhe = e.all && agente.ocupacoes.length === 0;
      const agenteOk = podeCriar(ctx) && (agente.ocupacoes.length > 0 || escolhe);
      const mudou = found?.f.mudou ?? false;
      const morto = membro?.obito === true ? membro : sozinho?.obito === true ? sozinho : null;
      const d = found?.d ?? casa;
      const lugar = sozinho ?? casa;
      const municipio = lugar?.municipio_ibge
        ? (
            await tx
              .select({ nome: municipios.nome })
              .from(municipios)
              .where(eq(municipios.codigo_ibge, lugar.municipio_ibge))
          )[0]?.nome
        : null;
      const contexto: VisitaContexto = {
        pode_lancar: agenteOk && !mudou && !morto,
        escolhe_profissional: escolhe,
        motivo_bloqueio: !agenteOk
          ? msg.visitaSomenteAgentes
          : mudou
            ? msg.familiaMudou
            : morto
              ? msg.visitaMunicipeComObito(morto.nome)
              : null,
        ocupacoes: agente.ocupacoes.map((codigo) => ({ codigo, descricao: ocupacaoNome(codigo) })),
        ocupacao_id: agente.ocupacoes.length === 1 ? agente.ocupacoes[0]! : null,
        micro_area: d?.st_micro_area ?? null,
        fora_area: d?.fora_area ?? false,
        tipo_imovel_id: d?.tipo_imovel_id ?? null,
        numero_prontuario:
          q.municipe_id && unidade
            ? await prontuarioDoMunicipe(tx, q.municipe_id, unidade)
            : (found?.f.numero_prontuario ?? null),
        familia_id: found?.f.id ?? null,
        domicilio_id: casa?.id ?? null,
        endereco: lugar
          ? {
              cep: lugar.cep,
              uf: lugar.uf,
              municipio_ibge: lugar.municipio_ibge,
              municipio_nome: municipio ?? null,
              tipo_logradouro: lugar.tipo_logradouro,
              logradouro: lugar.logradouro,
              numero: lugar.numero,
              complemento: lugar.complemento,
              bairro: lugar.bairro,
            }
          : null,
      };
      return contexto;
    },
    // The member's record number and a citizen's residence are personal data.
    (r) =>
      q.municipe_id
        ? {
            resource: RESOURCE,
            action: 'show',
            record_id: r.familia_id ?? q.municipe_id,
            municipe_ids: [q.municipe_id],
            details: { partes: r.endereco ? ['numero_prontuario', 'endereco'] : ['numero_prontuario'] },
          }
        : null,
  );
}
