import { msg } from '@saude/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, findProfissional } from '../seed/demo';
import { auditRows, login, signIn } from '../test/helpers';
import { problemasNovaSenha, senhaComum } from './password-policy';
import { throttlePolicy } from './throttle';
import { useTestApp } from '../test/lifecycle';

describe('password rules (ASVS 5: length, common passwords, the login; nothing else)', () => {
  it('refuses the most common passwords in any letter case, and the demo password', () => {
    for (const s of ['password', '12345678', 'qwertyuiop', 'Password1', 'PASSWORD', 'iloveyou', 'saude123'])
      expect(senhaComum(s), s).toBe(true);
    for (const s of ['ipê-amarelo na praça', 'cavalo correto bateria', 'x7#Lq9vZ'])
      expect(senhaComum(s), s).toBe(false);
  });

  it('refuses a password that is or contains the login, or is the current one, and asks for nothing else', () => {
    expect(problemasNovaSenha('medico', 'medico', 'x')).toContain(msg.senhaContemLogin);
    expect(problemasNovaSenha('Dr.Medico.2024', 'medico', 'x')).toEqual([msg.senhaContemLogin]);
    expect(problemasNovaSenha('uma frase longa qualquer', 'medico', 'uma frase longa qualquer')).toEqual([
      msg.senhaIgualAtual,
    ]);
    // No composition rule: lower-case letters and spaces only are fine.
    expect(problemasNovaSenha('uma frase longa qualquer', 'medico', 'x')).toEqual([]);
    expect(problemasNovaSenha('abcdefghij', 'medico', 'x')).toEqual([]);
  });
});

describe('PUT /api/v2/auth/senha', () => {
  const t = useTestApp({}, { demo: true });

  const trocar = (headers: Record<string, string>, senha_atual: string, nova_senha: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v2/auth/senha',
      headers,
      payload: { senha_atual, nova_senha, confirmacao: nova_senha },
    });

  it('answers field messages in pt-BR: short, common, containing the login', async () => {
    const headers = await signIn(t, 'medico');
    const short = await trocar(headers, DEMO_PASSWORD, 'curta');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.nova_senha).toEqual([msg.min(8)]);
    const common = await trocar(headers, DEMO_PASSWORD, 'baseball');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ nova_senha: [msg.senhaComum] });
    const withLogin = await trocar(headers, DEMO_PASSWORD, 'MEDICO-de-plantao');
    expect(withLogin.json().errors).toEqual({ nova_senha: [msg.senhaContemLogin] });
    // Both fields at once when the current password is wrong too.
    const both = await trocar(headers, 'errada', 'baseball');
    expect(both.json().errors).toEqual({ senha_atual: [msg.senhaAtualIncorreta], nova_senha: [msg.senhaComum] });
    expect((await trocar(headers, DEMO_PASSWORD, 'ipê amarelo na praça')).statusCode).toBe(204);
    expect((await login(t, 'medico', 'ipê amarelo na praça')).statusCode).toBe(200);
  });

  it('throttles and audits wrong current passwords, counted before they are evaluated', async () => {
    const headers = await signIn(t, 'enfermagem');
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) => trocar(headers, `chute-${i}`, 'uma senha nova e boa')),
    );
    const count = (s: number) => res.filter((r) => r.statusCode === s).length;
    expect(count(422)).toBe(throttlePolicy.passwordChangeLimit);
    expect(count(429)).toBe(12 - throttlePolicy.passwordChangeLimit);
    const blocked = res.find((r) => r.statusCode === 429)!;
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(blocked.json().message).toBe(msg.muitasTentativasSenha(wait));
    // The right password is refused too while blocked.
    expect((await trocar(headers, DEMO_PASSWORD, 'uma senha nova e boa')).statusCode).toBe(429);
    const { id } = (await findProfissional(t.db, 'enfermagem'))!;
    expect(await auditRows(t, { action: 'troca_senha_falhou', record_id: id })).toHaveLength(
      throttlePolicy.passwordChangeLimit,
    );
    expect(await auditRows(t, { action: 'troca_senha_bloqueada', record_id: id })).toHaveLength(
      12 - throttlePolicy.passwordChangeLimit + 1,
    );
  });
});
