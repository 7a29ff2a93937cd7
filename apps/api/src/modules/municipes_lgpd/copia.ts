import { nomeDoDedo } from '@saude/shared/schemas/municipe_biometria';
import { atendimentoFieldsSchema } from '@saude/shared/schemas/atendimento';
import { cadastroIndividualFieldsSchema } from '@saude/shared/schemas/cadastro_individual';
import { familiaFieldsSchema } from '@saude/shared/schemas/familia';
import { municipeFieldsSchema } from '@saude/shared/schemas/municipe';
import { condicaoSaudeFieldsSchema, sociodemograficaFieldsSchema } from '@saude/shared/schemas/municipe_blocos';
import {
  SECOES_COPIA,
  SITUACOES_CORRECAO,
  campoCorrecaoTexto,
  type ChaveSecaoCopia,
  type CopiaMunicipe,
  type RegistroCopia,
} from '@saude/shared/schemas/municipe_lgpd';
import { notificacaoCreateFieldsSchema } from '@saude/shared/schemas/notificacao_compulsoria';
import { visitaDomiciliarFieldsSchema } from '@saude/shared/schemas/visita_domiciliar';
import { rotuloDe as rotuloDoCampo } from '@saude/shared/rotulos';
import { saudeLabels, socioLabels } from '@saude/shared/schemas/municipe_blocos_rotulos';
import type { z } from 'zod';
import { formatDateTime, isoToBr } from '@saude/shared/validation/dates';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../access/audit';
import { can, type Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import {
  atendimentos,
  auditoria,
  cadastrosDomiciliares,
  cadastrosIndividuais,
  equipes,
  esusFichasEnviadas,
  exportacoesEsus,
  familiaMembros,
  familias,
  municipeBiometrias,
  municipeCondicoesSaude,
  municipeProntuarios,
  municipes,
  municipeSociodemograficas,
  notificacoesCompulsorias,
  parametrizacao,
  profissionais,
  senhas,
  unidadesSaude,
  visitasDomiciliares,
} from '../../db/schema';
import { isUuid } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { nomeDoCodigo, TABELAS_DO_REGISTRO } from './codigos';
import { listarCorrecoesDe } from './correcoes';

// The citizen's copy (LGPD art. 18 II and V, art. 19; issue 46): everything the product holds about one person, in
// sections a citizen reads — codes as their names, dates as dd/MM/yyyy, people and units by name. The same sections
// go out as PDF (copia_pdf.ts) and as JSON (portability). What is another person's data (a family's other members, a
// companion's name and phone) stays out; fingerprints say which fingers are held, never the templates. Every copy
// leaves an audit row (municipes/lgpd · copia) naming the citizen, who asked and the format: "Quem acessou" shows it.

export const RESOURCE = 'municipes/lgpd';

/** Columns that are the product's own bookkeeping, not data about the person. */
const INTERNOS = new Set([
  'id',
  'municipe_id',
  'lock_version',
  'created_at',
  'updated_at',
  'updated_by',
  'familia_id',
  'domicilio_id',
  'paciente_sem_identificacao_id',
  'atendimento_id',
  'fila_id',
  'categoria_id',
  'local_id',
  'encaminhada_de_fila_id',
  'template_base64',
  'sem_numero',
]);

/** Another person's data held beside this one's: never in their copy. */
const DE_OUTRA_PESSOA = new Set(['acompanhante_nome', 'rg', 'telefone', 'responsavel_id']);

/** Labels of columns the forms do not declare (the phones are one `telefones` object in the form). */
const ROTULOS_EXTRA: Record<string, string> = {
  telefone_residencial: 'Telefone residencial',
  telefone_celular: 'Telefone celular',
  telefone_contato: 'Telefone de contato',
  unidade_saude_id: 'Unidade de saúde',
  unidade_saude_referencia_id: 'Unidade de referência',
  profissional_id: 'Profissional',
  equipe_id: 'Equipe',
  created_by: 'Registrado por',
  chamado_por: 'Chamado por',
  cancelado_por: 'Cancelado por',
  cancelada_por: 'Cancelada por',
  emitida_por: 'Emitida por',
  data_cadastro: 'Data do cadastro',
  saida_em: 'Saída registrada em',
  situacao: 'Situação',
  data_encerramento: 'Data do encerramento',
  dias_internacao: 'Dias de internação',
  data_chegada: 'Chegada',
  data_ficha: 'Data da ficha',
  chamado_em: 'Chamado em',
  cancelado_em: 'Cancelado em',
  cancelada_em: 'Cancelada em',
  justificativa_cancelamento: 'Justificativa do cancelamento',
  retroativo: 'Registro retroativo',
  justificativa_retroativo: 'Justificativa do registro retroativo',
  data_visita: 'Data da visita',
  mudou: 'A família se mudou',
  mudou_em: 'Mudança registrada em',
  vinculado_em: 'Vinculada ao domicílio em',
  ativo: 'Membro ativo',
  numero_prontuario: 'Prontuário da família',
  codigo: 'Senha',
  data: 'Dia',
  emitida_em: 'Emitida em',
  concluida_em: 'Concluída em',
  chamada_em: 'Chamada em',
  atendimento_iniciado_em: 'Atendimento iniciado em',
  chamadas: 'Chamadas',
  hora_notificacao: 'Hora da notificação',
  inativado_em: 'Inativado em',
  // The household's address (its own columns, without the residência_ prefix).
  tipo_imovel_id: 'Tipo de imóvel',
  cep: 'CEP',
  uf: 'UF',
  municipio_ibge: 'Município',
  tipo_logradouro: 'Tipo de logradouro',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
};

/** The labels a schema declares (a field without one falls through to the next source, never to its raw name). */
const declarados = (schema: z.ZodObject): Record<string, string> =>
  Object.fromEntries(
    Object.entries(schema.shape).flatMap(([k, v]) => {
      const r = rotuloDoCampo(v as z.ZodType);
      return r ? [[k, r]] : [];
    }),
  );

const ROTULOS_MUNICIPE = declarados(municipeFieldsSchema);
const ROTULOS: Record<string, Record<string, string>> = {
  municipe: ROTULOS_MUNICIPE,
  // The blocks' questions, in the form's words.
  sociodemografica: { ...declarados(sociodemograficaFieldsSchema), ...socioLabels },
  condicao_saude: { ...declarados(condicaoSaudeFieldsSchema), ...saudeLabels },
  cadastro_individual: declarados(cadastroIndividualFieldsSchema),
  familia: declarados(familiaFieldsSchema),
  visita: declarados(visitaDomiciliarFieldsSchema),
  notificacao: declarados(notificacaoCreateFieldsSchema),
  atendimento: declarados(atendimentoFieldsSchema),
};

/** Names of the units, teams and professionals a record points at. */
type Nomes = Map<string, string>;

const DATA_ISO = /^\d{4}-\d{2}-\d{2}$/;
const PRIMEIRA_MAIUSCULA = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One value in words; null when there is nothing to say (not answered). */
function emPalavras(campo: string, valor: unknown, nomes: Nomes, registro?: string): string | null {
  if (valor === null || valor === undefined || valor === '') return null;
  if (Array.isArray(valor)) {
    const partes = valor.map((v) => emPalavras(campo, v, nomes, registro)).filter((v): v is string => v !== null);
    return partes.length > 0 ? partes.join('; ') : null;
  }
  const codigo = nomeDoCodigo(campo, valor, registro ? TABELAS_DO_REGISTRO[registro] : undefined);
  if (codigo !== null) return codigo;
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  if (valor instanceof Date) return formatDateTime(valor);
  if (typeof valor === 'string') {
    if (isUuid(valor)) return nomes.get(valor) ?? null;
    if (DATA_ISO.test(valor)) return isoToBr(valor) ?? valor;
    if (/^\d{4}-\d{2}-\d{2}T/.test(valor)) return formatDateTime(valor);
    return campo === 'situacao' ? PRIMEIRA_MAIUSCULA(valor.replace(/_/g, ' ')) : valor;
  }
  if (typeof valor === 'object') {
    const partes = Object.entries(valor as Record<string, unknown>)
      .map(([k, v]) => {
        const t = emPalavras(k, v, nomes, registro);
        return t === null ? null : `${rotuloDe(k, registro)}: ${t}`;
      })
      .filter((v): v is string => v !== null);
    return partes.length > 0 ? partes.join('; ') : null;
  }
  return String(valor);
}

function rotuloDe(campo: string, registro?: string): string {
  return (
    (registro ? ROTULOS[registro]?.[campo] : undefined) ??
    ROTULOS_EXTRA[campo] ??
    ROTULOS_MUNICIPE[campo] ??
    PRIMEIRA_MAIUSCULA(campo.replace(/_id$/, '').replace(/_/g, ' '))
  );
}

/** The answered fields of a row, in its order, labelled; `campos` picks and orders them when given. */
function itensDe(row: Record<string, unknown>, nomes: Nomes, registro?: string, campos?: readonly string[]) {
  const chaves = campos ?? Object.keys(row);
  return chaves.flatMap((k) => {
    if (INTERNOS.has(k) || DE_OUTRA_PESSOA.has(k)) return [];
    const valor = emPalavras(k, row[k], nomes, registro);
    return valor === null ? [] : [{ rotulo: rotuloDe(k, registro), valor }];
  });
}

const CAMPOS_IDENTIFICACAO = [
  'nome',
  'nome_social',
  'data_nascimento',
  'sexo_id',
  'raca_cor_id',
  'etnia_id',
  'estado_civil_id',
  'nome_mae',
  'mae_desconhecida',
  'nome_pai',
  'pai_desconhecido',
  'responsavel_nome',
  'responsavel_data_nascimento',
  'nacionalidade_id',
  'municipio_nascimento_ibge',
  'pais_nascimento_id',
  'data_entrada_brasil',
  'data_naturalizacao',
  'portaria_naturalizacao',
  'ocupacao_id',
  'parentesco_id',
  'doador_sangue',
  'tipo_sanguineo_id',
  'motivo_saida_cadastro_id',
  'data_obito',
  'numero_do',
] as const;
const CAMPOS_DOCUMENTOS = [
  'cpf_numero',
  'codigo_cns',
  'cartao_provisorio',
  'cartao_municipal',
  'numero_registro',
  'numero_prontuario_familiar',
  'rg_numero',
  'rg_data_emissao',
  'rg_uf',
  'rg_orgao_emissor',
  'nis',
  'titulo_eleitor',
  'titulo_zona',
  'titulo_secao',
  'certidao_tipo',
  'certidao_cartorio',
  'certidao_livro',
  'certidao_folha',
  'certidao_termo',
  'certidao_data_emissao',
  'certidao_matricula',
] as const;
const CAMPOS_ENDERECO = [
  'residencia_cep',
  'residencia_uf',
  'residencia_municipio_ibge',
  'residencia_tipo_logradouro',
  'residencia_logradouro',
  'residencia_numero',
  'residencia_complemento',
  'residencia_bairro',
  'residencia_ponto_referencia',
  'telefone_residencial',
  'telefone_celular',
  'telefone_contato',
  'email',
  'unidade_saude_referencia_id',
  'equipe_id',
  'profissional_id',
  'micro_area',
  'fora_area',
] as const;
/** The household's address and kind, without the other families' or members' data. */
const CAMPOS_DOMICILIO = [
  'tipo_imovel_id',
  'cep',
  'uf',
  'municipio_ibge',
  'tipo_logradouro',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
] as const;

/** Units and teams (a few hundred) by id, and the professionals the records name. */
async function carregarNomes(db: DbOrTx, profissionalIds: Iterable<unknown>): Promise<Nomes> {
  const nomes: Nomes = new Map();
  for (const u of await db.select({ id: unidadesSaude.id, nome: unidadesSaude.nome }).from(unidadesSaude))
    nomes.set(u.id, u.nome);
  for (const e of await db.select({ id: equipes.id, nome: equipes.nome }).from(equipes)) nomes.set(e.id, e.nome);
  const ids = [...new Set([...profissionalIds].filter((v): v is string => typeof v === 'string' && isUuid(v)))];
  if (ids.length > 0)
    for (const p of await db
      .select({ id: profissionais.id, nome: profissionais.nome })
      .from(profissionais)
      .where(inArray(profissionais.id, ids)))
      nomes.set(p.id, p.nome);
  return nomes;
}

const PESSOAS = ['profissional_id', 'created_by', 'chamado_por', 'cancelado_por', 'cancelada_por', 'emitida_por'];
const pessoasDe = (rows: Array<Record<string, unknown>>) => rows.flatMap((r) => PESSOAS.map((k) => r[k]));

/** Gathers the copy of `id`; the caller has checked who may ask. */
async function montar(ctx: Ctx, id: string): Promise<CopiaMunicipe> {
  const db = ctx.db;
  const [m] = await db.select().from(municipes).where(eq(municipes.id, id));
  if (!m) throw notFound();
  const [prontuarios, socio, saude, cadastros, membros, visitas, notificacoes, urgencia, tickets, biometrias] =
    await Promise.all([
      db.select().from(municipeProntuarios).where(eq(municipeProntuarios.municipe_id, id)),
      db.select().from(municipeSociodemograficas).where(eq(municipeSociodemograficas.municipe_id, id)),
      db.select().from(municipeCondicoesSaude).where(eq(municipeCondicoesSaude.municipe_id, id)),
      db
        .select()
        .from(cadastrosIndividuais)
        .where(eq(cadastrosIndividuais.municipe_id, id))
        .orderBy(asc(cadastrosIndividuais.data_cadastro)),
      db
        .select({ membro: familiaMembros, familia: familias, domicilio: cadastrosDomiciliares })
        .from(familiaMembros)
        .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
        .leftJoin(cadastrosDomiciliares, eq(cadastrosDomiciliares.id, familias.domicilio_id))
        .where(eq(familiaMembros.municipe_id, id))
        .orderBy(asc(familiaMembros.created_at)),
      db
        .select()
        .from(visitasDomiciliares)
        .where(eq(visitasDomiciliares.municipe_id, id))
        .orderBy(asc(visitasDomiciliares.data_visita)),
      db
        .select()
        .from(notificacoesCompulsorias)
        .where(eq(notificacoesCompulsorias.municipe_id, id))
        .orderBy(asc(notificacoesCompulsorias.data_notificacao)),
      db.select().from(atendimentos).where(eq(atendimentos.municipe_id, id)).orderBy(asc(atendimentos.data_chegada)),
      db
        .select({
          codigo: senhas.codigo,
          data: senhas.data,
          unidade_saude_id: senhas.unidade_saude_id,
          situacao: senhas.situacao,
          emitida_em: senhas.emitida_em,
          chamada_em: senhas.chamada_em,
          concluida_em: senhas.concluida_em,
        })
        .from(senhas)
        .innerJoin(atendimentos, eq(atendimentos.id, senhas.atendimento_id))
        .where(eq(atendimentos.municipe_id, id))
        .orderBy(asc(senhas.emitida_em)),
      db
        .select({
          dedo: municipeBiometrias.dedo,
          qualidade: municipeBiometrias.qualidade,
          capturada_em: municipeBiometrias.capturada_em,
          capturada_por: municipeBiometrias.capturada_por,
        })
        .from(municipeBiometrias)
        .where(eq(municipeBiometrias.municipe_id, id))
        .orderBy(asc(municipeBiometrias.dedo)),
    ]);
  const correcoes = await listarCorrecoesDe(db, id);
  const compartilhamentos = await compartilhamentosDe(db, id, cadastros, visitas, membros);
  const nomes = await carregarNomes(db, [
    m.profissional_id,
    ...pessoasDe([...visitas, ...notificacoes, ...urgencia, ...membros.map((x) => x.familia)]),
    ...biometrias.map((b) => b.capturada_por),
    ...compartilhamentos.pessoas,
  ]);
  const mr = m as unknown as Record<string, unknown>;

  const secoes: Record<ChaveSecaoCopia, RegistroCopia[]> = {
    identificacao: [{ titulo: 'Dados pessoais', itens: itensDe(mr, nomes, 'municipe', CAMPOS_IDENTIFICACAO) }],
    documentos: [
      { titulo: 'Documentos', itens: itensDe(mr, nomes, 'municipe', CAMPOS_DOCUMENTOS) },
      ...prontuarios.map((p) => ({
        titulo: `Prontuário ${p.numero}`,
        itens: [
          { rotulo: 'Número do prontuário', valor: p.numero },
          ...itensDe({ unidade_saude_id: p.unidade_saude_id }, nomes),
          ...itensDe({ inativacao_motivo_id: p.inativacao_motivo_id, inativado_em: p.inativado_em }, nomes, 'municipe'),
          ...(p.inativacao_justificativa
            ? [{ rotulo: 'Justificativa da inativação', valor: p.inativacao_justificativa }]
            : []),
        ],
      })),
    ],
    endereco_contato: [{ titulo: 'Residência e contatos', itens: itensDe(mr, nomes, 'municipe', CAMPOS_ENDERECO) }],
    sociodemografica: socio.map((s) => ({
      titulo: `Respostas registradas (última alteração em ${formatDateTime(s.updated_at)})`,
      itens: itensDe(s.dados as Record<string, unknown>, nomes, 'sociodemografica'),
    })),
    condicao_saude: saude.map((s) => ({
      titulo: `Respostas registradas (última alteração em ${formatDateTime(s.updated_at)})`,
      itens: itensDe(s.dados as Record<string, unknown>, nomes, 'condicao_saude'),
    })),
    cadastros_individuais: cadastros.map((c) => ({
      titulo: `Cadastro individual de ${formatDateTime(c.data_cadastro)}`,
      itens: itensDe(c as unknown as Record<string, unknown>, nomes, 'cadastro_individual'),
    })),
    familias: membros.map(({ membro, familia, domicilio }) => ({
      titulo: `Família${familia.numero_prontuario ? ` (prontuário ${familia.numero_prontuario})` : ''}`,
      itens: [
        ...itensDe({ parentesco_id: membro.parentesco_id, ativo: membro.ativo }, nomes, 'familia'),
        {
          rotulo: 'Responsável familiar',
          valor: familia.responsavel_id === id ? 'O próprio munícipe' : 'Outro membro da família',
        },
        ...itensDe(familia as unknown as Record<string, unknown>, nomes, 'familia', [
          'unidade_saude_id',
          'equipe_id',
          'numero_prontuario',
          'reside_desde',
          'renda_familiar_id',
          'mudou',
          'mudou_em',
        ]),
        ...(domicilio
          ? itensDe(domicilio as unknown as Record<string, unknown>, nomes, undefined, CAMPOS_DOMICILIO).map((i) => ({
              ...i,
              rotulo: `Domicílio: ${i.rotulo}`,
            }))
          : []),
      ],
    })),
    visitas: visitas.map((v) => ({
      titulo: `Visita de ${formatDateTime(v.data_visita)}`,
      itens: itensDe(v as unknown as Record<string, unknown>, nomes, 'visita'),
    })),
    notificacoes: notificacoes.map((n) => ({
      titulo: `Notificação de ${isoToBr(n.data_notificacao)}`,
      itens: itensDe(n as unknown as Record<string, unknown>, nomes, 'notificacao'),
    })),
    urgencia: urgencia.map((a) => ({
      titulo: `Atendimento de ${formatDateTime(a.data_chegada)}`,
      itens: itensDe(a as unknown as Record<string, unknown>, nomes, 'atendimento'),
    })),
    senhas: tickets.map((t) => ({
      titulo: `Senha ${t.codigo} de ${isoToBr(t.data)}`,
      itens: itensDe(t, nomes),
    })),
    biometria: biometrias.map((b) => ({
      titulo: nomeDoDedo(b.dedo),
      itens: [
        {
          rotulo: 'Digital guardada',
          valor: 'Sim (o modelo da digital não é copiado: serve só para conferir a identidade)',
        },
        { rotulo: 'Qualidade da captura', valor: String(b.qualidade) },
        { rotulo: 'Capturada em', valor: formatDateTime(b.capturada_em) ?? '' },
        ...(b.capturada_por && nomes.has(b.capturada_por)
          ? [{ rotulo: 'Capturada por', valor: nomes.get(b.capturada_por)! }]
          : []),
      ],
    })),
    correcoes: correcoes.map((c) => ({
      titulo: `Pedido de ${formatDateTime(c.solicitada_em)}: ${campoCorrecaoTexto(c.campo)}`,
      itens: [
        { rotulo: 'Correção pedida', valor: c.descricao },
        { rotulo: 'Situação', valor: SITUACOES_CORRECAO.rotulos[c.situacao] },
        ...(c.solicitada_por_nome ? [{ rotulo: 'Registrado por', valor: c.solicitada_por_nome }] : []),
        ...(c.fechada_em ? [{ rotulo: 'Encerrado em', valor: formatDateTime(c.fechada_em) ?? '' }] : []),
        ...(c.fechada_por_nome ? [{ rotulo: 'Encerrado por', valor: c.fechada_por_nome }] : []),
        ...(c.motivo_recusa ? [{ rotulo: 'Motivo da recusa', valor: c.motivo_recusa }] : []),
      ],
    })),
    compartilhamentos: compartilhamentos.registros(nomes),
  };
  const [p] = await db
    .select({
      cliente: parametrizacao.cliente_nome,
      auditoria_meses: parametrizacao.auditoria_meses_online,
      obito_anos: parametrizacao.obito_anos_guarda,
    })
    .from(parametrizacao);
  return {
    municipe_id: id,
    titular: m.nome,
    emitida_em: new Date().toISOString(),
    emitida_por: ctx.usuario?.nome ?? '',
    controlador: p?.cliente ?? '',
    guarda: { auditoria_meses: p?.auditoria_meses ?? 60, obito_anos: p?.obito_anos ?? 20 },
    secoes: SECOES_COPIA.map((s) => ({
      chave: s.chave,
      titulo: s.titulo,
      vazio: VAZIO[s.chave],
      registros: secoes[s.chave].filter((r) => r.itens.length > 0),
    })),
  };
}

const VAZIO: Record<ChaveSecaoCopia, string> = {
  identificacao: 'Nenhum dado de identificação.',
  documentos: 'Nenhum documento registrado.',
  endereco_contato: 'Nenhum endereço ou contato registrado.',
  sociodemografica: 'Nenhuma resposta sociodemográfica registrada.',
  condicao_saude: 'Nenhuma condição de saúde registrada.',
  cadastros_individuais: 'Nenhum cadastro individual.',
  familias: 'Não faz parte de nenhuma família registrada.',
  visitas: 'Nenhuma visita domiciliar registrada.',
  notificacoes: 'Nenhuma notificação compulsória.',
  urgencia: 'Nenhum atendimento de urgência e emergência.',
  senhas: 'Nenhuma senha de atendimento.',
  biometria: 'Nenhuma digital guardada.',
  correcoes: 'Nenhum pedido de correção.',
  compartilhamentos: 'Nenhum envio a outro sistema e nenhuma consulta ao CADSUS registrados.',
};

const TIPO_FICHA: Record<string, string> = {
  individual: 'Cadastro individual',
  domiciliar: 'Cadastro domiciliar',
  visita: 'Visita domiciliar',
};
const CONSULTA_POR: Record<string, string> = { cpf: 'pelo CPF', cns: 'pelo CNS', nome: 'pelo nome' };

/**
 * Where the person's data went: each e-SUS APS export that last sent one of their records (the export keeps the last
 * sending of a record), and each CADSUS lookup the audit names them in (the national registry was asked about them).
 */
async function compartilhamentosDe(
  db: DbOrTx,
  id: string,
  cadastros: Array<{ id: string }>,
  visitas: Array<{ id: string }>,
  membros: Array<{ familia: { domicilio_id: string | null } }>,
) {
  const porTipo = [
    ['individual', cadastros.map((c) => c.id)],
    ['visita', visitas.map((v) => v.id)],
    ['domiciliar', membros.flatMap((x) => (x.familia.domicilio_id ? [x.familia.domicilio_id] : []))],
  ] as const;
  const conds = porTipo
    .filter(([, ids]) => ids.length > 0)
    .map(([tipo, ids]) => and(eq(esusFichasEnviadas.tipo, tipo), inArray(esusFichasEnviadas.registro_id, [...ids])));
  const envios =
    conds.length === 0
      ? []
      : await db
          .select({
            tipo: esusFichasEnviadas.tipo,
            em: exportacoesEsus.created_at,
            por: exportacoesEsus.profissional_id,
            inicio: exportacoesEsus.inicio,
            fim: exportacoesEsus.fim,
          })
          .from(esusFichasEnviadas)
          .innerJoin(exportacoesEsus, eq(exportacoesEsus.id, esusFichasEnviadas.exportacao_id))
          .where(
            sql.join(
              conds.map((c) => sql`(${c})`),
              sql` or `,
            ),
          )
          .orderBy(asc(exportacoesEsus.created_at));
  const consultas = await db
    .select({
      em: auditoria.created_at,
      por: auditoria.profissional_id,
      details: auditoria.details,
    })
    .from(auditoria)
    .where(and(sql`${auditoria.municipe_ids} @> array[${id}]::uuid[]`, eq(auditoria.resource, 'municipes/cadsus')))
    .orderBy(desc(auditoria.created_at))
    .limit(500);
  return {
    pessoas: [...envios.map((e) => e.por), ...consultas.map((c) => c.por)],
    registros: (nomes: Nomes): RegistroCopia[] => [
      ...envios.map((e) => ({
        titulo: `Exportação ao e-SUS APS (Ministério da Saúde) em ${formatDateTime(e.em)}`,
        itens: [
          { rotulo: 'Ficha enviada', valor: TIPO_FICHA[e.tipo] ?? e.tipo },
          { rotulo: 'Período exportado', valor: `${isoToBr(e.inicio)} a ${isoToBr(e.fim)}` },
          ...(nomes.has(e.por) ? [{ rotulo: 'Exportado por', valor: nomes.get(e.por)! }] : []),
        ],
      })),
      ...consultas.map((c) => {
        const d = (c.details ?? {}) as { por?: string; resultado?: string };
        return {
          titulo: `Consulta ao CADSUS (cadastro nacional do SUS) em ${formatDateTime(c.em)}`,
          itens: [
            ...(d.por ? [{ rotulo: 'Busca', valor: CONSULTA_POR[d.por] ?? d.por }] : []),
            ...(c.por && nomes.has(c.por) ? [{ rotulo: 'Consultado por', valor: nomes.get(c.por)! }] : []),
          ],
        };
      }),
    ],
  };
}

/** Whether this user may issue the copy of `id`: the permission, the record's reading, a citizen that exists. */
async function titularLegivel(ctx: Ctx, id: string) {
  const u = ctx.usuario;
  if (!u || !can(u, 'municipes:show') || !can(u, 'municipes/lgpd:copia') || !isUuid(id)) throw notFound();
  const [m] = await ctx.db.select({ id: municipes.id }).from(municipes).where(eq(municipes.id, id));
  if (!m) throw notFound();
}

/** The copy of `id`, its request audited (who, when, which format) in the same breath. */
export async function copiaDoMunicipe(ctx: Ctx, id: string, formato: 'pdf' | 'json'): Promise<CopiaMunicipe> {
  await titularLegivel(ctx, id);
  const copia = await montar(ctx, id);
  await audit(ctx.db, ctx, {
    action: 'copia',
    resource: RESOURCE,
    record_id: id,
    municipe_ids: [id],
    details: { formato, secoes: copia.secoes.filter((s) => s.registros.length > 0).map((s) => s.chave) },
  });
  return copia;
}
