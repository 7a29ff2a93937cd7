import { readFile } from 'node:fs/promises';
import { request } from '@playwright/test';
import { formatCns } from '@saude/shared/validation/cns';
import { formatCpf } from '@saude/shared/validation/cpf';
import { SENHA_DEMO } from './fixtures';

// Issue 14: after the whole e2e run, the server's log must hold none of the citizens' names, CPFs or CNSs — the demo's
// and every one the tests created. The citizens are read back through the API (as the demo manager), so the list
// follows the data instead of a copy of the seed.

type Municipe = { nome: string; cpf_numero: string | null; codigo_cns: string | null };

async function municipes(baseURL: string): Promise<Municipe[]> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/v2/auth/login', { data: { login: 'admin', senha: SENHA_DEMO } });
  if (login.status() !== 200) throw new Error(`login do admin: ${login.status()}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const lotacoes = (await (await api.get('/api/v2/auth/lotacoes', { headers })).json()) as Array<{
    unidade_saude_id: string;
  }>;
  const sel = await api.put('/api/v2/auth/unidade_atual', {
    headers,
    data: { unidade_saude_id: lotacoes[0]!.unidade_saude_id },
  });
  if (sel.status() !== 200) throw new Error(`unidade do admin: ${sel.status()}`);
  const todos: Municipe[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`/api/v1/municipes?per_page=100&page=${page}`, { headers });
    if (res.status() !== 200) throw new Error(`lista de munícipes: ${res.status()}`);
    const rows = (await res.json()) as Municipe[];
    todos.push(...rows);
    if (rows.length < 100) break;
  }
  await api.dispose();
  return todos;
}

export default async function logSemDadosPessoais(): Promise<void> {
  const log = await readFile(process.env.E2E_LOG!, 'utf8');
  const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;
  const lista = await municipes(baseURL);
  if (lista.length < 300) throw new Error(`esperava os 300 munícipes da demonstração, vieram ${lista.length}`);
  const achados: string[] = [];
  for (const m of lista) {
    const valores = [m.nome];
    if (m.cpf_numero) valores.push(m.cpf_numero, formatCpf(m.cpf_numero));
    if (m.codigo_cns) valores.push(m.codigo_cns, formatCns(m.codigo_cns));
    // Digits count only on their own: a CPF inside a millisecond timestamp is a coincidence, not a leak.
    const noLog = (v: string) => (/^\d+$/.test(v) ? new RegExp(`(?<!\\d)${v}(?!\\d)`).test(log) : log.includes(v));
    for (const v of valores) if (noLog(v)) achados.push(v.replace(/\d(?=\d{2})/g, '•'));
  }
  if (!log.includes('"statusCode"'))
    throw new Error(`o log do servidor (${process.env.E2E_LOG}) não tem as requisições`);
  if (achados.length > 0)
    throw new Error(
      `o log do servidor tem dados pessoais de munícipes (${achados.length}): ${achados.slice(0, 5).join(', ')}`,
    );
  console.log(`Log do servidor sem dados pessoais: ${lista.length} munícipes procurados em ${log.length} caracteres.`);
}
