import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { auditRows, buildTestApp, type TestApp } from '../test/helpers';
import { auditedRead } from './audit';
import type { Ctx } from './context';

describe('auditedRead', () => {
  let t: TestApp;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await buildTestApp();
    ctx = { db: t.db, leitura: t.db, usuario: null, ip: '10.0.0.7' };
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves one row naming the citizens read, the parts and the address, and answers the read', async () => {
    const record = newId();
    const [a, b] = [newId(), newId()];
    const result = await auditedRead(
      ctx,
      async () => ({ ids: [a, b, a] }),
      (r) => ({
        resource: 'teste',
        action: 'index',
        record_id: record,
        municipe_ids: r.ids,
        details: { campos: ['x'] },
      }),
    );
    expect(result.ids).toHaveLength(3);
    const rows = await auditRows(t, { record_id: record });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'index', resource: 'teste', ip: '10.0.0.7', details: { campos: ['x'] } });
    expect([...(rows[0]!.municipe_ids ?? [])].sort()).toEqual([a, b].sort());
  });

  it('writes nothing when the read showed nobody', async () => {
    const record = newId();
    await auditedRead(
      ctx,
      async () => [],
      () => ({ resource: 'teste', action: 'index', record_id: record, municipe_ids: [] }),
    );
    expect(await auditRows(t, { record_id: record })).toHaveLength(0);
  });

  it('rolls the row back with the read when the read fails', async () => {
    const record = newId();
    await expect(
      auditedRead(
        ctx,
        async () => {
          throw new Error('falhou');
        },
        () => ({ resource: 'teste', action: 'show', record_id: record, municipe_ids: [newId()] }),
      ),
    ).rejects.toThrow('falhou');
    expect(await auditRows(t, { record_id: record })).toHaveLength(0);
  });
});
