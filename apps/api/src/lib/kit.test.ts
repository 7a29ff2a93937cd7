import { msg } from '@saude/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../access/context';
import type { DbOrTx } from '../db/client';
import { auditoria, categorias, lotacoes, profissionais, unidadesSaude } from '../db/schema';
import { findRow, finderOf, otherThan, withAutorUnidade, withLotacoesAtivas } from '../db/sql';
import { fixtures } from '../test/fixtures';
import { useTestApp } from '../test/helpers';
import { newId } from './ids';
import { createRecord, updateRecord } from './versioned';

// The kit pieces a module's reads and saves are made of (docs/como-adicionar-um-modulo.md), on a real database.

const t = useTestApp();
const ctxOf = (): Ctx => ({ db: t.db, leitura: t.db, usuario: null, ip: '127.0.0.1' });

async function categoria(sigla: string) {
  const id = newId();
  await t.db.insert(categorias).values({ id, nome: `Categoria ${sigla}`, sigla, prioridade: 1, cor: '#112233' });
  return id;
}

describe('createRecord', () => {
  const find = finderOf(categorias);
  const load = async (db: DbOrTx, id: string) => (await find(db, id)) ?? null;
  const values = (sigla: string) => ({ nome: `Criada ${sigla}`, sigla, prioridade: 2, cor: '#445566' });

  it('checks, inserts under a new id with its author, audits that id and answers the load', async () => {
    let auditado: string | null = null;
    const criada = await createRecord(ctxOf(), categorias, {
      check: async () => undefined,
      values: values('CA'),
      audit: async (_tx, id) => void (auditado = id),
      load,
    });
    expect(criada).toMatchObject({ ...values('CA'), lock_version: 0, updated_by: null });
    expect(auditado).toBe(criada.id);
  });

  it('writes nothing when the check refuses, and answers a broken unique index as 422 on its field', async () => {
    const recusa = new Error('refused');
    const base = { audit: async () => undefined, load };
    await expect(
      createRecord(ctxOf(), categorias, { ...base, values: values('CB'), check: () => Promise.reject(recusa) }),
    ).rejects.toBe(recusa);
    expect(await t.db.select().from(categorias).where(eq(categorias.sigla, 'CB'))).toEqual([]);
    await categoria('CC');
    await expect(
      createRecord(ctxOf(), categorias, { ...base, values: values('CC'), unique: { categorias_sigla_key: 'sigla' } }),
    ).rejects.toMatchObject({ statusCode: 422, errors: { sigla: [msg.jaEmUso] } });
  });
});

describe('updateRecord', () => {
  const find = finderOf(categorias);
  const load = async (db: DbOrTx, id: string) => (await find(db, id)) ?? null;

  it('checks against the row as it was, writes raising the version, audits the row before, answers the load', async () => {
    const id = await categoria('UA');
    const vistos: string[] = [];
    const salva = await updateRecord(ctxOf(), categorias, id, 0, {
      find,
      check: async (_tx, atual) => void vistos.push(`check ${atual.nome}`),
      set: { nome: 'Nova' },
      audit: async (_tx, atual) => void vistos.push(`audit ${atual.nome}`),
      load,
    });
    expect(vistos).toEqual(['check Categoria UA', 'audit Categoria UA']);
    expect(salva).toMatchObject({ id, nome: 'Nova', lock_version: 1 });
  });

  it('answers 409 edicao_desatualizada on an old version and 404 on an unknown id, writing nothing', async () => {
    const id = await categoria('UB');
    const passos = { find, set: { nome: 'Outra' }, audit: () => Promise.reject(new Error('no audit')), load };
    await expect(updateRecord(ctxOf(), categorias, id, 5, passos)).rejects.toMatchObject({
      statusCode: 409,
      message: msg.edicaoDesatualizada,
    });
    await expect(updateRecord(ctxOf(), categorias, newId(), 0, passos)).rejects.toMatchObject({ statusCode: 404 });
    expect(await find(t.db, id)).toMatchObject({ nome: 'Categoria UB', lock_version: 0 });
  });

  it('rolls back when the check refuses, and answers a broken unique index as 422 on its field', async () => {
    const id = await categoria('UC');
    await categoria('UD');
    const recusa = new Error('refused');
    const base = { find, audit: async () => undefined, load };
    await expect(
      updateRecord(ctxOf(), categorias, id, 0, { ...base, set: { nome: 'X' }, check: () => Promise.reject(recusa) }),
    ).rejects.toBe(recusa);
    await expect(
      updateRecord(ctxOf(), categorias, id, 0, {
        ...base,
        set: { sigla: 'UD' },
        unique: { categorias_sigla_key: 'sigla' },
      }),
    ).rejects.toMatchObject({ statusCode: 422, errors: { sigla: [msg.jaEmUso] } });
    expect(await find(t.db, id)).toMatchObject({ nome: 'Categoria UC', sigla: 'UC', lock_version: 0 });
  });
});

describe('finderOf and otherThan', () => {
  it('finds a row by id (null for an unknown or malformed one) and leaves one row out', async () => {
    const id = await categoria('FA');
    const find = finderOf(categorias);
    expect(await find(t.db, id)).toEqual(await findRow(t.db, categorias, id));
    expect(await find(t.db, 'nao-e-uuid')).toBeNull();
    const mesmaSigla = (selfId: string | null) =>
      t.db
        .select({ id: categorias.id })
        .from(categorias)
        .where(and(eq(categorias.sigla, 'FA'), otherThan(categorias.id, selfId)));
    expect(await mesmaSigla(null)).toEqual([{ id }]);
    expect(await mesmaSigla(id)).toEqual([]);
  });
});

describe('withAutorUnidade', () => {
  it("selects the author's and the unit's names beside the row, null where the row names none", async () => {
    const { unidade } = await fixtures(t).territorio();
    const autor = await fixtures(t).usuario({ perfil: 'gestor', unidade });
    const resource = `kit/${newId()}`;
    await t.db.insert(auditoria).values([
      { action: 'com', resource, profissional_id: autor.id, unidade_saude_id: unidade.id },
      { action: 'sem', resource },
    ]);
    const rows = await withAutorUnidade(
      t.db
        .select({ action: auditoria.action, profissional: profissionais.nome, unidade: unidadesSaude.nome })
        .from(auditoria)
        .$dynamic(),
      { profissional: auditoria.profissional_id, unidade: auditoria.unidade_saude_id },
    )
      .where(eq(auditoria.resource, resource))
      .orderBy(auditoria.action);
    expect(rows).toEqual([
      { action: 'com', profissional: autor.nome, unidade: unidade.nome },
      { action: 'sem', profissional: null, unidade: null },
    ]);
  });
});

describe('withLotacoesAtivas', () => {
  it("keeps the unit's active assignments of active professionals, and what `where` adds", async () => {
    const { unidade } = await fixtures(t).territorio();
    const { unidade: outra } = await fixtures(t).territorio();
    const ativo = await fixtures(t).usuario({ perfil: 'gestor', unidade });
    const colega = await fixtures(t).usuario({ perfil: 'gestor', unidade });
    const inativo = await fixtures(t).usuario({ perfil: 'gestor', unidade });
    const desligado = await fixtures(t).usuario({ perfil: 'gestor', unidade });
    await fixtures(t).usuario({ perfil: 'gestor', unidade: outra });
    await t.db.update(profissionais).set({ ativo: false }).where(eq(profissionais.id, inativo.id));
    await t.db.update(lotacoes).set({ ativo: false }).where(eq(lotacoes.profissional_id, desligado.id));
    const quem = (where?: ReturnType<typeof eq>) =>
      withLotacoesAtivas(t.db.select({ id: lotacoes.profissional_id }).from(lotacoes).$dynamic(), unidade.id, where);
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();
    expect(ids(await quem())).toEqual([ativo.id, colega.id].sort());
    expect(await quem(eq(lotacoes.profissional_id, colega.id))).toEqual([{ id: colega.id }]);
    expect(await quem(eq(lotacoes.profissional_id, inativo.id))).toEqual([]);
  });
});
