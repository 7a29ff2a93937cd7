import { msg, type Parametrizacao } from '@saude/shared';
import type {
  ParametrizacaoSistema,
  parametrizacaoSistemaUpdateSchema,
} from '@saude/shared/schemas/parametrizacao_sistema';
import type { TempoChamadas } from '@saude/shared/schemas/fila';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../../access/context';
import { recordTrail } from '../../../access/audit-trail';
import { demoAccountsExist } from '../../../auth/service';
import type { Sso } from '../../../auth/sso';
import type { Config } from '../../../config';
import { parametrizacao } from '../../../db/schema';
import type { Dated } from '../../../lib/answer';
import { forbidden, notFound } from '../../../lib/errors';
import { updateVersioned } from '../../../lib/versioned';
import { paraApi, parametros, RESOURCE, tempoChamadasDa, type Row } from './queries';

// The system parameters (issue 21): the public start-up read, the managers' read and edit of the single row (id 1),
// and the current unit's call interval. The row holds no personal data, so the audit row keeps each changed field's
// value before → after; the crest only as "alterado"/"removido" (a data URL of up to 500 kB is no trail).

const trail = recordTrail(RESOURCE);
const p = parametrizacao;

/** What the web app reads at start, before sign-in (the login page shows the crest): defaults until the row exists. */
export async function publica(ctx: Ctx, config: Config, sso: Sso): Promise<Parametrizacao> {
  const r = await parametros(ctx.db);
  return {
    cliente_nome: r?.cliente_nome ?? 'Saúde Municipal',
    brasao: r?.brasao ?? null,
    habilita_biometria: r?.habilita_biometria ?? false,
    versao: r?.versao ?? '',
    esus_versao: r?.esus_versao ?? '',
    pec_versao: r?.pec_versao ?? '',
    mapas: {
      chave: config.MAPS_API_KEY,
      latitude: config.MAPS_DEFAULT_LAT,
      longitude: config.MAPS_DEFAULT_LNG,
      tiles_url: config.MAP_TILES_URL,
    },
    widgets: {
      chat_url: config.CHAT_WIDGET_URL,
      libras_url: config.LIBRAS_WIDGET_URL,
      biometria_agente_url: config.BIOMETRIA_AGENTE_URL,
    },
    sso_habilitado: sso.enabled,
    sso_nome: sso.enabled ? (config.SSO_PROVIDER_NAME ?? 'acesso único do município') : null,
    demonstracao: await demoAccountsExist(ctx.db),
  };
}

/** The current unit's seconds between repeated calls (spec §7); no unit, 403. */
export async function tempoChamadas(ctx: Ctx): Promise<TempoChamadas> {
  const unidadeId = ctx.usuario?.unidadeId;
  if (!unidadeId) throw forbidden(msg.semUnidadeAtual);
  const tempo = await tempoChamadasDa(ctx.db, unidadeId);
  if (tempo === undefined) throw forbidden(msg.semUnidadeAtual);
  return { tempo_unidade_atual: tempo };
}

const CAMPOS = [
  'cliente_nome',
  'brasao',
  'habilita_biometria',
  'versao',
  'esus_versao',
  'pec_versao',
  'auditoria_meses_online',
  'obito_anos_guarda',
  'unificacao_prazo_dias',
] as const;

/** The changed fields, value before → after (the crest as a word). */
export function alteracoes(antes: Row, depois: Row): Record<string, { de: unknown; para: unknown }> {
  const out: Record<string, { de: unknown; para: unknown }> = {};
  for (const c of CAMPOS) {
    if (antes[c] === depois[c]) continue;
    out[c] =
      c === 'brasao'
        ? { de: antes.brasao ? 'imagem' : null, para: depois.brasao ? 'imagem nova' : 'removido' }
        : { de: antes[c], para: depois[c] };
  }
  return out;
}

export async function show(ctx: Ctx): Promise<Dated<ParametrizacaoSistema>> {
  const r = await parametros(ctx.db);
  if (!r) throw notFound();
  return paraApi(r);
}

export async function update(
  ctx: Ctx,
  body: z.output<typeof parametrizacaoSistemaUpdateSchema>,
): Promise<Dated<ParametrizacaoSistema>> {
  const { lock_version, ...values } = body;
  return ctx.db.transaction(async (tx) => {
    const antes = await parametros(tx, true);
    if (!antes) throw notFound();
    const depois = await updateVersioned(tx, ctx, p, { key: eq(p.id, 1), lockVersion: lock_version }, values);
    await trail(tx, ctx, 'update', '1', { details: { alteracoes: alteracoes(antes, depois) } });
    return paraApi(depois);
  });
}
