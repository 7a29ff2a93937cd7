// npm run bench:exportacao-esus — the e-SUS APS export (issue 26) of a year of a large municipality: BENCH_FAMILIAS
// families (default 80,000) with BENCH_VISITAS visits each over two years (default 20), each resident with an
// individual registration: about a million records in the year exported (households, individuals, visits). The
// production server on PostgreSQL (BENCH_ENGINES, default postgres; see town.ts) exports the year over HTTP to this
// process, which reads the zip as a browser saves it. Printed: time, records per second, zip size, and the server's
// memory (resident set) before, at its peak during the export, and after. Goal: memory bounded (the peak does not grow
// with the records: compare BENCH_FAMILIAS=8000 with the default), a year in minutes.
import fs from 'node:fs';
import http from 'node:http';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo';
import { Client, knobs, log, machine, signIn, startServer, withTown } from './lib';
import { engineName, type Engine } from './town';

const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres').split(',') as Engine[];
const { FAMILIAS, EQUIPES, VISITAS } = knobs({ FAMILIAS: 80_000, EQUIPES: 32, VISITAS: 20 });
// A valid CNS for the bench's agents (the export refuses a header without one).
const CNS_AGENTE = '700609923387762';

/** Resident set size of a process now, and its peak since it started (kB → MB). */
function memoria(pid: number): { atual: number; pico: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { atual: kb('VmRSS') / 1024, pico: kb('VmHWM') / 1024 };
}

const dia = (d: Date) => d.toISOString().slice(0, 10);

async function medir(engine: Engine) {
  let unidadeGestor = '';
  let unidades: string[] = [];
  await withTown(
    engine,
    { equipes: EQUIPES, familias: FAMILIAS, visitas: VISITAS },
    async (town) => {
      const server = await startServer(town.env);
      const c = new Client(server.url, 1);
      try {
        const token = await signIn(c, 'admin', DEMO_PASSWORD, unidadeGestor);
        const hoje = new Date();
        const body = JSON.stringify({
          unidades,
          inicio: dia(new Date(hoje.getTime() - 365 * 86_400_000)),
          fim: dia(hoje),
        });
        const antes = memoria(server.pid);
        let pico = antes.atual;
        const amostras = setInterval(() => (pico = Math.max(pico, memoria(server.pid).atual)), 250);
        const t0 = performance.now();
        const { bytes, cauda, id } = await new Promise<{ bytes: number; cauda: Buffer; id: string }>(
          (resolve, reject) => {
            const req = http.request(`${server.url}/api/v1/atencao_primaria/exportacao_esus`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            });
            req.on('error', reject);
            req.on('response', (res) => {
              if (res.statusCode !== 200) return reject(new Error(`exportação: ${res.statusCode}`));
              let n = 0;
              let tail = Buffer.alloc(0);
              res.on('data', (chunk: Buffer) => {
                n += chunk.length;
                tail = Buffer.concat([tail, chunk]).subarray(-128);
              });
              res.on('end', () => resolve({ bytes: n, cauda: tail, id: String(res.headers['x-exportacao-id']) }));
              res.on('error', reject);
            });
            req.end(body);
          },
        );
        const ms = performance.now() - t0;
        clearInterval(amostras);
        const depois = memoria(server.pid);
        // The count of files from the zip's own end records (ZIP64 past 65,535).
        const eocd = cauda.length - 22;
        const z64 = cauda.length - 22 - 20 - 56;
        const arquivos =
          cauda.readUInt32LE(eocd) === 0x06054b50 && cauda.readUInt16LE(eocd + 10) === 0xffff
            ? Number(cauda.readBigUInt64LE(z64 + 32))
            : cauda.readUInt16LE(eocd + 10);
        const hist = await c.request('GET', '/api/v1/atencao_primaria/exportacao_esus', { token });
        type Linha = { tipo: string; campo: string; motivo: string };
        const e = (
          JSON.parse(hist.body) as Array<{ id: string; exportadas: number; com_problema: number; problemas: Linha[] }>
        ).find((x) => x.id === id)!;
        const motivos = new Map<string, number>();
        for (const p of e.problemas)
          motivos.set(`${p.tipo}: ${p.campo} ${p.motivo}`, (motivos.get(`${p.tipo}: ${p.campo} ${p.motivo}`) ?? 0) + 1);
        const registros = e.exportadas + e.com_problema;
        log(`\n${engineName[engine]}: ${town.counts}`);
        log(
          `  exportação de 1 ano: ${registros.toLocaleString('pt-BR')} registros lidos, ${e.exportadas.toLocaleString('pt-BR')} arquivos .esus.xml (${(arquivos - 1).toLocaleString('pt-BR')} no zip), ${e.com_problema.toLocaleString('pt-BR')} recusados no relatório`,
        );
        if (motivos.size > 0)
          log(
            `  motivos (das ${e.problemas.length} primeiras linhas): ${[...motivos].map(([m, n]) => `${m} (${n})`).join('; ')}`,
          );
        log(
          `  tempo ${(ms / 1000).toFixed(1)} s — ${Math.round(registros / (ms / 1000)).toLocaleString('pt-BR')} registros/s; zip ${(bytes / 1048576).toFixed(0)} MB`,
        );
        log(
          `  memória do servidor (RSS): antes ${antes.atual.toFixed(0)} MB, pico durante ${pico.toFixed(0)} MB, depois ${depois.atual.toFixed(0)} MB (VmHWM ${depois.pico.toFixed(0)} MB)`,
        );
      } finally {
        c.close();
        await server.stop();
      }
    },
    async (q, town) => {
      unidades = [...new Set(town.unitIds)];
      await q(`update unidades_saude set exportacao_esus = true where id = any($1::uuid[])`, [unidades]);
      await q(`update profissionais set codigo_cns = $1 where id = any($2::uuid[])`, [CNS_AGENTE, town.agentIds]);
      // The generator's documents are numbers without check digits: made valid here, as the layout checks them.
      await q(`create function bench_cpf(b text) returns text language sql immutable as $$
        with d1 as (select (11 - (sum(substr(b, i, 1)::int * (11 - i)) % 11)) % 11 % 10 as v
                    from generate_series(1, 9) i),
             d2 as (select (11 - ((sum(substr(b, i, 1)::int * (12 - i)) + (select v from d1) * 2) % 11)) % 11 % 10 as v
                    from generate_series(1, 9) i)
        select b || (select v from d1) || (select v from d2) $$`);
      await q(`create function bench_cns(b text) returns text language sql immutable as $$
        select case when r = 10 then null else b || r end
        from (select (11 - sum(substr(b, i, 1)::int * (16 - i)) % 11) % 11 as r from generate_series(1, 14) i) x $$`);
      // Every resident registered (individual registration), with what the layout asks for: parents' names, birthplace,
      // valid documents, an ethnicity for the indigenous (none here: race 'indígena' becomes 'branca').
      await q(
        `update municipes set nome_mae = 'MARIA DA SILVA', pai_desconhecido = true, municipio_nascimento_ibge = '5300108',
          cpf_numero = case when cpf_numero is not null then bench_cpf(right(cpf_numero, 9)) end,
          codigo_cns = bench_cns('7' || right(codigo_cns, 13)),
          raca_cor_id = case when raca_cor_id = 5 then 1 else raca_cor_id end
        where equipe_id = any($1)`,
        [town.teamIds],
      );
      await q(`drop function bench_cpf; drop function bench_cns`);
      await q(
        `insert into cadastros_individuais (id, municipe_id)
         select ('0000000a-0000-7000-8000-' || lpad(to_hex(row_number() over ()), 12, '0'))::uuid, id
         from municipes where equipe_id = any($1)`,
        [town.teamIds],
      );
      await q(`analyze`);
      unidadeGestor = (
        await q(
          `select l.unidade_saude_id from lotacoes l join profissionais p on p.id = l.profissional_id
           where p.login = 'admin' limit 1`,
        )
      ).rows[0].unidade_saude_id;
    },
  );
}

for (const engine of ENGINES) await medir(engine);
log(`\n${machine()}`);
