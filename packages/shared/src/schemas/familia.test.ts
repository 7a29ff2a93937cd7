import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { familiaFieldsSchema } from './familia';

const prontuario = familiaFieldsSchema.shape.numero_prontuario;

describe('family record number', () => {
  it("says what is allowed, not only 'não é válido' (issue 39)", () => {
    const r = prontuario.safeParse('WALK-123');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([msg.prontuarioCaracteres]);
    expect(msg.prontuarioCaracteres).toBe('deve conter apenas letras e números, sem espaços, hífens ou outros sinais');
  });

  it('takes letters and digits', () => {
    expect(prontuario.parse('WALK123')).toBe('WALK123');
  });
});
