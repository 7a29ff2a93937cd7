// npm run bench:polls — the top bar's two 30 s polls at scale (issues 20, spec §7, §9): BENCH_SESSOES simulated
// sessions (default 20,000) each polling, every 30 s, BOTH the globe (GET /api/v1/notificacoes_globais?lida=false
// &per_page=100&contar_ate=100) and the bell (GET …/ouvidoria/notificacoes?lido=false&per_page=5&contar_ate=100), the exact
// queries the web sends (apps/web/src/modules/notificacoes_globais/globo/api.ts, ouvidoria/sino/api.ts): ≈ 2 ×
// sessions/30 requests per second (≈ 1,333 req/s at 20,000). Each session keeps one ETag per call and sends
// If-None-Match, as the browser does. Each session has its own token, its row made through SQL as the sign-in makes it
// (signing in 20,000 times would measure the password hash, not the poll), over the demo users; a session whose user
// lacks `ouvidoria:index` (the web shows it no bell) polls the bell with a holder's session of its own: the worst case,
// where every staff member sees the bell.
// Data, through SQL: BENCH_NOTIFICACOES global notifications already sent (default 300, a third aimed at one
// profile, about half read by everyone) and BENCH_SOLICITACOES ombudsman requests (default 300, each with its bell
// item, about two thirds read by everyone). During the run, one new global notification every BENCH_NOVA_S seconds
// (default 60: they are rare) and one new ombudsman request with its bell item every BENCH_NOVA_OUV_S (default 20),
// so a session sees a 200 again only when its page changed. Printed per call: planned vs served req/s, p50/p95/p99
// latency (from the planned start: a server that falls behind shows it) and the 304 share. Then, on the same machine
// and moment, each poll over HTTP against its statements on a plain pg client, alternately (lib.ts `interleaved`).
// DATABASE_URL set: a scratch database on that server; otherwise a throwaway PostgreSQL (scripts/pg-throwaway.sh).
// Run `npm run build` first. Other knobs: BENCH_SEGUNDOS (default 30), BENCH_ITER (default 300), BENCH_CONEXOES.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { prepareDatabase } from '../apps/api/src/seed/setup';
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

const k = knobs({
  SESSOES: 20_000,
  SEGUNDOS: 30,
  NOTIFICACOES: 300,
  SOLICITACOES: 300,
  ITER: 300,
  NOVA_S: 60,
  NOVA_OUV_S: 20,
  CONEXOES: 256,
});
const URL_GLOBO = '/api/v1/notificacoes_globais?lida=false&per_page=100&contar_ate=100';
const URL_SINO = '/api/v1/buscas/consulta/ouvidoria/notificacoes?lido=false&per_page=5&contar_ate=100';
const GLOBO = 'globo (GET ?lida=false)';
const SINO = 'sino (GET ?lido=false&per_page=5)';

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

  // Ombudsman requests of the last weeks (types, priorities and units in turn; a quarter answered), each with its
  // bell item; about two thirds of the items read by everyone. Protocols from 2026500001 on: the demo's are lower.
  const tipos = (await raw.query<{ id: string }>('select id from tipos_solicitacao order by ordem, id')).rows.map(
    (r) => r.id,
  );
  const prioridades = (
    await raw.query<{ id: string }>('select id from prioridades_solicitacao order by ordem, id')
  ).rows.map((r) => r.id);
  const unidades = (await raw.query<{ id: string }>('select id from unidades_saude order by id')).rows.map((r) => r.id);
  await raw.query(
    `insert into solicitacoes_ouvidoria (id, protocolo, nome_solicitante, canal, tipo_solicitacao_id, prioridade_id,
       assunto, texto, unidade_saude_id, situacao, prazo, resposta, respondida_em, respondida_por, created_by,
       created_at, updated_at)
     select gen_random_uuid(), '2026' || lpad((500000 + g)::text, 6, '0'), 'Solicitante ' || g,
       (array['presencial', 'telefone', 'email', 'site'])[1 + g % 4],
       ($1::uuid[])[1 + g % array_length($1::uuid[], 1)], ($2::uuid[])[1 + g % array_length($2::uuid[], 1)],
       'Assunto ' || g, 'Relato da solicitação ' || g, ($3::uuid[])[1 + g % array_length($3::uuid[], 1)],
       case g % 4 when 0 then 'respondida' when 1 then 'em_analise' else 'aberta' end,
       (now() - g * interval '2 hours' + interval '30 days')::date,
       case when g % 4 = 0 then 'Resposta ' || g end, case when g % 4 = 0 then now() - g * interval '1 hour' end,
       case when g % 4 = 0 then $4::uuid end, $4, now() - g * interval '2 hours', now() - g * interval '2 hours'
     from generate_series(1, $5::int) g`,
    [tipos, prioridades, unidades, admin, k.SOLICITACOES],
  );
  await raw.query(
    `insert into ouvidoria_notificacoes (id, solicitacao_id, motivo, created_at)
     select gen_random_uuid(), s.id, 'nova', s.created_at from solicitacoes_ouvidoria s
     where s.protocolo like '20265%'`,
  );
  await raw.query(
    `insert into ouvidoria_notificacao_leituras (notificacao_id, profissional_id)
     select n.id, p.id from ouvidoria_notificacoes n cross join profissionais p where hashtext(n.id::text) % 3 <> 0
     on conflict do nothing`,
  );
  await raw.query(
    `vacuum analyze notificacoes_globais, notificacao_global_leituras, solicitacoes_ouvidoria, ouvidoria_notificacoes,
       ouvidoria_notificacao_leituras`,
  );

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
    type Usuario = { login: string; token: string; unidade: string; profissional: string; sino: boolean };
    const usuarios: Usuario[] = [];
    for (const l of lotacoes) {
      const token = await signIn(c, l.login, DEMO_PASSWORD, l.unidade).catch(() => null);
      if (!token) continue;
      // Who gets the bell: the permission of the signed-in unit, as the web reads it from /me.
      const me = await c.request('GET', '/api/v2/auth/me', { token });
      const permissoes = me.status === 200 ? ((JSON.parse(me.body) as { permissoes?: string[] }).permissoes ?? []) : [];
      usuarios.push({ ...l, token, sino: permissoes.includes('ouvidoria:index') });
    }
    const comSino = usuarios.filter((u) => u.sino);
    if (comSino.length === 0) throw new Error('nenhum usuário com ouvidoria:index: o sino não tem quem consultar');
    // Each simulated session its own sign-in (a session row made through SQL, as the sign-in makes it): the API keeps a
    // session in memory for up to a minute (auth/session-cache.ts), and 20,000 people do not share a few tokens.
    const sessaoDe = (u: Usuario) => {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: createHash('sha256').update(token).digest('base64url'), u };
    };
    const sessoes = Array.from({ length: k.SESSOES }, (_, s) => {
      const dono = usuarios[s % usuarios.length]!;
      // The bell of a session whose user has none: a holder's (see the header), signed in on its own.
      return { globo: sessaoDe(dono), sino: dono.sino ? null : sessaoDe(comSino[s % comSino.length]!) };
    });
    const linhas = sessoes.flatMap((x) => (x.sino ? [x.globo, x.sino] : [x.globo]));
    await raw.query(
      `insert into sessoes (id, token_hash, profissional_id, unidade_saude_id, expires_at, ip)
       select gen_random_uuid(), h, p::uuid, u::uuid, now() + interval '12 hours', '127.0.0.1'
       from unnest($1::text[], $2::text[], $3::text[]) as x(h, p, u)`,
      [linhas.map((l) => l.hash), linhas.map((l) => l.u.profissional), linhas.map((l) => l.u.unidade)],
    );
    const naoLidasSino = Number(
      (
        await raw.query(
          `select count(*) as n from ouvidoria_notificacoes n where not exists (select 1 from
             ouvidoria_notificacao_leituras l where l.notificacao_id = n.id and l.profissional_id = $1)`,
          [comSino[0]!.profissional],
        )
      ).rows[0].n,
    );
    log(
      `\nPostgreSQL ${versao}; ${k.NOTIFICACOES} notificações globais, ${k.SOLICITACOES} solicitações de ouvidoria ` +
        `(${naoLidasSino} itens do sino não lidos por ${comSino[0]!.login}); ${usuarios.length} usuários assinados, ` +
        `${comSino.length} com ouvidoria:index (${comSino.map((u) => u.login).join(', ')}); ` +
        `${k.SESSOES.toLocaleString('pt-BR')} sessões simuladas; ${machine()}`,
    );

    // One ETag per session and call, and the 200/304 count per call.
    const etags = { [GLOBO]: new Array<string>(k.SESSOES).fill(''), [SINO]: new Array<string>(k.SESSOES).fill('') };
    const contagem = { [GLOBO]: { r200: 0, r304: 0 }, [SINO]: { r200: 0, r304: 0 } };
    // lib's Client sends no custom headers: a small request of our own with If-None-Match.
    const agent = new http.Agent({ keepAlive: true, maxSockets: k.CONEXOES });
    const get = (tipo: typeof GLOBO | typeof SINO, s: number) =>
      new Promise<Res>((resolve, reject) => {
        const sessao = tipo === SINO ? (sessoes[s]!.sino ?? sessoes[s]!.globo) : sessoes[s]!.globo;
        const etag = etags[tipo][s];
        const req = http.request(
          `${server.url}${tipo === GLOBO ? URL_GLOBO : URL_SINO}`,
          { agent, headers: { authorization: `Bearer ${sessao.token}`, ...(etag ? { 'if-none-match': etag } : {}) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (ch: Buffer) => chunks.push(ch));
            res.on('end', () => {
              if (res.headers.etag) etags[tipo][s] = res.headers.etag;
              if (res.statusCode === 304) contagem[tipo].r304++;
              else if (res.statusCode === 200) contagem[tipo].r200++;
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      });

    // Every session's first two polls (the sign-in's), as fast as the server goes: they all hold ETags afterwards.
    let t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < 2 * k.SESSOES) {
          const i = next++;
          await get(i % 2 ? SINO : GLOBO, i >> 1);
        }
      }),
    );
    log(`primeiras consultas de todas as sessões (globo e sino): ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // The measured run: each session polls both every 30 s on average (open loop, Poisson), new items now and then.
    for (const x of Object.values(contagem)) Object.assign(x, { r200: 0, r304: 0 });
    const porChamada = k.SESSOES / 30;
    const rate = 2 * porChamada;
    const concorrentes = Math.min(k.SESSOES, k.CONEXOES * 2);
    const novas = { globais: 0, solicitacoes: 0 };
    const enviarGlobal = setInterval(() => {
      novas.globais++;
      void raw
        .query(
          `insert into notificacoes_globais (id, tipo, titulo, cor, created_by) values ($1, 'aviso', 'Nova', '2B8A3E', $2)`,
          [newId(), admin],
        )
        .catch((err: Error) => console.error(`nova notificação global: ${err.message}`));
    }, k.NOVA_S * 1000);
    const enviarSolicitacao = setInterval(() => {
      const n = ++novas.solicitacoes;
      const id = newId();
      void raw
        .query(
          `with s as (
           insert into solicitacoes_ouvidoria (id, protocolo, nome_solicitante, canal, tipo_solicitacao_id,
             prioridade_id, assunto, texto, prazo, created_by)
           values ($1, '2026' || lpad((700000 + $2::int)::text, 6, '0'), 'Solicitante novo', 'telefone', $3, $4,
             'Nova solicitação', 'Relato', (now() + interval '30 days')::date, $5)
           returning id)
         insert into ouvidoria_notificacoes (id, solicitacao_id, motivo) select $6, id, 'nova' from s`,
          [id, n, tipos[n % tipos.length], prioridades[n % prioridades.length], admin, newId()],
        )
        .catch((err: Error) => console.error(`nova solicitação: ${err.message}`));
    }, k.NOVA_OUV_S * 1000);
    t = performance.now();
    const r = await openLoop({
      users: concorrentes,
      rate,
      seconds: k.SEGUNDOS,
      // Each loop user stands for SESSOES/concorrentes sessions, taking them in turn, both calls of one session
      // in a row; half the loop users start with the globe, half with the bell, so a short run has both alike.
      next: (u, i) => {
        const s = (u + (i >> 1) * concorrentes) % k.SESSOES;
        const tipo = (u + i) % 2 ? SINO : GLOBO;
        return { kind: tipo, run: () => get(tipo, s), expect: [200, 304] };
      },
    });
    clearInterval(enviarGlobal);
    clearInterval(enviarSolicitacao);
    log(
      `\n${k.SESSOES.toLocaleString('pt-BR')} sessões, cada uma com as duas consultas a cada 30 s: ` +
        `${rate.toFixed(0)} req/s planejadas, ${k.SEGUNDOS} s; novas: ${novas.globais} notificações globais ` +
        `(uma a cada ${k.NOVA_S} s), ${novas.solicitacoes} solicitações (uma a cada ${k.NOVA_OUV_S} s)`,
    );
    printLatencies(r);
    log('');
    for (const tipo of [GLOBO, SINO] as const) {
      const { r200, r304 } = contagem[tipo];
      const servidas = (r.byKind.get(tipo)?.length ?? 0) / r.seconds;
      log(
        `${tipo.padEnd(34)} planejadas ${porChamada.toFixed(0).padStart(5)} req/s, atendidas ` +
          `${servidas.toFixed(0).padStart(5)} req/s; 304: ${((100 * r304) / Math.max(1, r304 + r200)).toFixed(1)} % ` +
          `(${r304} de ${r304 + r200})`,
      );
    }

    // Each poll over HTTP against its statements on a plain pg client, alternately.
    const linha = (nome: string, a: number[]) =>
      log(
        `${nome.padEnd(34)} p50 ${pct(a, 50).toFixed(2).padStart(6)} ms  p99 ${pct(a, 99).toFixed(2).padStart(6)} ms`,
      );
    const comparar = async (tipo: typeof GLOBO | typeof SINO, s0: number, bruto: () => Promise<unknown>) => {
      const [http200, sql] = await interleaved(
        k.ITER,
        async () => {
          etags[tipo][s0] = '';
          await get(tipo, s0);
        },
        bruto,
      );
      const [http304] = await interleaved(k.ITER, () => get(tipo, s0), bruto);
      log(`\n${tipo}, uma consulta por vez (${k.ITER} de cada, alternadas):`);
      linha('HTTP 200 (sem ETag)', http200);
      linha('HTTP 304 (If-None-Match)', http304);
      linha('SQL bruto (pg)', sql);
      log(`razão HTTP 200 ÷ SQL (p50): ${(pct(http200, 50) / pct(sql, 50)).toFixed(2)}`);
    };

    // The globe: the route's statement (notificacoes_globais/service.ts).
    const sqlGlobo = `select n.id, n.tipo, n.titulo, n.subtitulo, n.cor, n.created_at, r.lida_em,
        n.redirecionar_path_url, count(*) over () as total
      from notificacoes_globais n
      left join notificacao_global_leituras r on r.notificacao_id = n.id and r.profissional_id = $1
      where (cardinality(n.perfil_ids) = 0 or exists (select 1 from lotacoes l where l.profissional_id = $1
        and l.unidade_saude_id = $2 and l.ativo and l.perfil_id = any(n.perfil_ids))) and r.lida_em is null
      order by n.created_at desc, n.id desc limit 100`;
    const ug = usuarios[0]!;
    await comparar(GLOBO, 0, () => raw.query(sqlGlobo, [ug.profissional, ug.unidade]));

    // The bell: the route's two statements, the page and the count (buscas/ouvidoria_notificacoes.ts).
    const naoLida = `not exists (select 1 from ouvidoria_notificacao_leituras l
        where l.notificacao_id = n.id and l.profissional_id = $1)`;
    const sqlSino = `select n.id, n.solicitacao_id, so.protocolo, n.created_at, p.nome, p.cor, t.nome, t.icone,
        not ${naoLida} as lido
      from ouvidoria_notificacoes n
      join solicitacoes_ouvidoria so on so.id = n.solicitacao_id
      join tipos_solicitacao t on t.id = so.tipo_solicitacao_id
      join prioridades_solicitacao p on p.id = so.prioridade_id
      where ${naoLida} order by n.created_at desc, n.id desc limit 5`;
    const sqlSinoTotal = `select count(*) from ouvidoria_notificacoes n where ${naoLida}`;
    // A session whose own user holds the bell.
    const s1 = usuarios.indexOf(comSino[0]!);
    await comparar(SINO, s1, async () => {
      await raw.query(sqlSino, [comSino[0]!.profissional]);
      await raw.query(sqlSinoTotal, [comSino[0]!.profissional]);
    });
    agent.destroy();
  } finally {
    c.close();
    await server.stop();
  }
} finally {
  await cleanup();
}
