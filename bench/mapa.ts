// npm run bench:mapa — the territory map of 100,000 homes on a cheap tablet (issue 44: "the map of 100,000 homes
// first drawn in ≤ 2 s on the tablet profile"). A generated town (municipio.ts) in a throwaway PostgreSQL with
// BENCH_FAMILIAS families (default 104,000: ≈97 % have a home and have not moved, so the manager's map holds just
// over 100,000 homes), each home given coordinates (teams as neighbourhoods on a grid, homes scattered in them;
// deterministic hashes). The production build on it in its own process; then:
//   1. the page's first map request (GET /api/v1/atencao_primaria/cobertura/territorio/mapa, every home fitted in the
//      tablet's map: the server groups them by cells of the view) as the manager over real HTTP, alternating with the
//      same answer in hand-written SQL on a plain pg client (lib.ts interleaved; checked equal first), and the bytes
//      it sends compressed (brotli, as a browser asks) and not;
//   2. Chromium (Debian's) on the tablet profile — 800×1280, device scale factor 2, touch, CPU slowed 4× with CDP
//      Emulation.setCPUThrottlingRate (a cheap tablet's CPU) — signed in as the manager, opening the territory map:
//      the time from navigation until the homes are drawn (performance mark 'saude:mapa-desenhado', set by
//      MapaTerritorio the frame after the markers were painted; `data-desenhado` on the map), and the bytes of the
//      map's request as the browser received them. BENCH_VEZES navigations (default 5): the first with the map's code
//      not yet cached, the others as a reload.
// No tiles (no MAP_TILES_URL): the goal is the homes; tiles come from the municipality's server, in parallel.
// Knobs: BENCH_FAMILIAS, BENCH_EQUIPES (40), BENCH_VISITAS (4 per family: the last visit is what the map colours),
// BENCH_ITER (30 HTTP/SQL rounds), BENCH_CPU (4), BENCH_KEEP=1, BENCH_DB_URL (a kept database, not loaded again),
// BENCH_FOTO=<file.png> (the tablet's map at the end). It also counts the group discs drawn overlapping (should be 0).
// Run `npm run build` first.
import { brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { chromium } from '@playwright/test';
import {
  CELULA_GRUPO_PX,
  ENQUADRAR,
  LIMITE_DOMICILIOS_MAPA,
  zoomQueCabe,
  type TerritorioMapa,
} from '@saude/shared/schemas/cobertura';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { Client, interleaved, knobs, log, machine, pct, printGoals, signIn, startServer, type Goal } from './lib';
import { gerarMunicipio } from './municipio';
import { openScratchDatabase } from './scratch-db';

const K = knobs({ FAMILIAS: 104_000, EQUIPES: 40, VISITAS: 4, ITER: 30, CPU: 4, VEZES: 5 });
const META_MS = 2000;
const ROTA = '/api/v1/atencao_primaria/cobertura/territorio/mapa';

const { database, raw, dbUrl, cleanup, reused } = await openScratchDatabase(log);
await raw.query(`set timezone = 'UTC'`);
try {
  const serverVersion = (await raw.query('show server_version')).rows[0].server_version as string;
  if (!reused) {
    await prepareDatabase(database, { demo: true });
    const t0 = performance.now();
    await gerarMunicipio((text, params) => raw.query(text, params), {
      equipes: K.EQUIPES,
      familias: K.FAMILIAS,
      visitas: K.VISITAS,
    });
    // Teams as neighbourhoods on an 8-wide grid around Brasília's centre (0.025° apart), homes scattered in each.
    const h = (salt: number) =>
      `(('x' || substr(md5(d.id::text || '${salt}'), 1, 8))::bit(32)::int::float8 / 4294967296 + 0.5)`;
    await raw.query(
      `update cadastros_domiciliares d set
        latitude = round((-15.78 + (e.n / 8) * 0.025 - 0.06 + ${h(1)} * 0.022)::numeric, 6),
        longitude = round((-47.93 + (e.n % 8) * 0.025 - 0.1 + ${h(2)} * 0.022)::numeric, 6)
      from (select id, row_number() over (order by ine) - 1 as n from equipes where ine like '98%') e
      where e.id = d.equipe_id`,
    );
    await raw.query('vacuum analyze cadastros_domiciliares');
    log(`município gerado e coordenadas postas em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const { n: naArea } = (
    await raw.query<{ n: number }>(
      `select count(*)::int as n from familias f join cadastros_domiciliares d on d.id = f.domicilio_id
      where not f.mudou and d.latitude is not null`,
    )
  ).rows[0]!;
  const unidade = (
    await raw.query<{ id: string }>(
      `select u.id from unidades_saude u join tipos_unidade t on t.id = u.tipo_unidade_id where t.codigo = 'UBS' order by u.cnes limit 1`,
    )
  ).rows[0]!.id;

  const server = await startServer({ DATABASE_URL: dbUrl.toString(), DEMO: 'false' });
  const client = new Client(server.url, 2);
  try {
    const token = await signIn(client, 'admin', DEMO_PASSWORD, unidade);

    // ---- 1. the request over HTTP and its raw SQL -------------------------------------------------------------
    // The page's first request on the tablet: every home fitted in the map's size (800 px less the page's margins,
    // 62 % of 1280 px capped at 560). By hand: the bounds, the count and the bands of every home; then, at the zoom
    // that fits them, the homes grouped by cells of the grid (or one by one when few).
    const [largura, altura] = [768, 560];
    const dias = `floor(extract(epoch from now() - f.ultima_visita) / 86400)::int`;
    const sqlMapa = async () => {
      const r = (
        await raw.query<{ total: number; sul: number; oeste: number; norte: number; leste: number }>(
          `select count(*) filter (where d.latitude is not null)::int as total, count(*) filter (where d.latitude is null)::int as sem,
            min(d.latitude::float8) as sul, min(d.longitude::float8) as oeste, max(d.latitude::float8) as norte,
            max(d.longitude::float8) as leste,
            count(*) filter (where d.latitude is not null and ${dias} <= 30)::int as recente,
            count(*) filter (where d.latitude is not null and ${dias} > 30 and ${dias} <= 90)::int as atencao,
            count(*) filter (where d.latitude is not null and ${dias} > 90)::int as atrasada,
            count(*) filter (where d.latitude is not null and f.ultima_visita is null)::int as nunca
          from familias f left join cadastros_domiciliares d on d.id = f.domicilio_id where not f.mudou`,
        )
      ).rows[0]!;
      const zoom = zoomQueCabe(
        [r.sul, r.oeste, r.norte, r.leste],
        largura,
        altura,
        ENQUADRAR.margem,
        ENQUADRAR.zoomMaximo,
      );
      const escala = (256 * 2 ** zoom) / CELULA_GRUPO_PX;
      const lat = 'radians(d.latitude::float8)';
      const celulas = (
        await raw.query<{ n: number }>(
          `select count(*)::int as n, avg(d.latitude::float8) as lat, avg(d.longitude::float8) as lng,
            case when count(*) = 1 then min(f.id::text) end as id
          from familias f join cadastros_domiciliares d on d.id = f.domicilio_id
          where not f.mudou and d.latitude is not null
          group by floor((d.longitude::float8 + 180) / 360 * ${escala}),
            floor((1 - ln(tan(${lat}) + 1 / cos(${lat})) / pi()) / 2 * ${escala})`,
        )
      ).rows;
      return {
        total: r.total,
        zoom,
        grupos: celulas.filter((c) => c.n > 1).map((c) => c.n),
        sozinhos: celulas.filter((c) => c.n === 1).length,
      };
    };
    /** The route as a browser asks it: brotli accepted; the time until the last byte. */
    const httpMapa = (query: string) =>
      new Promise<{ ms: number; bytes: number; body: Buffer }>((resolve, reject) => {
        const t = performance.now();
        const req = http.get(
          `${server.url}${ROTA}${query}`,
          { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              if (res.statusCode !== 200) return reject(new Error(`mapa: ${res.statusCode}`));
              const body = Buffer.concat(chunks);
              const plain = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body;
              resolve({ ms: performance.now() - t, bytes: body.length, body: plain });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      });
    const primeira = await httpMapa(`?largura=${largura}&altura=${altura}`);
    // The same answer, before the times mean anything: the zoom, the count, each group's size and the homes alone.
    const resposta = JSON.parse(primeira.body.toString('utf8')) as TerritorioMapa;
    const sql = await sqlMapa();
    const api = {
      total: resposta.total,
      zoom: resposta.zoom,
      grupos: resposta.grupos.quantidades,
      sozinhos: resposta.pontos.familia_ids.length,
    };
    const ordem = (x: typeof api) => JSON.stringify({ ...x, grupos: [...x.grupos].sort((a, b) => a - b) });
    if (ordem(api) !== ordem(sql)) throw new Error(`a API e o SQL divergem:\nAPI ${ordem(api)}\nSQL ${ordem(sql)}`);
    const pontosApi = resposta.total;
    const [tHttp, tSql] = await interleaved(K.ITER, () => httpMapa(`?largura=${largura}&altura=${altura}`), sqlMapa);

    // ---- 2. Chromium on the tablet profile ----------------------------------------------------------------------
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const desenhos: Array<{ ms: number; pedido: number; resposta: number; bytes: number; marcadores: number }> = [];
    let sobrepostos = 0;
    try {
      const context = await browser.newContext({
        viewport: { width: 800, height: 1280 },
        deviceScaleFactor: 2,
        hasTouch: true,
        isMobile: true,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/api/health`);
      await page.evaluate((t) => localStorage.setItem('saude.token', t), token);
      // The app once, so its shell is cached as on a tablet in use; the map's chunk is not until the first run.
      await page.goto(`${server.url}/`);
      await page.locator('nav').first().waitFor({ state: 'attached', timeout: 120_000 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: K.CPU });
      for (let i = 0; i < K.VEZES; i++) {
        await page.goto(`${server.url}/atencao_primaria/cobertura/territorio`);
        await page.locator('.leaflet-container[data-desenhado]').waitFor({ state: 'attached', timeout: 120_000 });
        desenhos.push(
          await page.evaluate((rota) => {
            const marca = performance.getEntriesByName('saude:mapa-desenhado')[0]!;
            const req = performance
              .getEntriesByType('resource')
              .map((e) => e as PerformanceResourceTiming)
              .find((e) => e.name.includes(rota))!;
            return {
              ms: marca.startTime,
              pedido: req.startTime,
              resposta: req.responseEnd,
              bytes: req.transferSize,
              marcadores: Number(document.querySelector<HTMLElement>('.leaflet-container')!.dataset.desenhado),
            };
          }, ROTA),
        );
      }
      // What the tablet shows: no two discs overlapping (the server's groups and the browser's, joined where they
      // would touch), and BENCH_FOTO=<file.png> to look at it.
      sobrepostos = await page.evaluate(() => {
        const discos = [...document.querySelectorAll('.mapa-territorio-grupo')].map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2, d: r.width };
        });
        let n = 0;
        for (const [i, a] of discos.entries())
          for (const b of discos.slice(i + 1)) if (Math.hypot(a.x - b.x, a.y - b.y) < (a.d + b.d) / 2) n++;
        return n;
      });
      if (process.env.BENCH_FOTO) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.screenshot({ path: process.env.BENCH_FOTO });
      }
      await context.close();
    } finally {
      await browser.close();
    }

    // ---- the table ----------------------------------------------------------------------------------------------
    const kb = (n: number) => `${(n / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} kB`;
    log(
      `\nPostgreSQL ${serverVersion}; ${naArea.toLocaleString('pt-BR')} domicílios com coordenadas na área; ` +
        `a 1ª resposta (zoom ${resposta.zoom}): ${resposta.grupos.quantidades.length} grupos e ` +
        `${resposta.pontos.familia_ids.length} domicílios sozinhos (um a um até ${LIMITE_DOMICILIOS_MAPA.toLocaleString('pt-BR')} na vista); ${machine()}`,
    );
    log(
      `\n1ª requisição do mapa (gestor, sem filtros, ajustada a ${largura}×${altura} px), ${K.ITER} rodadas HTTP e SQL alternadas: ` +
        `HTTP p50 ${pct(tHttp, 50).toFixed(0)} ms, p95 ${pct(tHttp, 95).toFixed(0)} ms; ` +
        `SQL p50 ${pct(tSql, 50).toFixed(0)} ms, p95 ${pct(tSql, 95).toFixed(0)} ms; HTTP/SQL ${(pct(tHttp, 50) / pct(tSql, 50)).toFixed(2)}×`,
    );
    log(`bytes: ${kb(primeira.bytes)} comprimidos (brotli), ${kb(primeira.body.length)} de JSON`);
    log(
      `\nChromium, tablet 800×1280 @2×, toque, CPU ${K.CPU}× mais lenta (Emulation.setCPUThrottlingRate ${K.CPU}); ` +
        `da navegação até os domicílios desenhados:`,
    );
    log(
      `${'vez'.padEnd(4)} ${'pedido em'.padStart(10)} ${'resposta em'.padStart(12)} ${'desenhado em'.padStart(13)} ` +
        `${'baixado'.padStart(9)} ${'marcadores'.padStart(11)}`,
    );
    const ms0 = (n: number) => `${n.toFixed(0)} ms`;
    desenhos.forEach((d, i) =>
      log(
        `${String(i + 1).padEnd(4)} ${ms0(d.pedido).padStart(10)} ${ms0(d.resposta).padStart(12)} ${ms0(d.ms).padStart(13)} ` +
          `${kb(d.bytes).padStart(9)} ${String(d.marcadores).padStart(11)}`,
      ),
    );
    log(`pares de grupos desenhados um sobre o outro, na última vez: ${sobrepostos}`);
    const ms = desenhos.map((d) => d.ms);
    const goals: Goal[] = [
      {
        what: 'mapa desenhado, 1ª vez (código do mapa não em cache)',
        goal: '≤ 2 s',
        measured: ms[0]!,
        unit: 'ms',
        limit: META_MS,
      },
      {
        what: `mapa desenhado, mediana de ${ms.length}`,
        goal: '≤ 2 s',
        measured: pct(ms, 50),
        unit: 'ms',
        limit: META_MS,
      },
      {
        what: `mapa desenhado, pior de ${ms.length}`,
        goal: '≤ 2 s',
        measured: Math.max(...ms),
        unit: 'ms',
        limit: META_MS,
      },
      {
        what: 'requisição do mapa, HTTP ÷ SQL (p50)',
        goal: '≤ 1,5×',
        measured: pct(tHttp, 50) / pct(tSql, 50),
        unit: '×',
        limit: 1.5,
      },
    ];
    printGoals(`Mapa do território: ${pontosApi.toLocaleString('pt-BR')} domicílios no tablet (CPU ${K.CPU}×)`, goals);
  } finally {
    client.close();
    await server.stop();
  }
} finally {
  await cleanup();
}
