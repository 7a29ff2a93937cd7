import { msg } from '@saude/shared';
import type { CadsusEstado, CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { inArray, or, eq } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { municipes } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { consultarCadsus, verificarCertificado, type CadsusConfig, type Resultado } from './client';
import type { Consulta } from './pdq';

// The national registry lookup (issue 24). The answer fills the form; nothing is stored but the audit row, which says
// who looked up whom by which document and what came back — never the number or the data (LGPD, audit.ts).

export const RESOURCE = 'municipes/cadsus';

const indisponivel = (message: string = msg.cadsusIndisponivel) =>
  new AppError(503, message, { code: 'servico_indisponivel' });

/** What each outcome tells the user: not found offers the advanced search; every failure lets the form go on. */
function recusa(r: Exclude<Resultado, { tipo: 'encontrado' }>): AppError {
  switch (r.tipo) {
    case 'nao_encontrado':
      return notFound(msg.cadsusNaoEncontrado);
    case 'falha_autenticacao':
      return new AppError(502, msg.cadsusFalhaAutenticacao, { code: 'servico_autenticacao' });
    case 'tempo_esgotado':
      return indisponivel(msg.cadsusTempoEsgotado);
    case 'nao_configurado':
      return indisponivel(msg.cadsusNaoConfigurado);
    case 'invalida':
    case 'indisponivel':
      return indisponivel();
  }
}

/** Citizens of our registry with this CPF or one of these CNS: the lookup concerns them too (and the form says so). */
async function jaCadastrados(ctx: Ctx, cpf: string | null, cns: string[]) {
  const conds = [
    ...(cpf ? [eq(municipes.cpf_numero, cpf)] : []),
    ...(cns.length > 0 ? [inArray(municipes.codigo_cns, cns)] : []),
  ];
  if (conds.length === 0) return [];
  return ctx.db
    .select({ id: municipes.id, nome: municipes.nome })
    .from(municipes)
    .where(or(...conds))
    .limit(5);
}

export async function consultar(ctx: Ctx, config: CadsusConfig, consulta: Consulta): Promise<CadsusMunicipe> {
  const r = await consultarCadsus(config, consulta);
  const por = 'cpf' in consulta ? 'cpf' : 'cns';
  if (r.tipo !== 'encontrado') {
    // A refused or failed lookup still asked the registry about someone: its row says so, with the outcome.
    await audit(ctx.db, ctx, { action: 'show', resource: RESOURCE, details: { por, resultado: r.tipo } });
    throw recusa(r);
  }
  const { campos, cns } = r.pessoa;
  const locais = await jaCadastrados(ctx, campos.cpf_numero ?? ('cpf' in consulta ? consulta.cpf : null), [
    ...cns.map((c) => c.numero),
    ...('cns' in consulta ? [consulta.cns] : []),
  ]);
  await audit(ctx.db, ctx, {
    action: 'show',
    resource: RESOURCE,
    municipe_ids: locais.map((l) => l.id),
    // Which fields came, never their values.
    details: {
      por,
      resultado: 'encontrado',
      campos: Object.keys(campos).filter((k) => campos[k as keyof typeof campos] !== null),
    },
  });
  return { campos, cns, ja_cadastrados: locais };
}

/** Spec §7 GET /v1/ferramentas/parametrizacao/cadsus: configured? certificate usable? No secret, no call made. */
export function estado(config: CadsusConfig): CadsusEstado {
  const certificado = verificarCertificado(config);
  const usuario = Boolean(config.CADSUS_USUARIO);
  const autenticacao = certificado
    ? usuario
      ? 'certificado_e_usuario'
      : 'certificado'
    : usuario
      ? 'usuario'
      : 'nenhuma';
  const configurado = config.CADSUS_URL !== null;
  return {
    configurado,
    servico: config.CADSUS_URL ? new URL(config.CADSUS_URL).host : null,
    autenticacao,
    token_valido: configurado && autenticacao !== 'nenhuma' && (certificado?.valido ?? true),
    certificado,
    timeout_ms: config.CADSUS_TIMEOUT_MS,
  };
}
