import { msg } from '@saude/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { answeringUnique } from './unique';

// A concurrent save's unique violation answers like the check before it (422 on the field), never a 500.

const violacao = (constraint: string) => Object.assign(new Error('duplicate key'), { code: '23505', constraint });
const falha = (e: unknown) => () => Promise.reject(e);
const INDICES = { categorias_sigla_key: 'sigla', filas_local_key: { field: 'locais', message: msg.localRepetido } };

describe('answeringUnique', () => {
  it('answers what the save answers', async () => {
    await expect(answeringUnique(INDICES, () => Promise.resolve(7))).resolves.toBe(7);
  });

  it("answers 422 'já está em uso' on the field of the index broken, also when wrapped by drizzle", async () => {
    const e = await answeringUnique(INDICES, falha({ cause: violacao('categorias_sigla_key') })).catch((x) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ statusCode: 422, errors: { sigla: [msg.jaEmUso] } });
  });

  it('answers the message an index names', async () => {
    const e = await answeringUnique(INDICES, falha(violacao('filas_local_key'))).catch((x) => x);
    expect(e).toMatchObject({ statusCode: 422, errors: { locais: [msg.localRepetido] } });
  });

  it('passes any other error, another index broken included', async () => {
    const outro = violacao('outra_key');
    await expect(answeringUnique(INDICES, falha(outro))).rejects.toBe(outro);
    const qualquer = new Error('x');
    await expect(answeringUnique(INDICES, falha(qualquer))).rejects.toBe(qualquer);
  });
});
