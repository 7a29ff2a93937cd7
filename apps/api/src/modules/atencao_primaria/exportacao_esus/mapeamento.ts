import type { CondicaoSaudeValues, SociodemograficaValues } from '@saude/shared/schemas/municipe';
import { XmlWriter } from './xml';

// Our records → the XML form of the LEDI APS layout (issue 26). The input types are what queries.ts reads, already
// flat: dates as epoch milliseconds (a calendar day is its midnight in America/Sao_Paulo, as the PEC writes them),
// codes as stored (they are LEDI's: ../shared/reference/esus). Element order follows the XSD sequences, which
// xmllint enforces (xsd/ and the tests).

/** LEDI data version these XSDs belong to (esus README: dictionary 8.7.0). */
export const VERSAO_LEDI = { major: '8', minor: '7', revision: '0' } as const;
/** tipoDadoSerializado (../shared/reference/esus/tipo_dado_serializado.csv; the ledi README's 7 for visits is wrong). */
export const TIPO_DADO = { individual: 2, domiciliar: 3, visita: 8 } as const;
/** tpCdsOrigem 3: a record from a third-party system (the official samples' value). */
const TP_CDS_ORIGEM = 3;
/** tipoEndereco of a household registration, as in the official samples. */
const TIPO_ENDERECO_DOMICILIO = 3;

const NS_INSTALACAO = 'http://esus.ufsc.br/dadoinstalacao';
const NS_TRANSPORTE = 'http://esus.ufsc.br/dadotransporte';
const NS_FICHA = {
  individual: ['http://esus.ufsc.br/cadastroindividual', 'cadastroIndividualTransport'],
  domiciliar: ['http://esus.ufsc.br/cadastrodomiciliar', 'cadastroDomiciliarTransport'],
  visita: ['http://esus.ufsc.br/fichavisitadomiciliarmaster', 'fichaVisitaDomiciliarMasterTransport'],
} as const;

export type TipoFicha = keyof typeof TIPO_DADO;

/** The installation sending the files (dadoInstalacao: remetente and originadora are both us). */
export interface Instalacao {
  codIbge: string;
  contraChave: string;
  uuidInstalacao: string;
  cpfOuCnpj: string;
  nomeOuRazaoSocial: string;
  versaoSistema: string;
}

/** unicaLotacaoHeader: the professional's assignment on the record. */
export interface Lotacao {
  profissionalCns: string | null;
  cbo: string | null;
  cnes: string;
  ine: string | null;
  dataAtendimento: number;
}

/** uuidFicha of this sending and of the first one (equal on the first sending), fichaAtualizada when they differ. */
export interface Identificacao {
  uuidFicha: string;
  uuidFichaOriginadora: string;
}

export interface FichaIndividual extends Identificacao {
  lotacao: Lotacao;
  termoRecusa: boolean;
  municipe: {
    nome: string;
    nomeSocial: string | null;
    dataNascimento: number | null;
    sexo: number | null;
    racaCor: number | null;
    etnia: number | null;
    nomeMae: string | null;
    maeDesconhecida: boolean;
    nomePai: string | null;
    paiDesconhecido: boolean;
    nacionalidade: number | null;
    municipioNascimentoIbge: string | null;
    paisNascimento: number | null;
    dataNaturalizacao: number | null;
    portariaNaturalizacao: string | null;
    dataEntradaBrasil: number | null;
    cpf: string | null;
    cns: string | null;
    nis: string | null;
    telefoneCelular: string | null;
    email: string | null;
    microArea: string | null;
    foraArea: boolean;
    parentesco: number | null;
  };
  /** The family head's documents, when the citizen is not the head. */
  responsavel: { cpf: string | null; cns: string | null } | null;
  ehResponsavel: boolean;
  sociodemografica: SociodemograficaValues | null;
  condicaoSaude: CondicaoSaudeValues | null;
  saida: { motivo: number; dataObito: number | null; numeroDo: string | null } | null;
}

export interface FamiliaDomicilio {
  dataNascimentoResponsavel: number | null;
  cnsResponsavel: string | null;
  cpfResponsavel: string | null;
  membros: number;
  numeroProntuario: string | null;
  rendaFamiliar: number | null;
  resideDesde: number | null;
  mudou: boolean;
}

export interface FichaDomiciliar extends Identificacao {
  lotacao: Lotacao;
  termoRecusa: boolean;
  tipoImovel: number;
  microArea: string | null;
  foraArea: boolean;
  endereco: {
    cep: string | null;
    municipioIbge: string | null;
    /** DNE number of the state ('01'…'27'), not the abbreviation. */
    ufDne: string | null;
    tipoLogradouro: string | null;
    logradouro: string | null;
    numero: string | null;
    semNumero: boolean;
    complemento: string | null;
    bairro: string | null;
    pontoReferencia: string | null;
    telefoneResidencial: string | null;
    telefoneContato: string | null;
  };
  latitude: number | null;
  longitude: number | null;
  condicao: {
    situacaoMoradia: number | null;
    localizacao: number | null;
    tipoDomicilio: number | null;
    condicaoPosseTerra: number | null;
    moradores: number | null;
    comodos: number | null;
    tipoAcesso: number | null;
    materialParedes: number | null;
    energiaEletrica: boolean | null;
    origemEnergia: number | null;
    abastecimentoAgua: number | null;
    tratamentoAgua: number | null;
    escoamentoSanitario: number | null;
    destinoLixo: number | null;
  };
  possuiAnimais: boolean | null;
  animais: number[];
  quantidadeAnimais: number | null;
  instituicao: {
    nome: string | null;
    outrosProfissionais: boolean | null;
    responsavelNome: string | null;
    responsavelCns: string | null;
    responsavelCargo: string | null;
    responsavelTelefone: string | null;
  } | null;
  familias: FamiliaDomicilio[];
}

export interface FichaVisita {
  uuidFicha: string;
  lotacao: Lotacao;
  turno: number;
  numeroProntuario: string | null;
  cidadao: { cns: string | null; cpf: string | null; dataNascimento: number | null; sexo: number | null } | null;
  /** Null: not answered, the element left out (optional in LEDI). */
  compartilhada: boolean | null;
  motivos: number[];
  desfecho: number;
  microArea: string | null;
  foraArea: boolean;
  tipoImovel: number;
  peso: number | null;
  altura: number | null;
  pressaoSistolica: number | null;
  pressaoDiastolica: number | null;
  temperatura: number | null;
  glicemia: number | null;
  tipoGlicemia: number | null;
  latitude: number | null;
  longitude: number | null;
  /** uuidFicha of the visited household's registration, when the visit is to a registered home. */
  uuidCadastroDomiciliar: string | null;
}

export type Ficha =
  | { tipo: 'individual'; ficha: FichaIndividual }
  | { tipo: 'domiciliar'; ficha: FichaDomiciliar }
  | { tipo: 'visita'; ficha: FichaVisita };

/** uuidFicha: the unit's CNES, a hyphen and a UUID (LEDI camada de transporte). */
export const uuidFicha = (cnes: string, uuid: string): string => `${cnes}-${uuid}`;

/** Only the digits of a document or phone (we store them plain; a pasted mask must not reach the file). */
const digitos = (v: string | null | undefined): string | null => {
  const d = (v ?? '').replace(/\D/g, '');
  return d === '' ? null : d;
};

function header(w: XmlWriter, l: Lotacao, codIbge: string): void {
  w.open('headerTransport')
    .el('profissionalCNS', l.profissionalCns)
    .el('cboCodigo_2002', l.cbo)
    .el('cnes', l.cnes)
    .el('ine', l.ine)
    .el('dataAtendimento', l.dataAtendimento)
    .el('codigoIbgeMunicipio', codIbge)
    .close('headerTransport');
}

function instalacao(w: XmlWriter, tag: string, i: Instalacao): void {
  w.open(tag)
    .el('contraChave', i.contraChave)
    .el('uuidInstalacao', i.uuidInstalacao)
    .el('cpfOuCnpj', i.cpfOuCnpj)
    .el('nomeOuRazaoSocial', i.nomeOuRazaoSocial)
    .el('versaoSistema', i.versaoSistema)
    .close(tag);
}

function individual(w: XmlWriter, f: FichaIndividual, codIbge: string): void {
  const m = f.municipe;
  const c = f.termoRecusa ? null : f.condicaoSaude;
  const s = f.termoRecusa ? null : f.sociodemografica;
  if (c) {
    w.bloco('condicoesDeSaude', (w) => {
      w.el('descricaoCausaInternacaoEm12Meses', c.internacao_causa)
        .el('descricaoOutraCondicao1', c.outras_condicoes[0])
        .el('descricaoOutraCondicao2', c.outras_condicoes[1])
        .el('descricaoOutraCondicao3', c.outras_condicoes[2])
        .el('descricaoPlantasMedicinaisUsadas', c.plantas_medicinais_quais)
        .list('doencaCardiaca', c.doencas_cardiacas)
        .list('doencaRespiratoria', c.doencas_respiratorias)
        .list('doencaRins', c.doencas_rins)
        .el('maternidadeDeReferencia', c.maternidade_referencia)
        .el('situacaoPeso', c.consideracao_peso_id)
        .el('statusEhDependenteAlcool', c.alcool)
        .el('statusEhDependenteOutrasDrogas', c.outras_drogas)
        .el('statusEhFumante', c.fumante)
        .el('statusEhGestante', c.gestante)
        .el('statusEstaAcamado', c.acamado)
        .el('statusEstaDomiciliado', c.domiciliado)
        .el('statusTemDiabetes', c.diabetes)
        .el('statusTemDoencaRespiratoria', c.doenca_respiratoria)
        .el('statusTemHanseniase', c.hanseniase)
        .el('statusTemHipertensaoArterial', c.hipertensao)
        .el('statusTemTeveCancer', c.cancer)
        .el('statusTemTeveDoencasRins', c.doenca_rins)
        .el('statusTemTuberculose', c.tuberculose)
        .el('statusTeveAvcDerrame', c.avc)
        .el('statusTeveDoencaCardiaca', c.doenca_cardiaca)
        .el('statusTeveInfarto', c.infarto)
        .el('statusTeveInternadoEm12Meses', c.internacao_12_meses)
        .el('statusUsaOutrasPraticasIntegrativasOuComplementares', c.praticas_integrativas)
        .el('statusUsaPlantaMedicinais', c.plantas_medicinais)
        .el('statusDiagnosticoMental', c.saude_mental);
    });
    w.bloco('emSituacaoDeRua', (w) => {
      w.el('grauParentescoFamiliarFrequentado', c.grau_parentesco_familiar)
        .list('higienePessoalSituacaoRua', c.acesso_higiene_ids)
        .list('origemAlimentoSituacaoRua', c.origem_alimentacao)
        .el('outraInstituicaoQueAcompanha', c.outra_instituicao)
        .el('quantidadeAlimentacoesAoDiaSituacaoRua', c.quantas_vezes_alimentacao_id)
        .el('statusAcompanhadoPorOutraInstituicao', c.acompanhado_outra_instituicao)
        .el('statusPossuiReferenciaFamiliar', c.referencia_familiar)
        .el('statusRecebeBeneficio', c.recebe_beneficio)
        .el('statusSituacaoRua', c.situacao_rua)
        .el('statusTemAcessoHigienePessoalSituacaoRua', c.acesso_higiene)
        .el('statusVisitaFamiliarFrequentemente', c.visita_familiar)
        .el('tempoSituacaoRua', c.tempo_situacao_rua_id);
    });
  }
  w.el('fichaAtualizada', f.uuidFicha !== f.uuidFichaOriginadora);
  w.bloco('identificacaoUsuarioCidadao', (w) => {
    w.el('nomeSocial', m.nomeSocial)
      .el('codigoIbgeMunicipioNascimento', m.municipioNascimentoIbge)
      .el('dataNascimentoCidadao', m.dataNascimento)
      .el('desconheceNomeMae', m.maeDesconhecida)
      .el('emailCidadao', m.email)
      .el('nacionalidadeCidadao', m.nacionalidade)
      .el('nomeCidadao', m.nome)
      .el('nomeMaeCidadao', m.maeDesconhecida ? null : m.nomeMae)
      .el('cnsCidadao', digitos(m.cns))
      .el('cpfCidadao', digitos(m.cpf))
      .el('cnsResponsavelFamiliar', f.ehResponsavel ? null : digitos(f.responsavel?.cns))
      .el('cpfResponsavelFamiliar', f.ehResponsavel ? null : digitos(f.responsavel?.cpf))
      .el('telefoneCelular', digitos(m.telefoneCelular))
      .el('numeroNisPisPasep', digitos(m.nis))
      .el('paisNascimento', m.paisNascimento)
      .el('racaCorCidadao', m.racaCor)
      .el('sexoCidadao', m.sexo)
      .el('statusEhResponsavel', f.ehResponsavel)
      .el('etnia', m.etnia)
      .el('nomePaiCidadao', m.paiDesconhecido ? null : m.nomePai)
      .el('desconheceNomePai', m.paiDesconhecido)
      .el('dtNaturalizacao', m.dataNaturalizacao)
      .el('portariaNaturalizacao', m.portariaNaturalizacao)
      .el('dtEntradaBrasil', m.dataEntradaBrasil)
      .el('microArea', m.foraArea ? 'FA' : m.microArea)
      .el('stForaArea', m.foraArea);
  });
  if (s) {
    w.bloco('informacoesSocioDemograficas', (w) => {
      w.list('deficienciasCidadao', s.deficiencias)
        .el('grauInstrucaoCidadao', s.curso_mais_elevado_id)
        .el('ocupacaoCodigoCbo2002', s.ocupacao_id)
        .el('orientacaoSexualCidadao', s.orientacao_sexual_id)
        .el('relacaoParentescoCidadao', f.ehResponsavel ? null : m.parentesco)
        .el('situacaoMercadoTrabalhoCidadao', s.situacao_mercado_trabalho_id)
        .el('statusDesejaInformarOrientacaoSexual', s.informa_orientacao_sexual)
        .el('statusFrequentaBenzedeira', s.frequenta_cuidador_tradicional)
        .el('statusFrequentaEscola', s.frequenta_escola)
        .el('statusMembroPovoComunidadeTradicional', s.povo_comunidade_tradicional)
        .el('statusParticipaGrupoComunitario', s.participa_grupo_comunitario)
        .el('statusPossuiPlanoSaudePrivado', s.plano_saude_privado)
        .el('statusTemAlgumaDeficiencia', s.possui_deficiencia)
        .el('identidadeGeneroCidadao', s.identidade_genero_id)
        .el('statusDesejaInformarIdentidadeGenero', s.informa_identidade_genero)
        .list('responsavelPorCrianca', s.responsaveis_criancas)
        .el('coPovoComunidadeTradicional', s.povo_comunidade_tradicional_id);
    });
  }
  // informacoesSocioEconomicas (food insecurity) has no slot in the official XSD's sequence: left out (xsd/README.md).
  if (f.saida) {
    w.open('saidaCidadaoCadastro')
      .el('motivoSaidaCidadao', f.saida.motivo)
      .el('dataObito', f.saida.dataObito)
      .el('numeroDO', f.saida.numeroDo)
      .close('saidaCidadaoCadastro');
  }
  w.el('statusTermoRecusaCadastroIndividualAtencaoBasica', f.termoRecusa)
    .el('tpCdsOrigem', TP_CDS_ORIGEM)
    .el('uuid', f.uuidFicha)
    .el('uuidFichaOriginadora', f.uuidFichaOriginadora);
  header(w, f.lotacao, codIbge);
}

/** Property types that answer the institution block (e-SUS: 7–11). */
const INSTITUICAO = new Set([7, 8, 9, 10, 11]);

function domiciliar(w: XmlWriter, f: FichaDomiciliar, codIbge: string): void {
  const casa = !f.termoRecusa && f.tipoImovel === 1;
  const c = f.condicao;
  const e = f.endereco;
  if (casa) {
    w.list('animaisNoDomicilio', f.possuiAnimais ? f.animais : []);
    w.bloco('condicaoMoradia', (w) => {
      w.el('abastecimentoAgua', c.abastecimentoAgua)
        .el('areaProducaoRural', c.condicaoPosseTerra)
        .el('destinoLixo', c.destinoLixo)
        .el('formaEscoamentoBanheiro', c.escoamentoSanitario)
        .el('localizacao', c.localizacao)
        .el('materialPredominanteParedesExtDomicilio', c.materialParedes)
        .el('nuComodos', c.comodos)
        .el('nuMoradores', c.moradores)
        .el('situacaoMoradiaPosseTerra', c.situacaoMoradia)
        .el('stDisponibilidadeEnergiaEletrica', c.energiaEletrica)
        .el('tipoOrigemEnergiaEletrica', c.energiaEletrica ? c.origemEnergia : null)
        .el('tipoAcessoDomicilio', c.tipoAcesso)
        .el('tipoDomicilio', c.tipoDomicilio)
        .el('aguaConsumoDomicilio', c.tratamentoAgua);
    });
  }
  w.el('tipoEndereco', TIPO_ENDERECO_DOMICILIO);
  w.open('enderecoLocalPermanencia')
    .el('bairro', e.bairro)
    .el('cep', digitos(e.cep))
    .el('codigoIbgeMunicipio', e.municipioIbge)
    .el('complemento', e.complemento)
    .el('nomeLogradouro', e.logradouro)
    .el('numero', e.semNumero ? null : e.numero)
    .el('numeroDneUf', e.ufDne)
    .el('telefoneContato', digitos(e.telefoneContato))
    .el('telefoneResidencia', digitos(e.telefoneResidencial))
    .el('tipoLogradouroNumeroDne', e.tipoLogradouro)
    .el('stSemNumero', e.semNumero)
    .el('pontoReferencia', e.pontoReferencia)
    .el('microArea', f.foraArea ? 'FA' : f.microArea)
    .el('stForaArea', f.foraArea)
    .close('enderecoLocalPermanencia');
  w.el('latitude', f.latitude).el('longitude', f.longitude);
  if (casa) {
    for (const fam of f.familias) {
      w.open('familias')
        .el('dataNascimentoResponsavel', fam.dataNascimentoResponsavel)
        .el('numeroCnsResponsavel', digitos(fam.cnsResponsavel))
        .el('cpfResponsavel', fam.cnsResponsavel ? null : digitos(fam.cpfResponsavel))
        .el('numeroMembrosFamilia', fam.membros)
        .el('numeroProntuario', fam.numeroProntuario)
        .el('rendaFamiliar', fam.rendaFamiliar)
        .el('resideDesde', fam.resideDesde)
        .el('stMudanca', fam.mudou)
        .close('familias');
    }
  }
  w.el('fichaAtualizada', f.uuidFicha !== f.uuidFichaOriginadora);
  if (casa) {
    w.el('quantosAnimaisNoDomicilio', f.possuiAnimais ? f.quantidadeAnimais : null).el(
      'stAnimaisNoDomicilio',
      f.possuiAnimais,
    );
  }
  w.el('statusTermoRecusa', f.termoRecusa)
    .el('tpCdsOrigem', TP_CDS_ORIGEM)
    .el('uuid', f.uuidFicha)
    .el('uuidFichaOriginadora', f.uuidFichaOriginadora)
    .el('tipoDeImovel', f.tipoImovel);
  const i = f.instituicao;
  if (!f.termoRecusa && i && INSTITUICAO.has(f.tipoImovel)) {
    w.bloco('instituicaoPermanencia', (w) => {
      w.el('nomeInstituicaoPermanencia', i.nome)
        .el('stOutrosProfissionaisVinculados', i.outrosProfissionais)
        .el('nomeResponsavelTecnico', i.responsavelNome)
        .el('cnsResponsavelTecnico', digitos(i.responsavelCns))
        .el('cargoInstituicao', i.responsavelCargo)
        .el('telefoneResponsavelTecnico', digitos(i.responsavelTelefone));
    });
  }
  header(w, f.lotacao, codIbge);
}

function visita(w: XmlWriter, f: FichaVisita, codIbge: string): void {
  w.el('uuidFicha', f.uuidFicha).el('tpCdsOrigem', TP_CDS_ORIGEM);
  header(w, f.lotacao, codIbge);
  // One visit per master: each record is its own file, so a changed or late visit never resends its neighbours.
  const p = f.cidadao;
  w.open('visitasDomiciliares')
    .el('turno', f.turno)
    .el('numProntuario', f.numeroProntuario)
    .el('cnsCidadao', digitos(p?.cns))
    .el('cpfCidadao', p?.cns ? null : digitos(p?.cpf))
    .el('dtNascimento', p?.dataNascimento)
    .el('sexo', p?.sexo)
    .el('statusVisitaCompartilhadaOutroProfissional', f.compartilhada)
    .list('motivosVisita', f.motivos)
    .el('desfecho', f.desfecho)
    .el('microArea', f.foraArea ? 'FA' : f.microArea)
    .el('stForaArea', f.foraArea)
    .el('tipoDeImovel', f.tipoImovel)
    .el('pesoAcompanhamentoNutricional', f.peso)
    .el('alturaAcompanhamentoNutricional', f.altura)
    .el('pressaoSistolica', f.pressaoSistolica)
    .el('pressaoDiastolica', f.pressaoDiastolica)
    .el('temperatura', f.temperatura)
    .el('glicemia', f.glicemia)
    .el('tipoGlicemia', f.glicemia == null ? null : f.tipoGlicemia)
    .el('latitude', f.latitude)
    .el('longitude', f.longitude)
    .el('uuidOrigemCadastroDomiciliar', f.uuidCadastroDomiciliar)
    .close('visitasDomiciliares');
}

/** The whole `.esus.xml` file of one record: the transport envelope around the record. */
export function fichaXml(item: Ficha, inst: Instalacao): string {
  const [ns, tag] = NS_FICHA[item.tipo];
  const f = item.ficha;
  const w = new XmlWriter().raw('<?xml version="1.0" encoding="UTF-8"?>');
  w.open('ns3:dadoTransporteTransportXml', { 'xmlns:ns2': NS_INSTALACAO, 'xmlns:ns3': NS_TRANSPORTE, 'xmlns:ns4': ns })
    .el('uuidDadoSerializado', f.uuidFicha)
    .el('tipoDadoSerializado', TIPO_DADO[item.tipo])
    .el('codIbge', inst.codIbge)
    .el('cnesDadoSerializado', f.lotacao.cnes)
    .el('ineDadoSerializado', f.lotacao.ine)
    .open(`ns4:${tag}`);
  if (item.tipo === 'individual') individual(w, item.ficha, inst.codIbge);
  else if (item.tipo === 'domiciliar') domiciliar(w, item.ficha, inst.codIbge);
  else visita(w, item.ficha, inst.codIbge);
  w.close(`ns4:${tag}`);
  instalacao(w, 'ns2:remetente', inst);
  instalacao(w, 'ns2:originadora', inst);
  w.raw(`<versao major="${VERSAO_LEDI.major}" minor="${VERSAO_LEDI.minor}" revision="${VERSAO_LEDI.revision}"/>`).close(
    'ns3:dadoTransporteTransportXml',
  );
  return w.toString();
}
