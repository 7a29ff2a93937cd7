import { cnsFromPis, isValidPhone } from '@saude/shared';
import type { CondicaoSaudeValues, SociodemograficaValues } from '@saude/shared/schemas/municipe';
import { isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  equipes,
  lotacoes,
  municipeCondicoesSaude,
  municipeProntuarios,
  municipes,
  municipeSociodemograficas,
} from '../db/schema';
import { newId } from '../lib/ids';
import { makeCnsProvisorio, makeCpf } from './numbers';

// Demo citizens (issue 5): fictional people with realistic Brazilian names, valid CPF/CNS, spread over the demo
// territory. Deterministic (seeded PRNG, fixed reference date), so tests and screenshots see the same people.
// The 1,000,000-citizen benchmark (bench/municipes.ts) uses the same generator.

/** mulberry32: tiny, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 10)).join('');

export const nomesFemininos = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Vera',
  'Vitória',
  'Larissa',
  'Cláudia',
  'Beatriz',
  'Luana',
  'Rita',
  'Sônia',
  'Renata',
  'Eliane',
  'Josefa',
  'Simone',
  'Natália',
  'Raimunda',
  'Conceição',
  'Débora',
  'Tânia',
  'Lúcia',
  'Cecília',
  'Heloísa',
  'Lívia',
  'Valéria',
  'Rosângela',
  'Édna',
  'Inês',
  'Aparecida',
  'Graça',
  'Irene',
  'Tereza',
  'Creusa',
  'Iracema',
  'Jaqueline',
  'Kátia',
  'Lorena',
  'Mônica',
  'Priscila',
  'Regina',
  'Sabrina',
  'Yasmin',
] as const;
export const nomesMasculinos = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Sebastião',
  'André',
  'Fábio',
  'Vinícius',
  'Márcio',
  'Júlio',
  'César',
  'Joaquim',
  'Benedito',
  'Cícero',
  'Cristóvão',
  'Estêvão',
  'Geraldo',
  'Henrique',
  'Inácio',
  'Jônatas',
  'Lázaro',
  'Mário',
  'Nélson',
  'Otávio',
  'Patrício',
  'Rogério',
  'Sérgio',
  'Tiago',
  'Vítor',
  'Wélington',
  'Álvaro',
  'Ícaro',
  'Edson',
  'Gustavo',
  'Matheus',
  'Leonardo',
  'Renato',
  'Ricardo',
  'Roberto',
  'Severino',
  'Valdemar',
  'Zacarias',
  'Caio',
  'Davi',
] as const;
export const sobrenomes = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Magalhães',
  'Patrício',
  'Brandão',
  'Assunção',
  'Galvão',
  'Simões',
  'Guimarães',
  'Falcão',
  'Leão',
  'Romão',
  'Estêvão',
  'Müller',
  'Queiróz',
  'Brasil',
  'Sampaio',
  'Bezerra',
  'Cavalcanti',
  'Aragão',
  'Quintão',
  'Monteiro',
  'Correia',
  'Pinto',
  'Farias',
  'Batista',
  'Campos',
  'Reis',
  'Xavier',
  'Coelho',
  'Nogueira',
  'Borges',
  'Prado',
  'Siqueira',
  'Tavares',
  'Macêdo',
  'Sá',
  'Jesus',
  'Paixão',
  'Ávila',
  'Damásio',
  'Lustosa',
  'Paranhos',
  'Cunha',
  'Medeiros',
] as const;
const particulas = ['da', 'de', 'do', 'dos'] as const;

/** How names are drawn from the lists above: each draw takes exactly one rng() value, whatever the distribution. */
export type Nomes = {
  feminino: (rng: Rng) => string;
  masculino: (rng: Rng) => string;
  sobrenome: (rng: Rng) => string;
};

/** Every name of a list equally likely: the demo's and the tests' people (their output must not change). */
export const NOMES_UNIFORMES: Nomes = {
  feminino: (rng) => pick(rng, nomesFemininos),
  masculino: (rng) => pick(rng, nomesMasculinos),
  sobrenome: (rng) => pick(rng, sobrenomes),
};

/** A draw from `list` with the given weights; the list's tail past the weights falls off as 1/rank (Zipf). */
export function sorteioPonderado<T>(list: readonly T[], pesos: readonly number[]): (rng: Rng) => T {
  const k = pesos.length;
  const todos = list.map((_, i) => (i < k ? pesos[i]! : (pesos[k - 1]! * k) / (i + 1)));
  const acumulado: number[] = [];
  let soma = 0;
  for (const w of todos) acumulado.push((soma += w));
  return (rng) => {
    const x = rng() * soma;
    let lo = 0;
    let hi = acumulado.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (acumulado[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return list[lo]!;
  };
}

// IBGE, Censo 2010, "Nomes no Brasil": people whose first name it is, in thousands, for the first 20 of each list
// (the lists above are in that order); see docs/decisions.md.
const PESOS_FEMININOS = [
  11734, 3090, 726, 589, 566, 563, 552, 532, 529, 510, 479, 470, 465, 461, 456, 434, 430, 430, 418, 382,
];
const PESOS_MASCULINOS = [
  5733, 2972, 2567, 1765, 1483, 1418, 1214, 1117, 1103, 1101, 936, 932, 822, 711, 693, 668, 633, 616, 611, 599,
];

/** Names as often as in Brazil (the 12M bench, issue 41): many Marias and Josés; surnames 1/rank, Silva first. */
export const NOMES_FREQUENTES: Nomes = {
  feminino: sorteioPonderado(nomesFemininos, PESOS_FEMININOS),
  masculino: sorteioPonderado(nomesMasculinos, PESOS_MASCULINOS),
  sobrenome: sorteioPonderado(sobrenomes, [1]),
};

function sobrenomeComposto(rng: Rng, nomes: Nomes): string {
  const n = rng() < 0.55 ? 2 : 1;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    if (rng() < 0.25) parts.push(pick(rng, particulas));
    parts.push(nomes.sobrenome(rng));
  }
  return parts.join(' ');
}

/** A full name: one or two given names, then one or two surnames (sometimes with 'da', 'dos'…). */
export function gerarNome(rng: Rng, feminino: boolean, nomes: Nomes = NOMES_UNIFORMES): string {
  const dado = feminino ? nomes.feminino : nomes.masculino;
  const nome = rng() < 0.35 ? `${dado(rng)} ${dado(rng)}` : dado(rng);
  return `${nome} ${sobrenomeComposto(rng, nomes)}`;
}

/** A definitive CNS (first digit 1 or 2), derived from an 11-digit PIS-like number made from `n`. */
export function makeCnsDefinitivo(n: number, first: '1' | '2' = '1'): string {
  return cnsFromPis(`${first}${String(n % 10_000_000_000).padStart(10, '0')}`);
}

function gerarTelefone(rng: Rng, ddd: string, celular: boolean): string {
  for (;;) {
    const t = celular ? `${ddd}9${String(6 + Math.floor(rng() * 4))}${digits(rng, 7)}` : `${ddd}3${digits(rng, 7)}`;
    if (isValidPhone(t)) return t;
  }
}

/** Fixed "today" of the generator: ages do not drift between runs. */
const REFERENCIA = Date.UTC(2025, 0, 1);
const DIA = 86_400_000;
function dataNascimento(rng: Rng): string {
  // A population pyramid, roughly: more young adults than old people.
  const anos = Math.min(100, Math.floor(-Math.log(1 - rng() * 0.98) * 28));
  return new Date(REFERENCIA - (anos * 365 + Math.floor(rng() * 365)) * DIA).toISOString().slice(0, 10);
}

/** A piece of the territory a citizen lives in: a team with its unit, micro-areas, reference professional and street. */
export type Territorio = {
  unidade_saude_id: string | null;
  equipe_id: string | null;
  micro_areas: readonly string[];
  profissional_id: string | null;
  ocupacao_id: string | null;
} & Rua;

/** A street of the demo territory (its CEP is known, see demoEnderecos). */
export type Rua = {
  cep: string;
  tipo_logradouro: string;
  logradouro: string;
  bairro: string;
  uf: string;
  municipio_ibge: string;
};

export type MunicipeRow = typeof municipes.$inferInsert;

const RACA_INDIGENA = 5;
/** A few peoples of the e-SUS ethnicity table (codes/etnia: Guarani Kaiowá, Terena, Pataxó, Xavante, Kaingang). */
const ETNIAS = [58, 207, 181, 245, 77] as const;

/** One citizen's registry columns. `seq` makes the documents unique; `base` keeps seed and benchmark numbers apart. */
export function gerarMunicipe(
  rng: Rng,
  seq: number,
  territorios: readonly Territorio[],
  base = 0,
  nomes: Nomes = NOMES_UNIFORMES,
): MunicipeRow {
  const feminino = rng() < 0.52;
  const nome = gerarNome(rng, feminino, nomes);
  const nascimento = dataNascimento(rng);
  const adulto = Number(nascimento.slice(0, 4)) <= 2006;
  const t = pick(rng, territorios);
  const sobrenomeMae = sobrenomeComposto(rng, nomes);
  const semCns = rng() < 0.03;
  const foraArea = t.equipe_id === null || rng() < 0.04;
  const celular = rng() < 0.85;
  const row: MunicipeRow = {
    id: newId(),
    cpf_numero: adulto || rng() < 0.4 ? makeCpf(base + seq) : null,
    codigo_cns: semCns
      ? null
      : rng() < 0.8
        ? makeCnsDefinitivo(base + seq, rng() < 0.5 ? '1' : '2')
        : makeCnsProvisorio(base + seq),
    cartao_provisorio: semCns ? `${900_000 + (seq % 100_000)}${digits(rng, 4)}` : null,
    nome,
    nome_social: rng() < 0.01 ? gerarNome(rng, !feminino, nomes).split(' ')[0]! : null,
    data_nascimento: nascimento,
    sexo_id: feminino ? 1 : 0,
    raca_cor_id: pick(rng, [1, 2, 4, 4, 4, 3, 1, 5]),
    estado_civil_id: adulto ? pick(rng, [1, 2, 2, 3, 4, 5]) : 1,
    nome_mae: rng() < 0.97 ? `${nomes.feminino(rng)} ${sobrenomeMae}` : null,
    mae_desconhecida: false,
    nome_pai: rng() < 0.75 ? `${nomes.masculino(rng)} ${nome.split(' ').at(-1)}` : null,
    pai_desconhecido: false,
    nacionalidade_id: 1,
    municipio_nascimento_ibge: t.municipio_ibge,
    telefone_celular: celular ? gerarTelefone(rng, '61', true) : null,
    telefone_residencial: !celular || rng() < 0.2 ? gerarTelefone(rng, '61', false) : null,
    email:
      rng() < 0.2
        ? `${nome.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${seq}@exemplo.com.br`
        : null,
    residencia_cep: t.cep,
    residencia_uf: t.uf,
    residencia_municipio_ibge: t.municipio_ibge,
    residencia_tipo_logradouro: t.tipo_logradouro,
    residencia_logradouro: t.logradouro,
    residencia_numero: String(1 + Math.floor(rng() * 1500)),
    residencia_bairro: t.bairro,
    unidade_saude_referencia_id: t.unidade_saude_id,
    equipe_id: foraArea ? null : t.equipe_id,
    profissional_id: foraArea ? null : t.profissional_id,
    ocupacao_id: foraArea ? null : t.ocupacao_id,
    micro_area: foraArea || t.micro_areas.length === 0 ? null : pick(rng, t.micro_areas),
    fora_area: foraArea,
    doador_sangue: adulto && rng() < 0.1,
    tipo_sanguineo_id: rng() < 0.3 ? 1 + Math.floor(rng() * 8) : null,
  };
  // What a registration takes (LEDI FCI): a blank parent is a declared unknown one, an indigenous citizen has an
  // ethnicity. Derived after the draws, so the PRNG sequence (and every other demo value) stays as it was.
  row.mae_desconhecida = row.nome_mae == null;
  row.pai_desconhecido = row.nome_pai == null;
  if (row.raca_cor_id === RACA_INDIGENA) row.etnia_id = ETNIAS[seq % ETNIAS.length]!;
  return row;
}

function gerarCondicaoSaude(rng: Rng, row: MunicipeRow): CondicaoSaudeValues {
  const idade = 2025 - Number(row.data_nascimento.slice(0, 4));
  const p = (x: number) => rng() < x;
  const cardiaca = idade > 50 && p(0.1);
  return {
    gestante: row.sexo_id === 1 && idade >= 15 && idade <= 45 && p(0.08),
    maternidade_referencia: undefined,
    consideracao_peso_id: pick(rng, [21, 22, 22, 23]),
    fumante: idade > 15 && p(0.12),
    alcool: idade > 15 && p(0.06),
    outras_drogas: idade > 15 && p(0.02),
    hipertensao: idade > 35 && p(0.35),
    diabetes: idade > 35 && p(0.15),
    avc: idade > 55 && p(0.04),
    infarto: idade > 55 && p(0.04),
    doenca_cardiaca: cardiaca,
    doencas_cardiacas: cardiaca ? [24] : [],
    doenca_rins: false,
    doencas_rins: [],
    doenca_respiratoria: false,
    doencas_respiratorias: [],
    hanseniase: false,
    tuberculose: false,
    cancer: idade > 50 && p(0.03),
    internacao_12_meses: false,
    internacao_causa: undefined,
    saude_mental: p(0.05),
    acamado: idade > 75 && p(0.1),
    domiciliado: idade > 75 && p(0.2),
    plantas_medicinais: p(0.1),
    plantas_medicinais_quais: undefined,
    praticas_integrativas: false,
    outras_condicoes: [],
    situacao_rua: false,
    tempo_situacao_rua_id: undefined,
    recebe_beneficio: false,
    referencia_familiar: false,
    visita_familiar: false,
    grau_parentesco_familiar: undefined,
    acompanhado_outra_instituicao: false,
    outra_instituicao: undefined,
    quantas_vezes_alimentacao_id: undefined,
    origem_alimentacao: [],
    acesso_higiene: false,
    acesso_higiene_ids: [],
  } satisfies CondicaoSaudeValues;
}

function gerarSociodemografica(rng: Rng, row: MunicipeRow): SociodemograficaValues {
  const idade = 2025 - Number(row.data_nascimento.slice(0, 4));
  const crianca = idade <= 9;
  return {
    povo_comunidade_tradicional: false,
    povo_comunidade_tradicional_id: undefined,
    curso_mais_elevado_id: crianca ? pick(rng, [51, 52, 53]) : pick(rng, [54, 55, 56, 60, 60, 63, 65]),
    frequenta_escola: idade >= 4 && idade <= 17,
    situacao_mercado_trabalho_id: crianca ? undefined : pick(rng, [67, 68, 70, 71, 72, 73]),
    ocupacao_id: undefined,
    participa_grupo_comunitario: rng() < 0.1,
    plano_saude_privado: rng() < 0.2,
    frequenta_cuidador_tradicional: rng() < 0.05,
    possui_deficiencia: false,
    deficiencias: [],
    informa_orientacao_sexual: false,
    orientacao_sexual_id: undefined,
    informa_identidade_genero: false,
    identidade_genero_id: undefined,
    responsavel_familiar: idade >= 18 && rng() < 0.4,
    responsaveis_criancas: crianca ? [1] : [],
  } satisfies SociodemograficaValues;
}

// The demo territory: a street (demoEnderecos CEP) per team INE of seed/demo.ts.
const ruaPorEquipe: Record<string, string> = {
  '9900000011': '70000001',
  '9900000012': '70000002',
  '9900000021': '70000003',
  '9900000031': '70000004',
  '9900000041': '70000005',
};

/** The demo teams with their unit, micro-areas, ACS and street (read back from the database seeded by seedDemo). */
export async function loadTerritorios(db: DbOrTx, enderecos: readonly Rua[]): Promise<Territorio[]> {
  const teams = await db.select().from(equipes);
  const agentes = await db
    .select({ equipe_id: lotacoes.equipe_id, profissional_id: lotacoes.profissional_id, cbo: lotacoes.ocupacao_codigo })
    .from(lotacoes)
    .where(isNotNull(lotacoes.equipe_id));
  const out: Territorio[] = [];
  for (const t of teams) {
    const e = enderecos.find((x) => x.cep === ruaPorEquipe[t.ine]) ?? enderecos[out.length % enderecos.length]!;
    const agente =
      agentes.find((a) => a.equipe_id === t.id && a.cbo === '515105') ?? agentes.find((a) => a.equipe_id === t.id);
    out.push({
      unidade_saude_id: t.unidade_saude_id,
      equipe_id: t.id,
      micro_areas: t.micro_areas,
      profissional_id: agente?.profissional_id ?? null,
      ocupacao_id: agente?.cbo ?? null,
      ...e,
    });
  }
  return out.length > 0
    ? out
    : enderecos.map((e) => ({
        unidade_saude_id: null,
        equipe_id: null,
        micro_areas: [],
        profissional_id: null,
        ocupacao_id: null,
        ...e,
      }));
}

export const DEMO_MUNICIPES = 300;
/** Seed numbers far from the benchmark's (bench/municipes.ts) and the professionals' (seed/demo.ts). */
const SEED_BASE = 700_000_000;

/** 300 demo citizens, a third with health conditions and sociodemographic answers, half with a record number. */
export async function seedMunicipes(db: Db, enderecos: Parameters<typeof loadTerritorios>[1]): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(municipes);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const territorios = await loadTerritorios(tx, enderecos);
    const rng = prng(20250101);
    const rows = Array.from({ length: DEMO_MUNICIPES }, (_, i) => gerarMunicipe(rng, i + 1, territorios, SEED_BASE));
    await tx.insert(municipes).values(rows);
    const condicoes = rows
      .filter(() => rng() < 0.35)
      .map((r) => ({ municipe_id: r.id!, dados: gerarCondicaoSaude(rng, r) }));
    const socio = rows
      .filter(() => rng() < 0.35)
      .map((r) => ({ municipe_id: r.id!, dados: gerarSociodemografica(rng, r) }));
    if (condicoes.length) await tx.insert(municipeCondicoesSaude).values(condicoes);
    if (socio.length) await tx.insert(municipeSociodemograficas).values(socio);
    const seqPorUnidade = new Map<string, number>();
    const prontuarios = rows
      .filter((r) => r.unidade_saude_referencia_id && rng() < 0.5)
      .map((r) => {
        const unidade = r.unidade_saude_referencia_id!;
        const seq = (seqPorUnidade.get(unidade) ?? 0) + 1;
        seqPorUnidade.set(unidade, seq);
        return { id: newId(), municipe_id: r.id!, unidade_saude_id: unidade, numero: String(seq).padStart(6, '0') };
      });
    if (prontuarios.length) await tx.insert(municipeProntuarios).values(prontuarios);
  });
}
