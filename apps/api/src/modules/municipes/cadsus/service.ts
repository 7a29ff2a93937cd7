import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { msg } from '@saude/shared';
import type {
  CadsusCandidato,
  CadsusCandidatos,
  CadsusEstado,
  CadsusMunicipe,
} from '@saude/shared/schemas/municipe_cadsus';
import { formatCpf } from '@saude/shared/validation/cpf';
import { inArray, or } from 'drizzle-orm';
import { audit } from '../../../access/audit';
import type { Ctx } from '../../../access/context';
import { municipes } from '../../../db/schema';
import { AppError, notFound, unprocessable } from '../../../lib/errors';
import { abrir, selar } from './candidato';
import {
  buscarCandidatosCadsus,
  consultarCadsus,
  verificarCertificado,
  type CadsusConfig,
  type Resultado,
} from './client';
import type { BuscaNome, Consulta } from './pdq';

// The national registry lookup (issue 24). The answer fills the form; nothing is stored but the audit row, which says
// who looked up whom by which document and what came back — never the number or the data (LGPD, audit.ts).

export const RESOURCE = 'municipes/cadsus';

const indisponivel = (message: string = cadsusMsg.cadsusIndisponivel) =>
  new AppError(503, message, { code: 'servico_indisponivel' });

/** What each outcome tells the user: not found offers the advanced search; every failure lets the form go on. */
function recusa(r: Exclude<Resultado, { tipo: 'encontrado' }>): AppError {
  switch (r.tipo) {
    case 'nao_encontrado':
      return notFound(msg.cadsusNaoEncontrado);
    case 'falha_autenticacao':
      return new AppError(502, msg.cadsusFalhaAutenticacao, { code: 'servico_autenticacao' });
    case 'tempo_esgotado':
      return indisponivel(cadsusMsg.cadsusTempoEsgotado);
    case 'nao_configurado':
      return indisponivel(cadsusMsg.cadsusNaoConfigurado);
    case 'invalida':
    case 'indisponivel':
      return indisponivel();
  }
}

/** Citizens of our registry with this CPF or one of these CNS: the lookup concerns them too (and the form says so). */
async function jaCadastrados(ctx: Ctx, cpfs: string[], cns: string[], limite = 5) {
  const conds = [
    ...(cpfs.length > 0 ? [inArray(municipes.cpf_numero, cpfs)] : []),
    ...(cns.length > 0 ? [inArray(municipes.codigo_cns, cns)] : []),
  ];
  if (conds.length === 0) return [];
  return ctx.db
    .select({ id: municipes.id, nome: municipes.nome, cpf: municipes.cpf_numero, cns: municipes.codigo_cns })
    .from(municipes)
    .where(or(...conds))
    .limit(limite);
}

/** The lookup's question: a CPF, a CNS, or the sealed reference of a name search's candidate. */
export type Pergunta = Consulta | { candidato: string };

export async function consultar(ctx: Ctx, config: CadsusConfig, pergunta: Pergunta): Promise<CadsusMunicipe> {
  let consulta: Consulta;
  let por: 'cpf' | 'cns' | 'nome';
  if ('candidato' in pergunta) {
    const aberto = abrir(config, pergunta.candidato, ctx.usuario!.profissionalId);
    if (!aberto) throw unprocessable({ candidato: [cadsusMsg.cadsusCandidatoExpirado] });
    consulta = aberto;
    por = 'nome';
  } else {
    consulta = pergunta;
    por = 'cpf' in consulta ? 'cpf' : 'cns';
  }
  const r = await consultarCadsus(config, consulta);
  if (r.tipo !== 'encontrado') {
    // A refused or failed lookup still asked the registry about someone: its row says so, with the outcome.
    await audit(ctx.db, ctx, { action: 'show', resource: RESOURCE, details: { por, resultado: r.tipo } });
    throw recusa(r);
  }
  const { campos, cns } = r.pessoa;
  const cpf = campos.cpf_numero ?? ('cpf' in consulta ? consulta.cpf : null);
  const locais = await jaCadastrados(ctx, cpf ? [cpf] : [], [
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
  return { campos, cns, ja_cadastrados: locais.map(({ id, nome }) => ({ id, nome })) };
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

/** Leaves the first and last three digits: enough to tell two people apart at the desk, not to use the number. */
const mascararCns = (n: string) => `${n.slice(0, 3)} **** **** ${n.slice(-3)}`;
/** The LGPD custom: the CPF's middle six digits. */
const mascararCpf = (n: string) =>
  formatCpf(n)
    .replace(/^\d{3}/, '***')
    .replace(/\d{2}$/, '**');

/** The most candidates listed: a name and birth date that match more people need the mother's name. */
export const MAX_CANDIDATOS = 20;

/** Spec-less (issue 43): who does not know their CPF or CNS, found by name, birth date and mother. */
export async function buscarCandidatos(ctx: Ctx, config: CadsusConfig, busca: BuscaNome): Promise<CadsusCandidatos> {
  const r = await buscarCandidatosCadsus(config, busca);
  const detalhes = { por: 'nome', com_mae: Boolean(busca.nome_mae) };
  if (r.tipo !== 'candidatos') {
    await audit(ctx.db, ctx, { action: 'show', resource: RESOURCE, details: { ...detalhes, resultado: r.tipo } });
    throw recusa(r);
  }
  const pessoas = r.pessoas.slice(0, MAX_CANDIDATOS);
  const locais = await jaCadastrados(
    ctx,
    pessoas.flatMap((p) => (p.campos.cpf_numero ? [p.campos.cpf_numero] : [])),
    pessoas.flatMap((p) => p.cns.map((c) => c.numero)),
    // Each listed person may be one of ours, by CPF or any CNS.
    pessoas.length * 5,
  );
  const candidatos = pessoas.map(({ campos: c, cns }): CadsusCandidato => {
    const numeros = new Set(cns.map((x) => x.numero));
    const local = locais.find((l) => (c.cpf_numero && l.cpf === c.cpf_numero) || (l.cns && numeros.has(l.cns)));
    // The definitive CNS opens the person (it is the registry's key); a CPF when no CNS came.
    const consulta: Consulta | null = cns[0] ? { cns: cns[0].numero } : c.cpf_numero ? { cpf: c.cpf_numero } : null;
    return {
      nome: c.nome,
      nome_social: c.nome_social,
      data_nascimento: c.data_nascimento,
      nome_mae: c.nome_mae,
      mae_desconhecida: c.mae_desconhecida,
      sexo_id: c.sexo_id,
      municipio: c.residencia_municipio_nome,
      uf: c.residencia_uf,
      cpf_mascarado: c.cpf_numero ? mascararCpf(c.cpf_numero) : null,
      cns_mascarado: cns[0] ? mascararCns(cns[0].numero) : null,
      candidato: consulta ? selar(config, consulta, ctx.usuario!.profissionalId) : null,
      ja_cadastrado: local ? { id: local.id, nome: local.nome } : null,
    };
  });
  await audit(ctx.db, ctx, {
    action: 'show',
    resource: RESOURCE,
    municipe_ids: [...new Set(candidatos.flatMap((x) => (x.ja_cadastrado ? [x.ja_cadastrado.id] : [])))],
    // How many came, never who.
    details: { ...detalhes, resultado: 'candidatos', quantidade: pessoas.length, total: r.total },
  });
  return { candidatos, total: r.total };
}
