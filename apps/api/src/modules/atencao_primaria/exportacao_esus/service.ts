import { msg } from '@saude/shared';
import {
  lediMsg,
  NOME_FICHA_ESUS,
  type ExportacaoEsus,
  type ExportacaoEsusInput,
  linkCorrecao,
  type ProblemaExportacao,
} from '@saude/shared/schemas/exportacao_esus';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { audit, auditedRead } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import type { Config } from '../../../config';
import { esusFichasEmExportacao, exportacoesEsus, profissionais, unidadesSaude } from '../../../db/schema';
import { iso } from '../../../db/sql';
import { unprocessable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { fichaXml, type Instalacao } from './mapeamento';
import { pendentes, RESOURCE, type Filtro, type Pendente } from './queries';

export { RESOURCE };
import { validarFicha } from './validacao';
import { ZipWriter } from './zip';

/** Report lines kept on the history row for the screen; the zip's relatorio.csv has them all. */
const PROBLEMAS_NA_TELA = 2000;
const LOTE_HISTORICO = 500;

export const instalacaoDe = (c: Config): Instalacao => ({
  codIbge: c.ESUS_MUNICIPIO_IBGE,
  contraChave: c.ESUS_CONTRA_CHAVE,
  uuidInstalacao: c.ESUS_UUID_INSTALACAO,
  cpfOuCnpj: c.ESUS_CPF_CNPJ,
  nomeOuRazaoSocial: c.ESUS_NOME_INSTALACAO,
  versaoSistema: '1.0.0',
});

const csv = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The active units and whether each is flagged to export (spec §3 unit flag exportacao_esus): the screen offers those
 * that are and names the others as left out (issue 39).
 */
export async function unidadesDaExportacao(ctx: Ctx) {
  return ctx.db
    .select({
      id: unidadesSaude.id,
      nome: unidadesSaude.nome,
      cnes: unidadesSaude.cnes,
      exporta: unidadesSaude.exportacao_esus,
    })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.ativo, true))
    .orderBy(sql`${unidadesSaude.nome} collate "und-x-icu"`);
}

/** The last 50 exports; their report lines name citizens, so the read is audited with whom they name. */
export async function list(ctx: Ctx): Promise<ExportacaoEsus[]> {
  return auditedRead(
    ctx,
    async (db) => {
      const rows = await db
        .select({ e: exportacoesEsus, profissional_nome: profissionais.nome })
        .from(exportacoesEsus)
        .innerJoin(profissionais, eq(profissionais.id, exportacoesEsus.profissional_id))
        .orderBy(desc(exportacoesEsus.created_at))
        .limit(50);
      return rows.map(({ e, profissional_nome }) => ({
        id: e.id,
        created_at: iso(e.created_at) as string,
        profissional_nome,
        unidade_ids: e.unidade_ids,
        inicio: e.inicio,
        fim: e.fim,
        exportadas: e.exportadas,
        com_problema: e.com_problema,
        problemas: e.problemas,
      }));
    },
    (lista) => ({
      resource: RESOURCE,
      action: 'index',
      municipe_ids: lista.flatMap((e) => e.problemas.flatMap((p) => (p.municipe_id ? [p.municipe_id] : []))),
      details: { relatorio: true },
    }),
  );
}

/** Checks the request (422 before any byte is sent), records the export and answers the zip as a stream. */
export async function exportar(
  ctx: Ctx,
  config: Config,
  input: { unidades: string[]; inicio: string; fim: string } & ExportacaoEsusInput,
): Promise<{ id: string; zip: Readable }> {
  const unidades = [...new Set(input.unidades)];
  const achadas = await ctx.db
    .select({ id: unidadesSaude.id, exportacao: unidadesSaude.exportacao_esus })
    .from(unidadesSaude)
    .where(inArray(unidadesSaude.id, unidades));
  if (achadas.length !== unidades.length) throw unprocessable({ unidades: [msg.naoEValido] });
  if (achadas.some((u) => !u.exportacao)) throw unprocessable({ unidades: [lediMsg.unidadeSemExportacao] });
  const id = newId();
  const usuario = ctx.usuario!;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(exportacoesEsus).values({
      id,
      profissional_id: usuario.profissionalId,
      unidade_ids: unidades,
      inicio: input.inicio,
      fim: input.fim,
      updated_by: usuario.profissionalId,
    });
    await audit(tx, ctx, { action: 'create', resource: RESOURCE, record_id: id, details: { unidades } });
  });
  const zip = new ZipWriter();
  void gerar(ctx, config, id, { unidades, inicio: input.inicio, fim: input.fim }, zip).catch(async (e: unknown) => {
    // The client went away or a query failed: a broken download, no history row, nothing marked sent.
    await zip.abort(e instanceof Error ? e : new Error(String(e)));
    await ctx.db
      .delete(exportacoesEsus)
      .where(eq(exportacoesEsus.id, id))
      .catch(() => undefined);
  });
  return { id, zip: zip.output };
}

async function gerar(ctx: Ctx, config: Config, id: string, filtro: Filtro, zip: ZipWriter): Promise<void> {
  const inst = instalacaoDe(config);
  const agora = Date.now();
  // The report goes to a temporary file: a year with many refused records must not sit in memory.
  const dir = await mkdtemp(join(tmpdir(), 'saude-esus-'));
  const relatorio = createWriteStream(join(dir, 'relatorio.csv'));
  const linha = async (texto: string) => {
    if (!relatorio.write(`${texto}\r\n`)) await once(relatorio, 'drain');
  };
  try {
    await linha('\uFEFFtipo;registro;municipe;descricao;campo;motivo;corrigir_em;unidade');
    const problemas: ProblemaExportacao[] = [];
    let exportadas = 0;
    let comProblema = 0;
    let lote: Pendente[] = [];
    const gravarLote = async () => {
      if (lote.length === 0) return;
      await ctx.db.insert(esusFichasEmExportacao).values(
        lote.map((p) => ({
          exportacao_id: id,
          tipo: p.tipo,
          registro_id: p.registroId,
          uuid_ficha_originadora: p.uuidFichaOriginadora,
          uuid_ficha: p.item.ficha.uuidFicha,
          versao_enviada: p.versao,
        })),
      );
      lote = [];
    };
    // The records come from the replica (a whole period of three tables); what the job writes goes to the primary.
    for await (const p of pendentes(ctx.leitura, filtro)) {
      const erros = validarFicha(p.item, agora);
      if (erros.length > 0) {
        comProblema++;
        for (const e of erros) {
          const problema: ProblemaExportacao = {
            tipo: p.tipo,
            registro_id: p.registroId,
            municipe_id: p.municipeId,
            descricao: p.descricao,
            unidade_saude_id: p.unidade.id,
            unidade_nome: p.unidade.nome,
            campo: e.campo,
            motivo: e.motivo,
          };
          if (problemas.length < PROBLEMAS_NA_TELA) problemas.push(problema);
          await linha(
            [
              NOME_FICHA_ESUS[p.tipo],
              p.registroId,
              p.municipeId ?? '',
              p.descricao,
              e.campo,
              e.motivo,
              linkCorrecao(problema),
              p.unidade.nome,
            ]
              .map(csv)
              .join(';'),
          );
        }
        continue;
      }
      await zip.addBuffer(`${p.tipo}/${p.item.ficha.uuidFicha}.esus.xml`, Buffer.from(fichaXml(p.item, inst), 'utf8'));
      exportadas++;
      lote.push(p);
      if (lote.length >= LOTE_HISTORICO) await gravarLote();
    }
    await gravarLote();
    relatorio.end();
    await finished(relatorio);
    await zip.addFile('relatorio.csv', join(dir, 'relatorio.csv'));
    // Sent once the client has read the whole zip but its last bytes: the records move to the history of what was sent.
    await zip.finish(() =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into esus_fichas_enviadas
            (tipo, registro_id, uuid_ficha_originadora, uuid_ficha, versao_enviada, exportacao_id)
          select tipo, registro_id, uuid_ficha_originadora, uuid_ficha, versao_enviada, exportacao_id
            from esus_fichas_em_exportacao where exportacao_id = ${id}
          on conflict (tipo, registro_id) do update set
            uuid_ficha = excluded.uuid_ficha,
            versao_enviada = excluded.versao_enviada,
            exportacao_id = excluded.exportacao_id`);
        await tx.delete(esusFichasEmExportacao).where(eq(esusFichasEmExportacao.exportacao_id, id));
        await tx
          .update(exportacoesEsus)
          .set({ exportadas, com_problema: comProblema, problemas, updated_at: new Date() })
          .where(eq(exportacoesEsus.id, id));
      }),
    );
  } finally {
    // A write still in flight when the download broke fails after the destroy: harmless, the file goes with its folder.
    relatorio.on('error', () => undefined);
    relatorio.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
