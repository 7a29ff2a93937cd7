// npm run bench:polls — the globe's 30 s poll at scale (issue 20, spec §9): BENCH_SESSOES simulated sessions (default
// 20,000) each polling GET /api/v1/notificacoes_globais?lida=false every 30 s, so ≈ sessions/30 requests per second
// (the bell's poll is another helper's route, not in this branch: the globe alone, ≈ 670 req/s). Each session keeps
// its own ETag and sends If-None-Match, as the browser does. Sessions share the demo users' tokens (signing in 20,000
// times would measure the password hash, not the poll). Every BENCH_NOVA_S seconds (default 10) a new notification
// is sent to everyone, so sessions see a 200 again; the 304 share and p50/p95/p99 latency (from the planned start: a
// server that falls behind shows it) are printed. Then, on the same machine and moment, one poll over HTTP against
// the same statement on a plain pg client, alternately (lib.ts `interleaved`).
// DATABASE_URL set: a scratch database on that server; otherwise a throwaway PostgreSQL (scripts/pg-throwaway.sh).
// Run `npm run build` first. Knobs: BENCH_SESSOES, BENCH_SEGUNDOS (default 30), BENCH_NOTIFICACOES (default 300
// already sent, a third aimed at profiles), BENCH_ITER (default 300).
import http from 'node:http';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { prepareDatabase } from '../apps/api/src/db/setup';
import { newId } from '../apps/api/src/lib/ids';
import {
  Client,
  interleaved,
  type Res,
  knobs,
  log,
  machine,
  openLoop,
  pct,
  printLatencies,
  signIn,
  startServer,
} from './lib';
import { openScratchDatabase } from './scratch-db';

const k = knobs({ SESSOES: 20_000, SEGUNDOS: 30, NOTIFICACOES: 300, ITER: 300, NOVA_S: 10, CONEXOES: 256 });
const URL_GLOBO = '/api/v1/notificacoes_globais?lida=false&per_page=100';

const { database, raw, dbUrl, cleanup } = await openScratchDatabase(log);
try {
  const versao = (await raw.query('show server_version')).rows[0].server_version as string;
  await prepareDatabase(database, { demo: true });
  const perfis = (await raw.query<{ id: string }>('select id from perfis order by id')).rows.map((r) => r.id);
  const admin = (await raw.query<{ id: string }>(`select id from profissionais where login = 'admin'`)).rows[0]!.id;
  // Notifications already sent (a third aimed at one profile), and reads of about half of them by everyone.
  await raw.query(
    `insert into notificacoes_globais (id, tipo, titulo, subtitulo, cor, perfil_ids, created_by, created_at, updated_at)
     select gen_random_uuid(), case when g % 5 = 0 then 'pemc' else 'aviso' end, 'Notificação ' || g, 'Subtítulo ' || g,
       '1C7ED6', case when g % 3 = 0 then array[($1::uuid[])[1 + g % array_length($1::uuid[], 1)]] else '{}'::uuid[] end,
       $2, now() - g * interval '1 hour', now() - g * interval '1 hour'
     from generate_series(1, $3::int) g`,
    [perfis, admin, k.NOTIFICACOES],
  );
  await raw.query(
    `insert into notificacao_global_leituras (notificacao_id, profissional_id)
     select n.id, p.id from notificacoes_globais n cross join profissionais p where hashtext(n.id::text) % 2 = 0
     on conflict do nothing`,
  );
  await raw.query('vacuum analyze notificacoes_globais, notificacao_global_leituras');

  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DEMO: 'false' });
  const c = new Client(server.url, k.CONEXOES);
  try {
    const lotacoes = (
      await raw.query<{ login: string; unidade: string; profissional: string }>(
        `select distinct on (p.login) p.login, l.unidade_saude_id as unidade, p.id as profissional
         from profissionais p join lotacoes l on l.profissional_id = p.id and l.ativo
         where p.ativo order by p.login, l.unidade_saude_id`,
      )
    ).rows;
    const usuarios: Array<{ token: string; unidade: string; profissional: string }> = [];
    for (const l of lotacoes) {
      const token = await signIn(c, l.login, DEMO_PASSWORD, l.unidade).catch(() => null);
      if (token) usuarios.push({ token, unidade: l.unidade, profissional: l.profissional });
    }
    log(
      `\nPostgreSQL ${versao}; ${k.NOTIFICACOES} notificações, ${usuarios.length} usuários assinados, ` +
        `${k.SESSOES.toLocaleString('pt-BR')} sessões simuladas; ${machine()}`,
    );

    const etags: string[] = new Array(k.SESSOES).fill('');
    let r304 = 0;
    let r200 = 0;
    // lib's Client sends no custom headers: a small request of our own with If-None-Match.
    const agent = new http.Agent({ keepAlive: true, maxSockets: k.CONEXOES });
    const get = (s: number) =>
      new Promise<Res>((resolve, reject) => {
        const u = usuarios[s % usuarios.length]!;
        const req = http.request(
          `${server.url}${URL_GLOBO}`,
          {
            agent,
            headers: { authorization: `Bearer ${u.token}`, ...(etags[s] ? { 'if-none-match': etags[s] } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (ch: Buffer) => chunks.push(ch));
            res.on('end', () => {
              if (res.headers.etag) etags[s] = res.headers.etag;
              if (res.statusCode === 304) r304++;
              else if (res.statusCode === 200) r200++;
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });

    // Every session's first poll (the sign-in's), as fast as the server goes: they all hold an ETag afterwards.
    let t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < k.SESSOES) await get(next++);
      }),
    );
    log(`primeira consulta de todas as sessões: ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // The measured run: each session every 30 s on average (open loop, Poisson), new notifications now and then.
    r304 = 0;
    r200 = 0;
    const rate = k.SESSOES / 30;
    const concorrentes = Math.min(k.SESSOES, k.CONEXOES * 2);
    const enviar = setInterval(() => {
      void raw.query(
        `insert into notificacoes_globais (id, tipo, titulo, cor, created_by) values ($1, 'aviso', 'Nova', '2B8A3E', $2)`,
        [newId(), admin],
      );
    }, k.NOVA_S * 1000);
    t = performance.now();
    const r = await openLoop({
      users: concorrentes,
      rate,
      seconds: k.SEGUNDOS,
      // Each loop user stands for SESSOES/concorrentes sessions, taking them in turn.
      next: (u, i) => {
        const s = (u + i * concorrentes) % k.SESSOES;
        return { kind: 'globo (GET ?lida=false)', run: () => get(s), expect: [200, 304] };
      },
    });
    clearInterval(enviar);
    log(
      `\n${k.SESSOES.toLocaleString('pt-BR')} sessões a cada 30 s: ${rate.toFixed(0)} req/s planejadas, ${k.SEGUNDOS} s`,
    );
    printLatencies(r);
    log(
      `304: ${((100 * r304) / Math.max(1, r304 + r200)).toFixed(1)} % (${r304} de ${r304 + r200}); nova notificação a cada ${k.NOVA_S} s`,
    );

    // The same poll over HTTP against its statement on a plain pg client, alternately.
    const u0 = usuarios.find((u) => u.token)!;
    const sql = `select n.id, n.tipo, n.titulo, n.subtitulo, n.cor, n.created_at, r.lida_em, n.redirecionar_path_url,
        count(*) over () as total
      from notificacoes_globais n
      left join notificacao_global_leituras r on r.notificacao_id = n.id and r.profissional_id = $1
      where (cardinality(n.perfil_ids) = 0 or exists (select 1 from lotacoes l where l.profissional_id = $1
        and l.unidade_saude_id = $2 and l.ativo and l.perfil_id = any(n.perfil_ids))) and r.lida_em is null
      order by n.created_at desc, n.id desc limit 100`;
    const s0 = usuarios.indexOf(u0);
    const [http200, bruto] = await interleaved(
      k.ITER,
      async () => {
        etags[s0] = '';
        await get(s0);
      },
      () => raw.query(sql, [u0.profissional, u0.unidade]),
    );
    const [http304] = await interleaved(
      k.ITER,
      () => get(s0),
      () => raw.query(sql, [u0.profissional, u0.unidade]),
    );
    const linha = (nome: string, a: number[]) =>
      log(
        `${nome.padEnd(34)} p50 ${pct(a, 50).toFixed(2).padStart(6)} ms  p99 ${pct(a, 99).toFixed(2).padStart(6)} ms`,
      );
    log(`\numa consulta por vez (${k.ITER} de cada, alternadas):`);
    linha('HTTP 200 (sem ETag)', http200);
    linha('HTTP 304 (If-None-Match)', http304);
    linha('SQL bruto (pg)', bruto);
    log(`razão HTTP 200 ÷ SQL (p50): ${(pct(http200, 50) / pct(bruto, 50)).toFixed(2)}`);
    agent.destroy();
  } finally {
    c.close();
    await server.stop();
  }
} finally {
  await cleanup();
}
