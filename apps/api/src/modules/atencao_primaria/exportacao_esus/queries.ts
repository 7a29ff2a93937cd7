import type { TipoFichaEsus } from '@saude/shared/schemas/exportacao_esus';
import type { CondicaoSaudeValues, SociodemograficaValues } from '@saude/shared/schemas/municipe';
import { ufs } from '@saude/shared/ufs';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client';
import { newId } from '../../../lib/ids';
import { uuidFicha, type Ficha, type FichaDomiciliar, type Lotacao } from './mapeamento';

export const RESOURCE = 'atencao_primaria/exportacao_esus';

// Reads the records an export sends, a page at a time by id (keyset), so a year of a large town never sits in memory.
// A record goes when it was made or changed in the period and was never sent, or changed after it was last sent.

export interface Filtro {
  unidades: string[];
  inicio: string;
  fim: string;
}

/** One record to send: what the history row needs, whom the report names, and the mapped record. */
export interface Pendente {
  tipo: TipoFichaEsus;
  registroId: string;
  municipeId: string | null;
  descricao: string;
  /** The unit whose screens open the record: the report's "Corrigir" switches to it (issue 39). */
  unidade: { id: string; nome: string };
  /** The record's version (its newest updated_at): stored as versao_enviada. */
  versao: Date;
  uuidFichaOriginadora: string;
  item: Ficha;
}

const PAGINA = 500;

/** A calendar day as epoch ms: its midnight in São Paulo (the PEC's own reading; PostgreSQL knows the old DST). */
const diaMs = (col: SQL) =>
  sql`(extract(epoch from (${col}::timestamp at time zone 'America/Sao_Paulo')) * 1000)::float8`;
// Whole milliseconds: the layout's dates are xs:long, and PostgreSQL keeps microseconds (PGlite's clock gave whole ms).
const tsMs = (col: SQL) => sql`floor(extract(epoch from ${col}) * 1000)::float8`;
/** A version as stored (versao_enviada comes from a JavaScript Date: whole milliseconds; PostgreSQL keeps µs). */
const ms = (col: SQL) => sql`date_trunc('milliseconds', ${col})`;
/** [inicio, fim] of São Paulo days as a timestamptz range test. */
const noPeriodo = (col: SQL, f: Filtro) =>
  sql`(${col} >= (${f.inicio}::date)::timestamp at time zone 'America/Sao_Paulo'
    and ${col} < (${f.fim}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;
const uuids = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::uuid[]`;

type Row = Record<string, unknown>;
const s = (v: unknown): string | null => (v == null ? null : String(v));
const n = (v: unknown): number | null => (v == null ? null : Number(v));
const b = (v: unknown): boolean => v === true;
const bn = (v: unknown): boolean | null => (v == null ? null : v === true);
const d = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** First sending: CNES-record id. A later one: a fresh uuid, pointing at the first. */
function identificacao(cnes: string, id: string, originadora: unknown) {
  const primeira = s(originadora);
  return primeira
    ? { uuidFicha: uuidFicha(cnes, newId()), uuidFichaOriginadora: primeira }
    : { uuidFicha: uuidFicha(cnes, id), uuidFichaOriginadora: uuidFicha(cnes, id) };
}

const unidadeDe = (r: Row) => ({ id: String(r.unidade_id), nome: String(r.unidade_nome) });

const lotacao = (r: Row, data: number): Lotacao => ({
  profissionalCns: s(r.prof_cns),
  cbo: s(r.cbo),
  cnes: String(r.cnes),
  ine: s(r.ine),
  dataAtendimento: data,
});

async function* individuais(db: DbOrTx, f: Filtro): AsyncGenerator<Pendente> {
  let depois = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await queryRows<Row>(
      db,
      sql`select ci.id, ci.termo_recusa, ci.proprio_responsavel_familiar, ci.motivo_saida_cadastro_id, ci.numero_do,
          ${tsMs(sql`ci.data_cadastro`)} as data_cadastro, ${diaMs(sql`ci.data_obito`)} as data_obito, ci.saida_em,
          m.id as municipe_id, m.nome, m.nome_social, ${diaMs(sql`m.data_nascimento`)} as data_nascimento, m.sexo_id,
          m.raca_cor_id, m.etnia_id, m.nome_mae, m.mae_desconhecida, m.nome_pai, m.pai_desconhecido, m.nacionalidade_id,
          m.municipio_nascimento_ibge, m.pais_nascimento_id, ${diaMs(sql`m.data_naturalizacao`)} as data_naturalizacao,
          m.portaria_naturalizacao, ${diaMs(sql`m.data_entrada_brasil`)} as data_entrada_brasil, m.cpf_numero,
          m.codigo_cns, m.nis, m.telefone_celular, m.email, m.micro_area, m.fora_area, m.parentesco_id,
          u.cnes, u.id as unidade_id, u.nome as unidade_nome, e.ine, p.codigo_cns as prof_cns, m.ocupacao_id as cbo,
          so.dados as socio, cs.dados as saude,
          r.cpf_numero as resp_cpf, r.codigo_cns as resp_cns, fa.responsavel_id = m.id as eh_resp,
          env.uuid_ficha_originadora, v.versao, ${tsMs(sql`v.versao`)} as versao_ms
        from cadastros_individuais ci
        join municipes m on m.id = ci.municipe_id
        join unidades_saude u on u.id = m.unidade_saude_referencia_id
        left join equipes e on e.id = m.equipe_id
        left join profissionais p on p.id = m.profissional_id
        left join municipe_sociodemograficas so on so.municipe_id = m.id
        left join municipe_condicoes_saude cs on cs.municipe_id = m.id
        left join familia_membros fm on fm.municipe_id = m.id and fm.ativo
        left join familias fa on fa.id = fm.familia_id
        left join municipes r on r.id = fa.responsavel_id
        left join esus_fichas_enviadas env on env.tipo = 'individual' and env.registro_id = ci.id
        cross join lateral (select greatest(ci.updated_at, m.updated_at, so.updated_at, cs.updated_at) as versao) v
        where m.unidade_saude_referencia_id = any(${uuids(f.unidades)})
          and (${noPeriodo(sql`ci.data_cadastro`, f)} or ${noPeriodo(sql`v.versao`, f)})
          and (env.versao_enviada is null or env.versao_enviada < ${ms(sql`v.versao`)})
          and ci.id > ${depois}
        order by ci.id limit ${PAGINA}`,
    );
    for (const r of page) {
      const id = String(r.id);
      const ident = identificacao(String(r.cnes), id, r.uuid_ficha_originadora);
      const reenvio = r.uuid_ficha_originadora != null;
      const ehResp = b(r.proprio_responsavel_familiar) || b(r.eh_resp);
      yield {
        tipo: 'individual',
        registroId: id,
        municipeId: String(r.municipe_id),
        descricao: String(r.nome),
        unidade: unidadeDe(r),
        versao: d(r.versao),
        uuidFichaOriginadora: ident.uuidFichaOriginadora,
        item: {
          tipo: 'individual',
          ficha: {
            ...ident,
            lotacao: lotacao(r, Number(reenvio ? r.versao_ms : r.data_cadastro)),
            termoRecusa: b(r.termo_recusa),
            municipe: {
              nome: String(r.nome),
              nomeSocial: s(r.nome_social),
              dataNascimento: n(r.data_nascimento),
              sexo: n(r.sexo_id),
              racaCor: n(r.raca_cor_id),
              etnia: n(r.etnia_id),
              nomeMae: s(r.nome_mae),
              maeDesconhecida: b(r.mae_desconhecida),
              nomePai: s(r.nome_pai),
              paiDesconhecido: b(r.pai_desconhecido),
              nacionalidade: n(r.nacionalidade_id),
              municipioNascimentoIbge: s(r.municipio_nascimento_ibge),
              paisNascimento: n(r.pais_nascimento_id),
              dataNaturalizacao: n(r.data_naturalizacao),
              portariaNaturalizacao: s(r.portaria_naturalizacao),
              dataEntradaBrasil: n(r.data_entrada_brasil),
              cpf: s(r.cpf_numero),
              cns: s(r.codigo_cns),
              nis: s(r.nis),
              telefoneCelular: s(r.telefone_celular),
              email: s(r.email),
              microArea: s(r.micro_area),
              foraArea: b(r.fora_area),
              parentesco: n(r.parentesco_id),
            },
            responsavel: r.resp_cpf || r.resp_cns ? { cpf: s(r.resp_cpf), cns: s(r.resp_cns) } : null,
            ehResponsavel: ehResp,
            sociodemografica: (r.socio as SociodemograficaValues | null) ?? null,
            condicaoSaude: (r.saude as CondicaoSaudeValues | null) ?? null,
            saida:
              r.saida_em != null && r.motivo_saida_cadastro_id != null
                ? { motivo: Number(r.motivo_saida_cadastro_id), dataObito: n(r.data_obito), numeroDo: s(r.numero_do) }
                : null,
          },
        },
      };
    }
    if (page.length < PAGINA) return;
    depois = String(page.at(-1)?.id);
  }
}

const UF_DNE = new Map(ufs.map((u) => [u.sigla, u.codigo_dne]));

async function* domiciliares(db: DbOrTx, f: Filtro): AsyncGenerator<Pendente> {
  let depois = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await queryRows<Row>(
      db,
      sql`select d.*, ${tsMs(sql`d.data_cadastro`)} as data_ms, ${tsMs(sql`d.updated_at`)} as versao_ms,
          u.cnes, u.id as unidade_id, u.nome as unidade_nome, e.ine, p.codigo_cns as prof_cns, d.ocupacao_id as cbo, env.uuid_ficha_originadora
        from cadastros_domiciliares d
        join unidades_saude u on u.id = d.unidade_saude_id
        left join equipes e on e.id = d.equipe_id
        join profissionais p on p.id = d.profissional_id
        left join esus_fichas_enviadas env on env.tipo = 'domiciliar' and env.registro_id = d.id
        where d.unidade_saude_id = any(${uuids(f.unidades)})
          and (${noPeriodo(sql`d.data_cadastro`, f)} or ${noPeriodo(sql`d.updated_at`, f)})
          and (env.versao_enviada is null or env.versao_enviada < ${ms(sql`d.updated_at`)})
          and d.id > ${depois}
        order by d.id limit ${PAGINA}`,
    );
    const familias = new Map<string, FichaDomiciliar['familias']>();
    if (page.length > 0)
      for (const r of await queryRows<Row>(
        db,
        sql`select fa.domicilio_id, ${diaMs(sql`resp.data_nascimento`)} as nasc, resp.codigo_cns, resp.cpf_numero,
            (select count(*)::int from familia_membros fm where fm.familia_id = fa.id and fm.ativo) as membros,
            fa.numero_prontuario, fa.renda_familiar_id, ${diaMs(sql`fa.reside_desde`)} as reside_desde, fa.mudou
          from familias fa join municipes resp on resp.id = fa.responsavel_id
          where fa.domicilio_id = any(${uuids(page.map((p) => String(p.id)))})
          order by fa.id`,
      )) {
        const k = String(r.domicilio_id);
        const list = familias.get(k) ?? [];
        list.push({
          dataNascimentoResponsavel: n(r.nasc),
          cnsResponsavel: s(r.codigo_cns),
          cpfResponsavel: s(r.cpf_numero),
          membros: Number(r.membros),
          numeroProntuario: s(r.numero_prontuario),
          rendaFamiliar: n(r.renda_familiar_id),
          resideDesde: n(r.reside_desde),
          mudou: b(r.mudou),
        });
        familias.set(k, list);
      }
    for (const r of page) {
      const id = String(r.id);
      const ident = identificacao(String(r.cnes), id, r.uuid_ficha_originadora);
      const reenvio = r.uuid_ficha_originadora != null;
      const endereco = [r.logradouro, r.sem_numero ? 'S/N' : r.numero, r.bairro].filter(Boolean).join(', ');
      yield {
        tipo: 'domiciliar',
        registroId: id,
        municipeId: null,
        descricao: endereco || id,
        unidade: unidadeDe(r),
        versao: d(r.updated_at),
        uuidFichaOriginadora: ident.uuidFichaOriginadora,
        item: {
          tipo: 'domiciliar',
          ficha: {
            ...ident,
            lotacao: lotacao(r, Number(reenvio ? r.versao_ms : r.data_ms)),
            termoRecusa: b(r.termo_recusa),
            tipoImovel: Number(r.tipo_imovel_id),
            microArea: s(r.st_micro_area),
            foraArea: b(r.fora_area),
            endereco: {
              cep: s(r.cep),
              municipioIbge: s(r.municipio_ibge),
              ufDne: r.uf ? (UF_DNE.get(String(r.uf)) ?? null) : null,
              tipoLogradouro: s(r.tipo_logradouro),
              logradouro: s(r.logradouro),
              numero: s(r.numero),
              semNumero: b(r.sem_numero),
              complemento: s(r.complemento),
              bairro: s(r.bairro),
              pontoReferencia: s(r.ponto_referencia),
              telefoneResidencial: s(r.telefone_residencial),
              telefoneContato: s(r.telefone_contato),
            },
            latitude: n(r.latitude),
            longitude: n(r.longitude),
            condicao: {
              situacaoMoradia: n(r.situacao_moradia_id),
              localizacao: n(r.localizacao_id),
              tipoDomicilio: n(r.tipo_domicilio_id),
              condicaoPosseTerra: n(r.condicao_posse_terra_id),
              moradores: n(r.numero_moradores),
              comodos: n(r.numero_comodos),
              tipoAcesso: n(r.tipo_acesso_id),
              materialParedes: n(r.material_paredes_id),
              energiaEletrica: bn(r.energia_eletrica),
              origemEnergia: n(r.tipo_origem_energia_eletrica_id),
              abastecimentoAgua: n(r.abastecimento_agua_id),
              tratamentoAgua: n(r.tratamento_agua_id),
              escoamentoSanitario: n(r.escoamento_sanitario_id),
              destinoLixo: n(r.destino_lixo_id),
            },
            possuiAnimais: bn(r.possui_animais),
            animais: (r.animal_ids as number[] | null) ?? [],
            quantidadeAnimais: n(r.quantidade_animais),
            instituicao: {
              nome: s(r.instituicao_nome),
              outrosProfissionais: bn(r.instituicao_outros_profissionais),
              responsavelNome: s(r.instituicao_responsavel_nome),
              responsavelCns: s(r.instituicao_responsavel_cns),
              responsavelCargo: s(r.instituicao_responsavel_cargo),
              responsavelTelefone: s(r.instituicao_responsavel_telefone),
            },
            familias: familias.get(id) ?? [],
          },
        },
      };
    }
    if (page.length < PAGINA) return;
    depois = String(page.at(-1)?.id);
  }
}

// A visit is never edited (only cancelled): it is sent once; a cancelled one is not sent.
async function* visitas(db: DbOrTx, f: Filtro): AsyncGenerator<Pendente> {
  let depois = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await queryRows<Row>(
      db,
      sql`select v.*, ${tsMs(sql`v.data_visita`)} as data_ms, u.cnes, u.id as unidade_id, u.nome as unidade_nome, e.ine, p.codigo_cns as prof_cns,
          v.ocupacao_id as cbo, m.nome as municipe_nome, m.codigo_cns as m_cns, m.cpf_numero as m_cpf,
          ${diaMs(sql`m.data_nascimento`)} as m_nasc, m.sexo_id as m_sexo, dom.latitude as d_lat, dom.longitude as d_lng,
          case when dom.id is null then null
            else coalesce(envd.uuid_ficha_originadora, du.cnes || '-' || dom.id::text) end as uuid_domicilio
        from visitas_domiciliares v
        join unidades_saude u on u.id = v.unidade_saude_id
        left join equipes e on e.id = v.equipe_id
        join profissionais p on p.id = v.profissional_id
        left join municipes m on m.id = v.municipe_id
        left join cadastros_domiciliares dom on dom.id = v.domicilio_id
        left join unidades_saude du on du.id = dom.unidade_saude_id
        left join esus_fichas_enviadas envd on envd.tipo = 'domiciliar' and envd.registro_id = dom.id
        left join esus_fichas_enviadas env on env.tipo = 'visita' and env.registro_id = v.id
        where v.unidade_saude_id = any(${uuids(f.unidades)})
          and v.cancelada_em is null and env.registro_id is null
          and ${noPeriodo(sql`v.data_visita`, f)}
          and v.id > ${depois}
        order by v.id limit ${PAGINA}`,
    );
    for (const r of page) {
      const id = String(r.id);
      const uuid = uuidFicha(String(r.cnes), id);
      yield {
        tipo: 'visita',
        registroId: id,
        municipeId: s(r.municipe_id),
        descricao: s(r.municipe_nome) ?? [r.logradouro, r.numero].filter(Boolean).join(', '),
        unidade: unidadeDe(r),
        versao: d(r.updated_at),
        uuidFichaOriginadora: uuid,
        item: {
          tipo: 'visita',
          ficha: {
            uuidFicha: uuid,
            lotacao: lotacao(r, Number(r.data_ms)),
            turno: Number(r.turno_atendimentos),
            numeroProntuario: s(r.numero_prontuario),
            cidadao: r.municipe_id
              ? { cns: s(r.m_cns), cpf: s(r.m_cpf), dataNascimento: n(r.m_nasc), sexo: n(r.m_sexo) }
              : null,
            compartilhada: bn(r.visita_compartilhada),
            motivos: (r.motivo_visita_ids as number[] | null) ?? [],
            desfecho: Number(r.desfecho_id),
            microArea: s(r.micro_area),
            foraArea: b(r.fora_area),
            tipoImovel: Number(r.tipo_imovel_id),
            peso: n(r.peso),
            altura: n(r.altura),
            pressaoSistolica: n(r.pressao_sistolica),
            pressaoDiastolica: n(r.pressao_diastolica),
            temperatura: n(r.temperatura),
            glicemia: n(r.glicemia),
            tipoGlicemia: n(r.momento_coleta_glicemia_id),
            latitude: n(r.d_lat),
            longitude: n(r.d_lng),
            uuidCadastroDomiciliar: s(r.uuid_domicilio),
          },
        },
      };
    }
    if (page.length < PAGINA) return;
    depois = String(page.at(-1)?.id);
  }
}

/** Every record the export sends, households first (a visit points at its household's uuidFicha). */
export async function* pendentes(db: DbOrTx, f: Filtro): AsyncGenerator<Pendente> {
  yield* domiciliares(db, f);
  yield* individuais(db, f);
  yield* visitas(db, f);
}
