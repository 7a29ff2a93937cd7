import { randomBytes } from 'node:crypto';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { camposDe } from '@saude/shared/rotulos';
import { equipeFieldsSchema } from '@saude/shared/schemas/administracao_equipes';
import { unidadeSaudeFieldsSchema } from '@saude/shared/schemas/administracao_unidades_saude';
import type { z } from 'zod';
import {
  TIPOS_IMPORTACAO_CNES,
  semAlteracoes,
  type ImportacaoCnes,
  type ImportacaoCnesFilters,
  type ItemPlanoCnes,
  type PreviaCnes,
  type ResumoCnes,
  type TipoImportacaoCnes,
} from '@saude/shared/schemas/administracao_importacao_cnes';
import { formatCns } from '@saude/shared/validation/cns';
import { formatCpf } from '@saude/shared/validation/cpf';
import { todayIso } from '@saude/shared/validation/dates';
import { desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import { audit } from '../../../access/audit';
import { hashSenha } from '../../../auth/service';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client';
import {
  equipes,
  importacoesCnes,
  lotacoes,
  perfis,
  profissionais,
  tiposUnidade,
  unidadesSaude,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { encerrarSessoes } from '../profissionais/service';
import { newId } from '../../../lib/ids';
import { mapPage, paginateTable, type PageResult } from '../../../lib/paginate';
import { alteracoes, DESATIVADO, type Alteracoes } from '../alteracoes';
import type { CnesArquivo } from './parser';
import type { Dated } from '../../../lib/answer';

export const RESOURCE = 'administracao/importacao_cnes';

// Matching (docs/decisions.md "Importação do CNES"): units by CNES, teams by INE, professionals by CPF (else CNS),
// bonds by professional × unit × CBO × team. A record the file brings is created (origem_cnes) or brought up to date;
// a record an earlier import created that the file no longer has is deactivated. Records made by hand are updated
// when the file names them but never deactivated by an import.

type Profissional = typeof profissionais.$inferSelect;
type Lotacao = typeof lotacoes.$inferSelect;

type Passo = ItemPlanoCnes & { executar: (tx: Tx, ctx: Ctx) => Promise<void> };
type Plano = Record<TipoImportacaoCnes, Passo[]>;

/** CNES establishment types (TP_UNID_ID) to our unit types; others get a type of their own named by the file. */
const TIPO_UNIDADE_CNES: Record<string, string> = {
  '01': 'UBS', // posto de saúde
  '02': 'UBS', // centro de saúde / unidade básica
  '04': 'POLICLINICA',
  '20': 'UPA', // pronto socorro geral
  '21': 'UPA', // pronto socorro especializado
  '73': 'UPA', // pronto atendimento
  '70': 'CAPS',
  '50': 'VIGILANCIA',
  '68': 'GESTAO',
};

/**
 * The profile a new bond gets from its occupation (CBO 2002), never 'gestor': managing is given by hand. Anything
 * else gets 'recepcao', the profile with the least access to clinical records (docs/decisions.md).
 */
export function perfilDoCbo(cbo: string): 'acs' | 'ace' | 'medico' | 'enfermagem' | 'recepcao' | 'vigilancia' {
  if (cbo === '515105') return 'acs';
  if (cbo === '515140') return 'ace';
  if (cbo.startsWith('225') || cbo.startsWith('2232')) return 'medico'; // physicians, dentists
  if (cbo.startsWith('2235') || cbo.startsWith('3222')) return 'enfermagem'; // nurses, nursing technicians
  if (cbo.startsWith('3522') || cbo === '515135') return 'vigilancia'; // health surveillance agents
  return 'recepcao';
}

/** The fields of a record's catalogue (rotulos.ts) the import writes: what its audit compares, none left out. */
const escritos = (schema: z.ZodObject, valores: object) => camposDe(schema).filter((c) => c in valores);
const CAMPOS_PROFISSIONAL = ['nome', 'login', 'email', 'cpf_numero', 'codigo_cns', 'ativo'] as const;
// The login of an imported professional is their CPF or CNS: personal too.
const PESSOAIS_PROFISSIONAL = ['login', 'email', 'cpf_numero', 'codigo_cns'] as const;
const CAMPOS_LOTACAO = [
  'unidade_saude_id',
  'ocupacao_codigo',
  'equipe_id',
  'perfil_id',
  'micro_areas',
  'inicio',
  'fim',
  'ativo',
] as const satisfies ReadonlyArray<keyof Lotacao>;

type Registro = Record<string, unknown>;
const diferencas = (
  antes: Registro | null,
  depois: Registro,
  campos: readonly string[],
  pessoais: readonly string[] = [],
) => alteracoes(antes, depois, campos, pessoais);

async function auditar(
  tx: Tx,
  ctx: Ctx,
  resource: string,
  action: 'create' | 'update',
  recordId: string,
  alt: Alteracoes,
) {
  await audit(tx, ctx, {
    action,
    resource,
    record_id: recordId,
    details: { alteracoes: alt, origem: 'importacao_cnes' },
  });
}

const mascaraDoc = (p: { cpf_numero?: string | null; codigo_cns?: string | null }) =>
  p.cpf_numero ? `CPF ${formatCpf(p.cpf_numero)}` : p.codigo_cns ? `CNS ${formatCns(p.codigo_cns)}` : '';

/**
 * Builds the plan against the database: what the file creates, updates and deactivates, each with its write, and what
 * it leaves alone because the screens' rules refuse it (issue 43), each with a warning saying why.
 */
async function planejar(tx: DbOrTx, arq: CnesArquivo): Promise<{ plano: Plano; avisos: string[] }> {
  const hoje = todayIso();
  const plano: Plano = { unidades: [], equipes: [], profissionais: [], lotacoes: [] };
  const avisos: string[] = [];
  // Hand-made assignments are never ended by an import: the teams and units they are in must stay active, with the
  // micro-areas they cover.
  const todasLotacoes = await tx.select().from(lotacoes);
  const manuaisAtivas = todasLotacoes.filter((l) => l.ativo && !l.origem_cnes);

  // ---- Units ----
  const todasUnidades = await tx.select().from(unidadesSaude);
  const unidadePorCnes = new Map(todasUnidades.map((u) => [u.cnes, u]));
  const tipos = await tx.select().from(tiposUnidade);
  const tipoPorCodigo = new Map(tipos.map((t) => [t.codigo, t]));
  const unidadeId = new Map<string, string>(); // CNES → id (existing or planned)
  const unidadeAtiva = new Set<string>(); // the file's units active after the import, by CNES
  const tiposNovos = new Map<string, { id: string; codigo: string; nome: string }>();
  const tipoPara = (codigo: string | null, descricao: string | null): string => {
    const nosso = codigo ? TIPO_UNIDADE_CNES[codigo] : 'UBS';
    const porNosso = nosso ? tipoPorCodigo.get(nosso) : undefined;
    if (porNosso) return porNosso.id;
    const cod = `CNES_${codigo ?? '00'}`;
    const existente = tipoPorCodigo.get(cod) ?? tiposNovos.get(cod);
    if (existente) return existente.id;
    const novo = { id: newId(), codigo: cod, nome: descricao ?? `Tipo CNES ${codigo}` };
    tiposNovos.set(cod, novo);
    return novo.id;
  };

  for (const u of arq.unidades) {
    const atual = unidadePorCnes.get(u.cnes);
    const dados = {
      nome: u.nome,
      cep: u.cep,
      logradouro: u.logradouro,
      numero: u.numero,
      complemento: u.complemento,
      bairro: u.bairro,
      telefones: u.telefones,
    };
    if (!atual) {
      const id = newId();
      unidadeId.set(u.cnes, id);
      unidadeAtiva.add(u.cnes);
      const tipo_unidade_id = tipoPara(u.tipo_codigo, u.tipo_descricao);
      const novo = { ...dados, ativo: true };
      const criada = { cnes: u.cnes, ...novo };
      const alt = diferencas(null, criada, escritos(unidadeSaudeFieldsSchema, criada));
      plano.unidades.push(
        criacao(UNIDADES, id, u.cnes, u.nome, alt, async (t) => {
          const tipoNovo = [...tiposNovos.values()].find((x) => x.id === tipo_unidade_id);
          if (tipoNovo) await t.insert(tiposUnidade).values(tipoNovo).onConflictDoNothing();
          await t.insert(unidadesSaude).values({ id, tipo_unidade_id, origem_cnes: true, ...criada });
        }),
      );
      continue;
    }
    unidadeId.set(u.cnes, atual.id);
    // Only an import's own deactivation is undone by a later file; a hand-made row stays as the manager left it.
    const depois = { ...dados, ativo: atual.origem_cnes ? true : atual.ativo };
    if (depois.ativo) unidadeAtiva.add(u.cnes);
    const alt = diferencas(atual, depois, escritos(unidadeSaudeFieldsSchema, depois));
    if (Object.keys(alt).length > 0) plano.unidades.push(atualizacao(UNIDADES, atual.id, u.cnes, u.nome, depois, alt));
  }

  // ---- Teams ----
  const todasEquipes = await tx.select().from(equipes);
  const equipePorIne = new Map(todasEquipes.map((e) => [e.ine, e]));
  const equipeId = new Map<string, string>();
  for (const e of arq.equipes) {
    const atual = equipePorIne.get(e.ine);
    const unidade_saude_id = unidadeId.get(e.cnes)!;
    // As the team screen: no active team in an inactive unit (one a manager deactivated by hand).
    if (!unidadeAtiva.has(e.cnes) && (!atual || atual.ativo || atual.origem_cnes)) {
      avisos.push(
        `Equipe INE ${e.ine} (${e.nome}) não importada: a unidade CNES ${e.cnes} está inativa aqui. Reative a unidade e importe de novo.`,
      );
      continue;
    }
    if (!atual) {
      const id = newId();
      equipeId.set(e.ine, id);
      const novo = { nome: e.nome, tipo: e.tipo, unidade_saude_id, micro_areas: e.micro_areas, ativo: true };
      const criada = { ine: e.ine, ...novo };
      const alt = diferencas(null, criada, escritos(equipeFieldsSchema, criada));
      plano.equipes.push(
        criacao(EQUIPES, id, e.ine, e.nome, alt, (t) => t.insert(equipes).values({ id, origem_cnes: true, ...criada })),
      );
      continue;
    }
    const manuaisDaEquipe = manuaisAtivas.filter((l) => l.equipe_id === atual.id);
    if (atual.unidade_saude_id !== unidade_saude_id && manuaisDaEquipe.length > 0) {
      avisos.push(
        `Equipe INE ${e.ine} (${e.nome}) não atualizada: a unidade ${adminMsg.equipeMudaUnidadeComLotacoes} (${manuaisDaEquipe.length} feitas à mão).`,
      );
      continue;
    }
    equipeId.set(e.ine, atual.id);
    // Exports often leave the agents' micro-area blank: an empty list never erases the team's. Nor does a list that
    // lacks a micro-area a hand-made assignment of the team covers (the team screen refuses that too).
    const emUso = manuaisDaEquipe.flatMap((l) => l.micro_areas);
    const micro_areas =
      e.micro_areas.length > 0 ? [...new Set([...e.micro_areas, ...emUso])].sort() : atual.micro_areas;
    const depois = {
      nome: e.nome,
      tipo: e.tipo ?? atual.tipo,
      unidade_saude_id,
      micro_areas,
      ativo: atual.origem_cnes ? true : atual.ativo,
    };
    const alt = diferencas(atual, depois, escritos(equipeFieldsSchema, depois));
    if (Object.keys(alt).length > 0) plano.equipes.push(atualizacao(EQUIPES, atual.id, e.ine, e.nome, depois, alt));
  }

  // ---- Professionals ----
  const todos = await tx.select().from(profissionais);
  const porCpf = new Map(todos.filter((p) => p.cpf_numero).map((p) => [p.cpf_numero!, p]));
  const porCns = new Map(todos.filter((p) => p.codigo_cns).map((p) => [p.codigo_cns!, p]));
  const logins = new Set(todos.map((p) => p.login.toLowerCase()));
  const vistos = new Set<string>(); // ids of the professionals the file names
  const profissionalId = new Map<object, string>();
  let senhaInutilizavel: Promise<string> | null = null;
  for (const p of arq.profissionais) {
    const atual = (p.cpf ? porCpf.get(p.cpf) : undefined) ?? (p.cns ? porCns.get(p.cns) : undefined);
    if (atual && vistos.has(atual.id)) {
      // The same person twice in the file: their bonds join the first entry's.
      profissionalId.set(p, atual.id);
      continue;
    }
    if (!atual) {
      const id = newId();
      profissionalId.set(p, id);
      let login = (p.cpf ?? p.cns)!;
      for (let n = 2; logins.has(login.toLowerCase()); n++) login = `${p.cpf ?? p.cns}.${n}`;
      logins.add(login.toLowerCase());
      const novo = { nome: p.nome, login, email: p.email, cpf_numero: p.cpf, codigo_cns: p.cns, ativo: true };
      // Whoever is first in the file wins; a second entry with the same document joins it.
      if (p.cpf) porCpf.set(p.cpf, { id } as Profissional);
      if (p.cns) porCns.set(p.cns, { id } as Profissional);
      vistos.add(id);
      const alt = diferencas(null, novo, CAMPOS_PROFISSIONAL, PESSOAIS_PROFISSIONAL);
      plano.profissionais.push(
        criacao(PROFISSIONAIS, id, mascaraDoc(novo), p.nome, alt, async (t) => {
          // No one knows this password: a manager's reset gives the professional a one-time one (issue 22).
          senhaInutilizavel ??= hashSenha(randomBytes(32).toString('base64url'));
          const senha_hash = await senhaInutilizavel;
          await t.insert(profissionais).values({ id, ...novo, senha_hash, senha_provisoria: true, origem_cnes: true });
        }),
      );
      continue;
    }
    profissionalId.set(p, atual.id);
    vistos.add(atual.id);
    // A document or e-mail the file lacks is kept: the CNES export leaves many blank.
    const depois = {
      nome: p.nome,
      login: atual.login,
      email: p.email ?? atual.email,
      cpf_numero: p.cpf ?? atual.cpf_numero,
      codigo_cns: p.cns ?? atual.codigo_cns,
      ativo: atual.origem_cnes ? true : atual.ativo,
    };
    const alt = diferencas(atual, depois, CAMPOS_PROFISSIONAL, PESSOAIS_PROFISSIONAL);
    if (Object.keys(alt).length === 0) continue;
    plano.profissionais.push(atualizacao(PROFISSIONAIS, atual.id, mascaraDoc(depois), p.nome, depois, alt));
  }
  for (const p of todos) {
    if (!p.origem_cnes || !p.ativo || vistos.has(p.id)) continue;
    const passo = desativacao(PROFISSIONAIS, p.id, mascaraDoc(p), p.nome);
    plano.profissionais.push({
      ...passo,
      executar: async (t, ctx) => {
        await passo.executar(t, ctx);
        // Issue 22: disabling a professional ends their sessions at once.
        await encerrarSessoes(t, p.id);
      },
    });
  }

  // ---- Bonds ----
  const chaveLotacao = (l: {
    profissional_id: string;
    unidade_saude_id: string;
    ocupacao_codigo: string;
    equipe_id: string | null;
  }) => `${l.profissional_id}|${l.unidade_saude_id}|${l.ocupacao_codigo}|${l.equipe_id ?? ''}`;
  const lotacaoPorChave = new Map<string, Lotacao>();
  for (const l of todasLotacoes) if (!lotacaoPorChave.has(chaveLotacao(l))) lotacaoPorChave.set(chaveLotacao(l), l);
  const perfisRows = await tx.select({ id: perfis.id, codigo: perfis.codigo }).from(perfis);
  const perfilId = new Map(perfisRows.map((p) => [p.codigo, p.id]));
  const nomeUnidade = new Map(arq.unidades.map((u) => [u.cnes, u.nome]));
  const equipeCnes = new Map(arq.equipes.map((e) => [e.ine, e.cnes]));
  const chavesDoArquivo = new Set<string>();
  for (const p of arq.profissionais) {
    const profId = profissionalId.get(p)!;
    for (const l of p.lotacoes) {
      const base = {
        profissional_id: profId,
        unidade_saude_id: unidadeId.get(l.cnes)!,
        ocupacao_codigo: l.cbo,
        equipe_id: l.ine ? (equipeId.get(l.ine) ?? null) : null,
      };
      const chave = chaveLotacao(base);
      if (chavesDoArquivo.has(chave)) continue;
      const rotulo = `${p.nome} — ${nomeUnidade.get(l.cnes)} — CBO ${l.cbo}`;
      // As the assignment screen: an active unit, and a team of that same unit.
      const recusa = !unidadeAtiva.has(l.cnes)
        ? `a unidade CNES ${l.cnes} está inativa aqui`
        : l.ine && !equipeId.has(l.ine)
          ? `a equipe INE ${l.ine} não foi importada`
          : l.ine && equipeCnes.get(l.ine) !== l.cnes
            ? `a equipe INE ${l.ine} é de outra unidade`
            : null;
      if (recusa) {
        avisos.push(`Lotação de ${rotulo} não importada: ${recusa}.`);
        continue;
      }
      chavesDoArquivo.add(chave);
      const chaveDoVinculo = l.ine ? `INE ${l.ine}` : `CNES ${l.cnes}`;
      const atual = lotacaoPorChave.get(chave);
      if (!atual) {
        const id = newId();
        const novo = {
          ...base,
          perfil_id: perfilId.get(perfilDoCbo(l.cbo)) ?? perfilId.get('recepcao')!,
          micro_areas: l.micro_area ? [l.micro_area] : [],
          inicio: hoje,
          fim: null,
          ativo: true,
        };
        const alt = diferencas(null, novo, CAMPOS_LOTACAO);
        const inserir = (t: Tx) => t.insert(lotacoes).values({ id, origem_cnes: true, ...novo });
        plano.lotacoes.push(criacao(LOTACOES, id, chaveDoVinculo, rotulo, alt, inserir));
        continue;
      }
      // The profile is the manager's to change: an import keeps it.
      const reativar = atual.origem_cnes && !atual.ativo;
      const depois = {
        ...base,
        perfil_id: atual.perfil_id,
        micro_areas: l.micro_area ? [l.micro_area] : atual.micro_areas,
        inicio: atual.inicio,
        fim: reativar ? null : atual.fim,
        ativo: reativar ? true : atual.ativo,
      };
      const alt = diferencas(atual, depois, CAMPOS_LOTACAO);
      if (Object.keys(alt).length > 0)
        plano.lotacoes.push(atualizacao(LOTACOES, atual.id, chaveDoVinculo, rotulo, depois, alt));
    }
  }
  const nomesProf = new Map(todos.map((p) => [p.id, p.nome]));
  const nomesUni = new Map(todasUnidades.map((u) => [u.id, u.nome]));
  for (const l of todasLotacoes) {
    if (!l.origem_cnes || !l.ativo || chavesDoArquivo.has(chaveLotacao(l))) continue;
    const profissional = nomesProf.get(l.profissional_id) ?? '';
    const rotulo = `${profissional} — ${nomesUni.get(l.unidade_saude_id) ?? ''} — CBO ${l.ocupacao_codigo}`;
    // As ending it on its screen: never before its start, and the professional's sessions in its unit end.
    const fim = l.inicio && l.inicio > hoje ? l.inicio : hoje;
    plano.lotacoes.push({
      acao: 'desativar',
      chave: l.equipe_id ? 'Equipe' : 'Unidade',
      nome: rotulo,
      campos: ['ativo', 'fim'],
      executar: async (t, ctx) => {
        await gravar(t, LOTACOES.table, l.id, { ativo: false, fim });
        await encerrarSessoes(t, l.profissional_id, l.unidade_saude_id);
        await auditar(t, ctx, LOTACOES.resource, 'update', l.id, {
          ativo: { antes: true, depois: false },
          fim: { antes: l.fim, depois: fim },
        });
      },
    });
  }

  // ---- Deactivations of teams and units, last: as on their screens, none while what is in it stays active ----
  const lotacaoFica = (l: Lotacao) => l.ativo && (!l.origem_cnes || chavesDoArquivo.has(chaveLotacao(l)));
  const lotacoesQueFicam = todasLotacoes.filter(lotacaoFica);
  const inesDoArquivo = new Set(arq.equipes.map((e) => e.ine));
  const equipesQueFicam = todasEquipes.filter((e) => e.ativo && (!e.origem_cnes || inesDoArquivo.has(e.ine)));
  for (const e of todasEquipes) {
    if (!e.origem_cnes || !e.ativo || inesDoArquivo.has(e.ine)) continue;
    const n = lotacoesQueFicam.filter((l) => l.equipe_id === e.id).length;
    if (n > 0) {
      avisos.push(`Equipe INE ${e.ine} (${e.nome}) não desativada. ${adminMsg.equipeComLotacoes(n)}`);
      equipesQueFicam.push(e);
      continue;
    }
    plano.equipes.push(desativacao(EQUIPES, e.id, e.ine, e.nome));
  }
  const cnesDoArquivo = new Set(arq.unidades.map((u) => u.cnes));
  for (const u of todasUnidades) {
    if (!u.origem_cnes || !u.ativo || cnesDoArquivo.has(u.cnes)) continue;
    // Teams the file moves to another unit are not in this one any more.
    const eq_ = equipesQueFicam.filter((e) => !inesDoArquivo.has(e.ine) && e.unidade_saude_id === u.id).length;
    const lt = lotacoesQueFicam.filter((l) => l.unidade_saude_id === u.id).length;
    if (eq_ > 0 || lt > 0) {
      avisos.push(`Unidade CNES ${u.cnes} (${u.nome}) não desativada. ${adminMsg.unidadeComVinculos(eq_, lt)}`);
      continue;
    }
    plano.unidades.push(desativacao(UNIDADES, u.id, u.cnes, u.nome));
  }
  return { plano, avisos };
}

/** Where each kind of record is written and audited. */
const UNIDADES = { resource: 'administracao/unidades_saude', table: unidadesSaude };
const EQUIPES = { resource: 'administracao/equipes', table: equipes };
const PROFISSIONAIS = { resource: 'administracao/profissionais', table: profissionais };
const LOTACOES = { resource: 'administracao/lotacoes', table: lotacoes };
type Tabela = typeof unidadesSaude | typeof equipes | typeof profissionais | typeof lotacoes;
type Alvo<T extends Tabela> = { resource: string; table: T };

/** Writes `set` on the row under a new version (a form opened before the import is then stale). */
const gravar = <T extends Tabela>(t: Tx, table: T, id: string, set: PgUpdateSetSource<T>) =>
  t
    .update(table)
    .set({ ...set, lock_version: sql`${table.lock_version} + 1`, updated_at: new Date() } as PgUpdateSetSource<T>)
    .where(eq(table.id, id));

/** Creates a record the file brings (`inserir`), audited with its fields. */
const criacao = (
  alvo: Alvo<Tabela>,
  id: string,
  chave: string,
  nome: string,
  alt: Alteracoes,
  inserir: (t: Tx) => Promise<unknown>,
): Passo => ({
  acao: 'criar',
  chave,
  nome,
  campos: [],
  executar: async (t, ctx) => {
    await inserir(t);
    await auditar(t, ctx, alvo.resource, 'create', id, alt);
  },
});

/** Brings a record up to what the file says (`depois`), audited with what changed. */
const atualizacao = <T extends Tabela>(
  alvo: Alvo<T>,
  id: string,
  chave: string,
  nome: string,
  depois: PgUpdateSetSource<T>,
  alt: Alteracoes,
): Passo => ({
  acao: 'atualizar',
  chave,
  nome,
  campos: Object.keys(alt),
  executar: async (t, ctx) => {
    await gravar(t, alvo.table, id, depois);
    await auditar(t, ctx, alvo.resource, 'update', id, alt);
  },
});

/** Deactivates an imported unit, team or professional the file no longer has. */
const desativacao = (
  alvo: Alvo<typeof unidadesSaude | typeof equipes | typeof profissionais>,
  id: string,
  chave: string,
  nome: string,
): Passo => ({
  acao: 'desativar',
  chave,
  nome,
  campos: ['ativo'],
  executar: async (t, ctx) => {
    await gravar(t, alvo.table, id, { ativo: false });
    await auditar(t, ctx, alvo.resource, 'update', id, DESATIVADO);
  },
});

function resumoDe(plano: Plano): ResumoCnes {
  const r = {} as ResumoCnes;
  for (const k of TIPOS_IMPORTACAO_CNES) {
    r[k] = { criar: 0, atualizar: 0, desativar: 0 };
    for (const p of plano[k]) r[k][p.acao]++;
  }
  return r;
}

/** One import at a time: a second waits for the first to commit, then plans against what it wrote. */
const travar = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('importacao_cnes'))`);

export async function previa(ctx: Ctx, arq: CnesArquivo, arquivo_nome: string): Promise<PreviaCnes> {
  // Planning only reads; the writes are closures that only the apply runs.
  const { plano, avisos: recusas } = await planejar(ctx.db, arq);
  const resumo = resumoDe(plano);
  const avisos = [...recusas, ...arq.avisos];
  const amostra = (k: TipoImportacaoCnes) =>
    plano[k].slice(0, 10).map(({ acao, chave, nome, campos }) => ({ acao, chave, nome, campos }));
  return {
    arquivo_nome,
    arquivo_sha256: arq.sha256,
    bytes: arq.bytes,
    resumo,
    amostras: {
      unidades: amostra('unidades'),
      equipes: amostra('equipes'),
      profissionais: amostra('profissionais'),
      lotacoes: amostra('lotacoes'),
    },
    avisos: avisos.slice(0, 50),
    total_avisos: avisos.length,
    sem_alteracoes: semAlteracoes(resumo),
  };
}

export async function aplicar(
  ctx: Ctx,
  arq: CnesArquivo,
  q: { arquivo_nome: string; sha256: string },
): Promise<Dated<ImportacaoCnes>> {
  if (arq.sha256 !== q.sha256)
    throw new AppError(409, 'O arquivo enviado não é o mesmo da prévia. Gere a prévia novamente.');
  return ctx.db.transaction(async (tx) => {
    await travar(tx);
    const { plano } = await planejar(tx, arq);
    for (const k of TIPOS_IMPORTACAO_CNES) for (const passo of plano[k]) await passo.executar(tx, ctx);
    const resumo = resumoDe(plano);
    const id = newId();
    const [row] = await tx
      .insert(importacoesCnes)
      .values({
        id,
        arquivo_nome: q.arquivo_nome,
        arquivo_sha256: arq.sha256,
        resumo,
        profissional_id: ctx.usuario!.profissionalId,
      })
      .returning();
    await audit(tx, ctx, { action: 'create', resource: RESOURCE, record_id: id, details: { resumo } });
    return {
      id,
      arquivo_nome: row!.arquivo_nome,
      arquivo_sha256: row!.arquivo_sha256,
      resumo,
      profissional_nome: ctx.usuario!.nome,
      created_at: row!.created_at,
      sem_alteracoes: semAlteracoes(resumo),
    };
  });
}

export async function list(ctx: Ctx, f: ImportacaoCnesFilters): Promise<PageResult<Dated<ImportacaoCnes>>> {
  const page = await paginateTable(f, ctx.db, importacoesCnes, undefined, () =>
    ctx.db
      .select({
        id: importacoesCnes.id,
        arquivo_nome: importacoesCnes.arquivo_nome,
        arquivo_sha256: importacoesCnes.arquivo_sha256,
        resumo: importacoesCnes.resumo,
        profissional_nome: profissionais.nome,
        created_at: importacoesCnes.created_at,
      })
      .from(importacoesCnes)
      .innerJoin(profissionais, eq(profissionais.id, importacoesCnes.profissional_id))
      .orderBy(desc(importacoesCnes.created_at), desc(importacoesCnes.id)),
  );
  return mapPage(page, (r) => {
    const resumo = r.resumo as ResumoCnes;
    return { ...r, resumo, sem_alteracoes: semAlteracoes(resumo) };
  });
}
