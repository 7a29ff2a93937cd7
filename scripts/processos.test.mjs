// Issue 42: many API processes on one PostgreSQL. Three processes started at the same moment on one throwaway
// PostgreSQL 15 (the engine a municipality runs; the roles split as in production: DATABASE_OWNER_URL migrates,
// DATABASE_URL serves), behind the shipped nginx over HTTPS/HTTP2. What one process changes, another sees at its next
// request: sessions, profiles, the calling panel's stream, notices, the bell, an idempotent visit. Then PROCESSOS=2 on
// the embedded default: two workers serve, the DATA_DIR lock still refuses a second start. Needs Debian's PostgreSQL
// binaries, nginx and openssl (.ci/run installs them); skipped where they are missing.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificado, esperar, h2, iniciarApi, iniciarNginx, portaLivre, temBinario } from './processos-kit.mjs';

const disponivel = temBinario('nginx') && temBinario('openssl') && fs.existsSync('/usr/lib/postgresql/15/bin/initdb');

const SENHA = 'saude123';
const CHAVE_PAINEL = 'demo-painel-upa-24h';

/** One JSON request to a process (or nginx's plain port is never used: HTTPS goes through h2()). */
async function pedir(porta, metodo, caminho, { token, body } = {}) {
  const res = await fetch(`http://127.0.0.1:${porta}${caminho}`, {
    method: metodo,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const texto = await res.text();
  let json = null;
  try {
    json = JSON.parse(texto);
  } catch {
    // not JSON (204, text)
  }
  return { status: res.status, json, headers: res.headers };
}

/** A demo user signed in on process `porta`, in `unidade` (by name) when given, the pending terms accepted. */
async function entrar(porta, login, unidade) {
  const r = await pedir(porta, 'POST', '/api/v2/auth/login', { body: { login, senha: SENHA } });
  expect(r.status, `login de ${login}`).toBe(200);
  const token = r.json.token;
  if (unidade || !r.json.usuario.unidade_atual) {
    const lotacoes = (await pedir(porta, 'GET', '/api/v2/auth/lotacoes', { token })).json;
    const l = unidade ? lotacoes.find((x) => x.unidade_nome === unidade) : lotacoes[0];
    const sel = await pedir(porta, 'PUT', '/api/v2/auth/unidade_atual', {
      token,
      body: { unidade_saude_id: l.unidade_saude_id },
    });
    expect(sel.status).toBe(200);
  }
  const me = (await pedir(porta, 'GET', '/api/v2/auth/me', { token })).json;
  if (me.termo_pendente)
    expect((await pedir(porta, 'POST', `/api/v1/termos_uso/${me.termo_pendente.id}/aceite`, { token })).status).toBe(
      200,
    );
  return token;
}

/**
 * Milliseconds until `fn` holds, asked again every 10 ms, at most `ms`. Another process hears a change through its
 * LISTEN connection a moment after the commit: on a loaded machine a request sent to it within a millisecond of the
 * writer's answer can still beat the NOTIFY. Without the NOTIFY it would keep the old session for minutes.
 */
async function tempoAte(fn, ms = 1000) {
  const t0 = Date.now();
  for (;;) {
    if (await fn()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`não aconteceu em ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An open Server-Sent Events stream: its text so far, and a wait for a piece of it (the stream still open). */
function fluxo(abrir) {
  let texto = '';
  let fechado = false;
  let fechar = () => {};
  const status = new Promise((resolve, reject) => {
    fechar = abrir({
      status: resolve,
      dado: (d) => (texto += d),
      fim: () => (fechado = true),
      erro: reject,
    });
  });
  return {
    status,
    texto: () => texto,
    aberto: () => !fechado,
    esperar: (pedaco) => esperar(() => texto.includes(pedaco), 60_000, `o fluxo não recebeu ${pedaco}`),
    fechar: () => fechar(),
  };
}

const fluxoHttp1 = (url) =>
  fluxo(({ status, dado, fim, erro }) => {
    const req = http.get(url, (res) => {
      status(res.statusCode);
      res.setEncoding('utf8');
      res.on('data', dado);
      res.on('end', fim);
      res.on('error', () => {});
    });
    req.on('error', erro);
    return () => req.destroy();
  });

const fluxoH2 = (porta, caminho) =>
  fluxo(({ status, dado, fim, erro }) => {
    const c = http2.connect(`https://localhost:${porta}`, { rejectUnauthorized: false });
    c.on('error', erro);
    const req = c.request({ ':path': caminho });
    req.setEncoding('utf8');
    req.on('response', (h) => status(h[':status']));
    req.on('data', dado);
    req.on('end', fim);
    req.on('error', () => {});
    return () => {
      req.close();
      c.close();
    };
  });

/** A ticket issued and called at the UPA's reception desk on process `porta` (the desks freed first). */
async function chamarSenha(porta, token) {
  const chamadas = (await pedir(porta, 'GET', '/api/v1/filas/senhas?situacao=chamada&per_page=100', { token })).json;
  for (const c of chamadas)
    await pedir(porta, 'POST', `/api/v1/filas/senhas/${c.id}/concluir`, {
      token,
      body: { lock_version: c.lock_version },
    });
  const ctx = (await pedir(porta, 'GET', '/api/v1/filas/senhas/contexto', { token })).json;
  const fila = ctx.filas.find((f) => f.nome === 'Recepção');
  const normal = ctx.categorias.find((c) => c.sigla === 'N');
  const emitida = await pedir(porta, 'POST', '/api/v1/filas/senhas', { token, body: { categoria_id: normal.id } });
  expect(emitida.status).toBe(201);
  const chamada = await pedir(porta, 'POST', `/api/v1/filas/senhas/${emitida.json.id}/chamar`, {
    token,
    body: { local_id: fila.locais[0].id, lock_version: emitida.json.lock_version },
  });
  expect(chamada.status).toBe(200);
  return emitida.json.codigo;
}

describe.skipIf(!disponivel)('three API processes on one PostgreSQL behind nginx', () => {
  let dir;
  let pgTmp;
  let superUrl;
  let donoUrl;
  let apis = [];
  let portas;
  let nginx;
  let https;
  let admin;

  const sql = async (url, texto, params) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(texto, params)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-processos-'));
    const saida = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { encoding: 'utf8' });
    pgTmp = /PG_TMP=(\S+)/.exec(saida)[1];
    superUrl = /TEST_DATABASE_URL=(\S+)/.exec(saida)[1];
    // As a DBA would: the owner of an empty database, and the role the API serves as (README, "Papéis do banco").
    await sql(superUrl, 'CREATE ROLE saude_dono LOGIN');
    await sql(superUrl, 'CREATE ROLE saude_api LOGIN');
    await sql(superUrl, 'CREATE DATABASE saude OWNER saude_dono');
    const base = new URL(superUrl);
    base.pathname = '/saude';
    const como = (papel) => Object.assign(new URL(base), { username: papel }).toString();
    donoUrl = como('saude_dono');

    portas = await Promise.all([portaLivre(), portaLivre(), portaLivre()]);
    // The three at the same moment, on an empty database.
    apis = portas.map((porta) =>
      iniciarApi({
        PORT: String(porta),
        DATABASE_URL: como('saude_api'),
        DATABASE_OWNER_URL: donoUrl,
        DEMO: 'true',
      }),
    );
    for (const [i, porta] of portas.entries()) {
      await esperar(
        async () => apis[i].proc.exitCode !== null || (await pedir(porta, 'GET', '/api/ready')).status === 200,
        300_000,
        `o processo ${i} não ficou pronto`,
      );
      if (apis[i].proc.exitCode !== null) throw new Error(`o processo ${i} terminou:\n${apis[i].saida()}`);
    }

    https = await portaLivre();
    certificado(dir);
    nginx = iniciarNginx(dir, { https, plano: await portaLivre(), apis: portas });
    await esperar(async () => (await h2(https, '/api/ready')).status === 200);
    admin = await entrar(portas[0], 'admin', 'UPA 24h Municipal');
  }, 600_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(apis.map((a) => a.parar()));
    if (pgTmp) execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', pgTmp]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('ran the migrations once although the three started together, and all three serve', async () => {
    const journal = JSON.parse(fs.readFileSync('apps/api/src/db/migrations/meta/_journal.json', 'utf8'));
    const rows = await sql(donoUrl, 'select hash from drizzle.__drizzle_migrations');
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    // The demo once: one admin, whichever process seeded it.
    expect(await sql(donoUrl, "select count(*)::int as n from profissionais where login = 'admin'")).toEqual([
      { n: 1 },
    ]);
    for (const a of apis) expect(a.proc.exitCode).toBeNull();
  });

  it('refuses on B within a moment a session signed out on A (which B had in memory)', async () => {
    const [A, B] = portas;
    const token = await entrar(A, 'medico');
    // B has read (and kept in memory) the session before the sign-out.
    expect((await pedir(B, 'GET', '/api/v2/auth/me', { token })).status).toBe(200);
    expect((await pedir(B, 'GET', '/api/v2/auth/me', { token })).status).toBe(200);
    expect((await pedir(A, 'POST', '/api/v2/auth/logout', { token })).status).toBe(204);
    await tempoAte(async () => (await pedir(B, 'GET', '/api/v2/auth/me', { token })).status === 401);
  });

  it('shows on B within a moment a profile changed on A by the manager', async () => {
    const [A, B] = portas;
    const token = await entrar(B, 'enfermagem');
    const antes = (await pedir(B, 'GET', '/api/v2/auth/me', { token })).json;
    const prof = (
      await pedir(A, 'GET', '/api/v1/administracao/profissionais?texto=Enfermeira', { token: admin })
    ).json.find((p) => p.login === 'enfermagem');
    const lotacao = (
      await pedir(A, 'GET', `/api/v1/administracao/lotacoes?profissional_id=${prof.id}`, { token: admin })
    ).json[0];
    const opcoes = (await pedir(A, 'GET', '/api/v1/administracao/lotacoes/opcoes', { token: admin })).json;
    const outro = opcoes.perfis.find((p) => p.codigo === 'medico');
    const mudou = await pedir(A, 'PUT', `/api/v1/administracao/lotacoes/${lotacao.id}`, {
      token: admin,
      body: {
        lock_version: lotacao.lock_version,
        unidade_saude_id: lotacao.unidade_saude_id,
        ocupacao_codigo: lotacao.ocupacao_codigo,
        equipe_id: lotacao.equipe_id,
        perfil_id: outro.id,
        micro_areas: lotacao.micro_areas,
        // The demo's assignments have no start date; the form asks for one.
        inicio: lotacao.inicio ?? '2024-01-02',
        fim: lotacao.fim,
      },
    });
    expect(mudou.status, JSON.stringify(mudou.json)).toBe(200);
    let depois;
    await tempoAte(async () => {
      depois = (await pedir(B, 'GET', '/api/v2/auth/me', { token })).json;
      return depois.perfil === outro.nome;
    });
    expect(antes.perfil).toBe(lotacao.perfil_nome);
    expect(depois.permissoes).not.toEqual(antes.permissoes);
  });

  it("streams to B's panel, and through nginx over HTTP/2 unbuffered, a call made on A", async () => {
    const [A, B] = portas;
    const recepcao = await entrar(A, 'recepcao', 'UPA 24h Municipal');
    const upa = (await pedir(A, 'GET', '/api/v2/auth/me', { token: recepcao })).json.unidade_atual.id;
    const caminho = `/api/v1/filas/painel/${upa}/eventos?chave=${CHAVE_PAINEL}`;
    const direto = fluxoHttp1(`http://127.0.0.1:${B}${caminho}`);
    const viaNginx = fluxoH2(https, caminho);
    try {
      expect(await direto.status).toBe(200);
      expect(await viaNginx.status).toBe(200);
      // The first frame came through nginx at once: nothing waits for a buffer to fill.
      await viaNginx.esperar(': conectado');
      await direto.esperar(': conectado');
      const codigo = await chamarSenha(A, recepcao);
      await direto.esperar(`"codigo":"${codigo}"`);
      await viaNginx.esperar(`"codigo":"${codigo}"`);
      expect(direto.aberto() && viaNginx.aberto()).toBe(true);
      expect(viaNginx.texto()).toMatch(/event: chamada/);
      // The shipped configuration says it too, not only the API's X-Accel-Buffering header.
      expect(fs.readFileSync('deploy/nginx/saude-municipal.conf', 'utf8')).toMatch(
        /location ~ \^\/api\/v1\/filas\/painel\/[^{]+\{[^}]*proxy_buffering off;/,
      );
    } finally {
      direto.fechar();
      viaNginx.fechar();
    }
  });

  it("counts on B a notice and a bell item created on A, at B's next poll", async () => {
    const [A, B] = portas;
    const medico = await entrar(B, 'medico');
    const avisos = async () =>
      (await pedir(B, 'GET', '/api/v1/comunicacao/avisos/nao_visualizados', { token: medico })).json;
    const sino = async () =>
      Number(
        (
          await pedir(B, 'GET', '/api/v1/buscas/consulta/ouvidoria/notificacoes?lido=false&per_page=5', {
            token: admin,
          })
        ).headers.get('x-total-count'),
      );
    const avisosAntes = (await avisos()).length;
    const sinoAntes = await sino();
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const titulo = `Aviso ${randomUUID().slice(0, 8)}`;
    const aviso = await pedir(A, 'POST', '/api/v1/comunicacao/avisos', {
      token: admin,
      body: { titulo, mensagem: 'Reunião de equipe às 14h.', data_inicial: hoje, data_final: hoje },
    });
    expect(aviso.status).toBe(201);
    const opcoes = (await pedir(A, 'GET', '/api/v1/ouvidoria/opcoes', { token: admin })).json;
    const manifestacao = await pedir(A, 'POST', '/api/v1/ouvidoria/solicitacoes', {
      token: admin,
      body: {
        anonimo: true,
        canal: opcoes.canais[0].id,
        tipo_solicitacao_id: opcoes.tipos[0].id,
        prioridade_id: opcoes.prioridades[0].id,
        assunto: 'Demora no atendimento',
        texto: 'Esperei três horas na recepção.',
      },
    });
    expect(manifestacao.status, JSON.stringify(manifestacao.json)).toBe(201);
    const depois = await avisos();
    expect(depois).toHaveLength(avisosAntes + 1);
    expect(depois.map((a) => a.titulo)).toContain(titulo);
    expect(await sino()).toBe(sinoAntes + 1);
  });

  it('stores once a home visit sent to A and retried with the same body on B', async () => {
    const [A, B] = portas;
    const acsA = await entrar(A, 'acs', 'UBS Centro');
    const acsB = await entrar(B, 'acs', 'UBS Centro');
    const base = '/api/v1/atencao_primaria/visitas_domiciliares';
    const familia = (await pedir(A, 'GET', `${base}/familias?per_page=50`, { token: acsA })).json.find((f) => !f.mudou);
    const visita = { id: randomUUID(), familia_id: familia.id, desfecho_id: 1, motivo_visita_ids: [29] };
    const primeira = await pedir(A, 'POST', base, { token: acsA, body: visita });
    const repetida = await pedir(B, 'POST', base, { token: acsB, body: visita });
    // What the offline client expects: 201 the first time, 200 with the same stored visit for the retry.
    expect(primeira.status).toBe(201);
    expect(repetida.status).toBe(200);
    expect(repetida.json).toEqual(primeira.json);
    expect(
      await sql(donoUrl, 'select count(*)::int as n from visitas_domiciliares where id = $1', [visita.id]),
    ).toEqual([{ n: 1 }]);
  });
});

describe.skipIf(!disponivel)('PROCESSOS=2 on the embedded PostgreSQL', () => {
  let dir;
  let api;
  let porta;

  const pidsQueResponderam = async (vezes) => {
    const pids = new Set();
    for (let i = 0; i < vezes; i++) {
      // A connection each: the cluster hands out connections, not requests.
      const texto = await new Promise((resolve, reject) =>
        http
          .get(`http://127.0.0.1:${porta}/api/metrics`, { agent: false }, (res) => {
            let t = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (t += d));
            res.on('end', () => resolve(t));
          })
          .on('error', reject),
      );
      pids.add(/saude_processo_info\{pid="(\d+)"\} 1/.exec(texto)[1]);
    }
    return pids;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saude-processos-embutido-'));
    fs.chmodSync(dir, 0o755);
    porta = await portaLivre();
    api = iniciarApi({
      PORT: String(porta),
      PROCESSOS: '2',
      DATA_DIR: `${dir}/dados`,
      DEMO: 'false',
      DATABASE_URL: '',
    });
    await esperar(() => api.saida().includes('2 processos'), 300_000, 'PROCESSOS=2 não subiu');
  }, 300_000);

  afterAll(async () => {
    await api?.parar();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('answers from two worker processes, and replaces one that dies', async () => {
    const pids = await pidsQueResponderam(8);
    expect(pids.size).toBe(2);
    expect(pids.has(String(api.proc.pid))).toBe(false);
    const morto = [...pids][0];
    process.kill(Number(morto), 'SIGKILL');
    await esperar(() => api.saida().includes(`(pid ${morto}) terminou`), 60_000, 'sem aviso do processo morto');
    await esperar(async () => {
      const agora = await pidsQueResponderam(6);
      return agora.size === 2 && !agora.has(morto);
    }, 120_000);
  });

  it('still refuses a second server on the same DATA_DIR', async () => {
    const outra = iniciarApi({ PORT: String(await portaLivre()), DATA_DIR: `${dir}/dados`, DATABASE_URL: '' });
    expect(await outra.fim).toBe(1);
    expect(outra.saida()).toContain(`já está em uso por outro processo (pid ${api.proc.pid})`);
  });

  it('stops the workers, then the database, on SIGTERM', async () => {
    const pids = await pidsQueResponderam(6);
    await api.parar();
    expect(api.proc.exitCode).toBe(0);
    for (const pid of pids) expect(() => process.kill(Number(pid), 0)).toThrow();
    expect(fs.existsSync(`${dir}/dados/saude-municipal.lock`)).toBe(false);
  });
});
