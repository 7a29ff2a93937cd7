// The pt-BR message catalogue of spec §5 and §8, word for word. Keys are stable: other code and tests use them.
// Wording the spec does not show is written in the same style and listed in docs/decisions.md
import { msgBase } from './mensagens_base';

/** Replaces %{1}, %{2}, … (spec §5 placeholders) with the given values, in order. */
export function interpolate(template: string, ...values: Array<string | number>): string {
  return template.replace(/%\{(\d+)\}/g, (whole, n: string) => {
    const v = values[Number(n) - 1];
    return v === undefined ? whole : String(v);
  });
}

/** "30 segundos", "1 minuto", "15 minutos": a wait as people say it, rounded up to whole minutes past one minute. */
export function duracao(segundos: number): string {
  const s = Math.max(1, Math.ceil(segundos));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minuto' : `${m} minutos`;
}

export const msg = {
  // §5 validation
  obrigatorio: 'Não pode ficar em branco',
  naoDeveFicarEmBranco: 'Não deve ficar em branco',
  obrigatorioHint: 'obrigatório',
  naoEValido: 'não é válido',
  emailInvalido: 'deve ser um email válido',
  emailDuasLetras: 'deve ter pelo menos duas letras antes do @',
  telefoneSequencial: 'não pode ser sequencial ou repetido',
  min: (n: number) => interpolate('deve conter pelo menos %{1} caracteres', n),
  max: (n: number) => interpolate('não deve ter mais que %{1} caracteres', n),
  // Spec placeholders are %{2}/%{3}; %{1} is unused, so the template is filled directly.
  cpfEmUso: (nome: string, cns: string) => `em uso - ${nome} - CNS: ${cns}`,
  // more_than / less_than and the or-equal variants, word for word ('deve ser maior/menor (ou igual) que %{1}').
  maiorQue: (x: string | number) => interpolate('deve ser maior que %{1}', x),
  maiorOuIgualQue: (x: string | number) => interpolate('deve ser maior ou igual que %{1}', x),
  menorQue: (x: string | number) => interpolate('deve ser menor que %{1}', x),
  menorOuIgualQue: (x: string | number) => interpolate('deve ser menor ou igual que %{1}', x),
  // integer, numeric, between, digits, decimal, date_format, date_between: wording not shown in the
  // spec, written in the same style (docs/decisions.md).
  integer: 'deve ser um número inteiro',
  numeric: 'deve ser um número',
  between: (min: string | number, max: string | number) => interpolate('deve estar entre %{1} e %{2}', min, max),
  digits: (n: number) => interpolate('deve conter %{1} dígitos', n),
  decimal: (n: number) =>
    n === 0
      ? 'não deve ter casas decimais'
      : n === 1
        ? 'deve ter no máximo 1 casa decimal'
        : interpolate('deve ter no máximo %{1} casas decimais', n),
  dateFormat: 'deve ser uma data válida no formato dd/mm/aaaa',
  dateBetween: (min: string, max: string) => interpolate('deve ser uma data entre %{1} e %{2}', min, max),
  // A date's bound is not the spec's numeric more_than/less_than: said as a date (issue 39).
  dataFutura: 'não pode ser posterior à data atual',
  dataNaoAnteriorA: (x: string) => interpolate('não pode ser anterior a %{1}', x),
  dataNaoPosteriorA: (x: string) => interpolate('não pode ser posterior a %{1}', x),

  // §8 status pages
  status403: msgBase.status403,
  status404: msgBase.status404,
  status500: msgBase.status500,
  unknownMiddleware: 'Unknown middleware',

  // §8 other
  cadastroNaoEncontrado: 'Cadastro não encontrado',
  familiaMudou: 'Não é possível realizar o lançamento para famílias com status "Mudou-se"',
  municipeEmOutraFamilia: 'Este munícipe já está cadastrado em outra família',
  algoDeuErrado: 'Algo deu errado',
  erroGenerico: msgBase.erroGenerico,
  falhaAoRemover: 'Falha ao remover',
  falhaAoRemoverTexto: 'Não foi possível remover os dados. Tente novamente mais tarde.',
  cepNaoEncontrado: 'CEP não encontrado',
  falhaComunicacao: 'Falha na comunicação',
  /** Offline, a screen whose code was never fetched on this device cannot open (issue 12). */
  telaNaoAbertaOffline: msgBase.telaNaoAbertaOffline,
  /** Offline, a screen that works only with the server (issue 39): never "não autorizado". */
  telaPrecisaInternet: msgBase.telaPrecisaInternet,
  /** A screen of a module the current unit does not offer (issue 39), and how to change unit. */
  unidadeNaoOferece: msgBase.unidadeNaoOferece,
  trocarUnidadeParaModulo: msgBase.trocarUnidadeParaModulo,
  sucesso: 'Sucesso',
  removido: (resource: string) => interpolate('%{1} foi removido(a).', resource),
  salvaComSucesso: (salvar: string) => interpolate('%{1} foi salva com sucesso', salvar),
  removerModel: (model: string) => interpolate('Remover %{1}?', model),
  acaoIrreversivel: 'Esta ação não pode ser desfeita.',
  simRemover: 'Sim, remover',
  naoManter: 'Não, manter',
  naoFoiPossivelGravar: (model: string, erros: number) =>
    interpolate('Não foi possível gravar %{1}: %{2}', model, erros === 1 ? '1 erro' : `${erros} erros`),
  verifiqueCampos: 'Por favor, verifique o(s) seguinte(s) campo(s):',

  // Foundation (wording not shown in the spec; see docs/decisions.md)
  naoAutenticado: 'Sua sessão expirou ou você não está conectado. Entre novamente.',
  naoAutorizado: 'Você não está autorizado a executar essa ação.',
  loginInvalido: 'Login ou senha inválidos.',
  // The wait is said as it is (issue 12: not "alguns minutos" for a 30 s block); Retry-After carries the same.
  muitasTentativas: (segundos: number) =>
    interpolate('Muitas tentativas de acesso. Aguarde %{1} e tente novamente.', duracao(segundos)),
  muitasTentativasSenha: (segundos: number) =>
    interpolate('Muitas tentativas com a senha atual incorreta. Aguarde %{1} e tente novamente.', duracao(segundos)),
  semUnidadeAtual: 'Selecione a unidade de saúde em que está trabalhando.',
  semLotacao: 'Você não possui lotação ativa em nenhuma unidade de saúde. Procure a coordenação.',
  unidadeNaoPermitida: 'Você não possui lotação nesta unidade de saúde.',
  senhaAtualIncorreta: 'não confere com a senha atual',
  // Single sign-on with the municipality's identity provider (issue 23).
  ssoNaoConfigurado: 'O acesso único não está configurado. Entre com login e senha.',
  ssoIndisponivel: 'O provedor de identidade não respondeu. Tente de novo em instantes ou entre com login e senha.',
  ssoAcessoNegado:
    'O acesso foi negado no provedor de identidade. Para entrar, autorize o acesso ou use login e senha.',
  ssoRecusado: 'O provedor de identidade recusou a entrada. Tente de novo ou entre com login e senha.',
  ssoTransacaoInvalida: 'Esta entrada pelo provedor de identidade expirou ou já foi usada. Comece de novo.',
  ssoCodigoInvalido: 'O código de acesso do provedor de identidade não vale mais. Comece de novo.',
  ssoExpirado: 'A identificação enviada pelo provedor de identidade expirou. Comece de novo.',
  ssoNaoConfirmado: 'Não foi possível confirmar a sua identidade no provedor de identidade. Comece de novo.',
  ssoSemProfissional:
    'Sua conta no provedor de identidade não corresponde a nenhum profissional cadastrado. Procure o gestor do sistema.',
  ssoProfissionalInativo: 'Este profissional está desativado no Saúde Municipal. Procure o gestor do sistema.',
  ssoEmailNaoVerificado: 'O provedor de identidade não confirmou o seu e-mail. Procure o gestor do sistema.',
  // The provider's back-channel logout (issue 43): the answer its server reads, never a person.
  ssoLogoutInvalido: 'Aviso de saída do provedor de identidade inválido.',
  ssoLogoutFalhou: 'Não foi possível encerrar as sessões agora. Envie o aviso de novo.',
  // Accounts and passwords (issue 14): ASVS 5 rules, wording in the catalogue's style (docs/decisions.md).
  senhaComum: 'é uma das senhas mais usadas e fáceis de adivinhar; escolha outra',
  senhaContemLogin: 'não pode conter o seu login',
  senhaIgualAtual: 'deve ser diferente da senha atual',
  senhaProvisoria: 'Sua senha é provisória. Defina uma nova senha para continuar.',
  demonstracao: msgBase.demonstracao,
  edicaoDesatualizada: 'Este registro foi alterado por outra pessoa. Recarregue a página para ver a versão atual.',
  rotaNaoEncontrada: 'Essa página não pode ser encontrada.',
  // Requests refused before any rule runs (issue 14): malformed, too large, too deep.
  requisicaoInvalida: 'Requisição inválida.',
  requisicaoGrandeDemais: 'Os dados enviados são maiores que o permitido.',
  enderecoLongoDemais: 'O endereço da requisição é longo demais.',
  cabecalhosGrandesDemais: 'Os cabeçalhos da requisição são grandes demais.',
  tempoEsgotado: 'A requisição demorou demais para chegar. Tente novamente.',
  gravacaoSimultanea: 'Outra gravação feita ao mesmo tempo impediu esta. Tente novamente.',

  // Access history (issue 14, LGPD data-subject request).
  exportacaoGrandeDemais: (max: number) =>
    interpolate(
      'A exportação passaria de %{1} acessos. Escolha um período menor ou um munícipe.',
      max.toLocaleString('pt-BR'),
    ),

  // Citizen registry (issue 5). Spec §5 word for word where shown; the rest in the same style (docs/decisions.md).
  buscaAvancadaDoisFiltros: 'Preencha ao menos DOIS filtros para realizar a busca',
  cartaoProvisorioIgualCns: 'deve ser diferente do CNS',
  cnsIgualCartaoProvisorio: 'deve ser diferente do cartão provisório',
  responsavelIgualMunicipe: 'deve ser diferente do nome do munícipe',
  // Spec §5/§9's minimum birth date of an adult (today − 18 years), for the citizen's guardian (issue 39).
  responsavelMenorDeIdade: 'deve ser de uma pessoa com 18 anos ou mais',
  // Same shape as cpfEmUso: the other citizen's name as far as the user may see it.
  cnsEmUso: (nome: string) => `em uso - ${nome}`,
  prontuarioEmUso: 'já está em uso nesta unidade',
  // Says what is allowed, not only 'não é válido' (issue 39).
  prontuarioCaracteres: 'deve conter apenas letras e números, sem espaços, hífens ou outros sinais',
  prontuarioComVisitas: 'não pode ser inativado: está vinculado a uma ficha de visita domiciliar',
  somenteCriancas: 'só deve ser preenchido para crianças de 0 a 9 anos',
  possiveisDuplicados:
    'Encontramos munícipes parecidos já cadastrados. Confira se não é a mesma pessoa antes de criar um novo cadastro.',
  municipeVinculado: (onde: string) =>
    interpolate('Não é possível remover este munícipe: ele está vinculado a %{1}.', onde),
  naoInformado: 'não informado',
  // A search is not a save (issue 12: a 1–2 letter search said "Não foi possível gravar o registro").
  buscaInvalida: 'Não foi possível realizar a busca. Verifique o que foi digitado.',
  // A broad name (issue 41, LIMITE_RANQUEAMENTO): only its first matches are ranked.
  buscaAmpla: (limite: string) =>
    interpolate(
      'Mais de %{1} munícipes atendem a esta busca; a lista mostra, dos %{1} primeiros encontrados, os nomes mais ' +
        'parecidos. Para achar quem procura, acrescente a data de nascimento ou o nome da mãe na busca avançada.',
      limite,
    ),
  gestanteSexoMasculino: 'não se aplica a munícipe do sexo masculino',

  // Individual registrations (issue 6): wording the spec does not show, in the same style (docs/decisions.md).
  cadastroComSaida: 'Este cadastro individual teve saída registrada e não pode mais ser alterado.',
  cadastroComSaidaNaoRemove: 'Não é possível remover um cadastro individual com saída registrada.',
  cadastroIndividualAtivoExistente: 'Este munícipe já possui um cadastro individual ativo.',
  municipeComObito: 'Este munícipe tem óbito registrado e não pode receber um novo cadastro individual.',

  // Spec §5 custom rules and §8 messages of modules still to come, word for word where the spec shows them, so every
  // module finds its text here (issue 4). Wording the spec does not show is listed in docs/decisions.md.
  vigenciaFimMaior: 'deve ser maior que o início da vigência',
  vigenciaMesmoAno: 'precisa ter ano igual à vigência de início',
  // Campaign themes (issue 21): wording the spec does not show, in the same style (docs/decisions.md).
  temaSobreposto: (objetivo: string, periodo: string) =>
    interpolate('coincide com o período do tema ativo "%{1}" (%{2})', objetivo, periodo),
  cnsObrigatorioSemCpf: 'é obrigatório, devido à ausência de preenchimento do campo de CPF',
  cpfObrigatorioSemCns: 'é obrigatório, devido à ausência de preenchimento do campo de CNS',
  paisNaoPodeSerBrasil: 'não pode ser Brasil',
  avisoSemProfissionais: 'os filtros selecionados não retornam nenhum profissional.',
  avisoRespostaObrigatoria: 'Favor inserir uma resposta para o aviso',
  avisoRespostaFalhou: 'Não foi possível realizar esta operação',
  avisoExcluido: 'Aviso excluído com sucesso!',
  avisoConfirmarExclusao: 'Deseja excluir esse aviso?',
  avisoConfirmarCriacao: 'Deseja criar este aviso?',
  avisoConfirmarAlteracoes: 'Deseja salvar as alterações?',
  avisoMensagemDica: 'Máximo de 50 caracteres. Cite o número do memorando, do decreto ou do documento de origem.',
  familiaJaVinculada: 'Esta família já está vinculada a um domicílio.',
  responsavelEmOutroDomicilio:
    'O CNS do responsável já está vinculado como responsável familiar em outro domicílio. Deseja vincular mesmo assim?',
  senhaIndisponivel: 'Esta senha não está mais disponível.',
  senhaConcluidaEmOutroAtendimento: 'Esta senha já foi concluída em outro atendimento.',
  senhaEmAtendimento: 'Senha já se encontra em atendimento',
  senhaNaoEncaminhada: 'Não foi possível encaminhar a senha. Tente novamente mais tarde.',
  cadsusFalhaAutenticacao: 'Não foi possível autenticar no serviço do CADSUS.',
  cadsusNaoEncontrado: 'Cadastro não encontrado no CADSUS. Utilize a busca avançada.',
  filaCategoriaEmOutraFila: 'Esta categoria já está vinculada a outra fila.',
  filaEncaminhamentosPendentes: 'Não é possível editar esta fila: há encaminhamentos pendentes.',
  filaEncaminhamentosAbertos: 'Não é possível remover esta fila: há encaminhamentos em aberto.',
  senhaSimplesNaoAutorizado: 'Não foi possível autorizar o acesso',
  senhaSimplesSemParametrizacao: 'As parametrizações do SenhaSimples não foram encontradas.',
  senhaSimplesUrlInvalida: 'A chamada do SenhaSimples foi efetuada de uma URL inválida',
  senhaSimplesFalha: 'Não foi possível acessar o SenhaSimples',
  // The calling panel (issue 17): wording the spec does not show, in the same style (docs/decisions.md).
  painelChaveAusente: 'Informe a chave do painel no endereço (…?chave=).',
  painelChaveInvalida: 'Chave do painel inválida. Gere uma nova chave nas parametrizações de filas da unidade.',
  painelSemConexao: 'Sem conexão — tentando reconectar',
  painelChaveGerada: 'Nova chave do painel gerada. A TV com a chave anterior deixou de receber as chamadas.',
  painelChaveConfirmar: 'Gerar uma nova chave? O painel aberto com a chave atual deixará de funcionar imediatamente.',
  senhaSimplesEscopo: 'Este acesso do SenhaSimples vale apenas para as filas e senhas.',
  // Authorized applications (issue 39): wording the spec does not show, in the catalogue's style (docs/decisions.md).
  authAppUriInvalida: 'deve ser um endereço completo, como https://senhas.exemplo.gov.br/retorno',
  authAppUriHttps: 'deve começar com https:// (http:// só para localhost)',
  authAppUriEmUso: (nome: string) => interpolate('já está cadastrado para a aplicação %{1}', nome),

  // Tickets (issue 17): wording the spec does not show, in the same style (docs/decisions.md).
  senhaCategoriaSemFila: 'não está parametrizada em nenhuma fila desta unidade',
  categoriaInativa: 'deve ser uma categoria ativa',
  senhaLocalForaDaFila: 'não é um local ativo desta fila',
  senhaFilaIgualAtual: 'deve ser outra fila',
  filaSemSenhasAguardando: 'Não há senhas aguardando nesta fila.',
  senhaNaoChamada: 'Esta senha ainda não foi chamada.',
  /** A call repeated before the unit's tempo_chamadas (tickets and urgent-care arrivals). */
  chamadaRepetidaCedo: (segundos: number) =>
    interpolate('Aguarde %{1} para chamar novamente.', segundos === 1 ? '1 segundo' : `${segundos} segundos`),

  // Categories and queue parametrization (issue 17): wording the spec does not show, in the same style
  // (docs/decisions.md "Queue parametrization").
  jaEmUso: 'já está em uso',
  categoriaEmUso:
    'Não é possível remover esta categoria: ela está vinculada a uma fila ou já tem senhas emitidas. Desative-a para que não seja mais usada.',
  filaSemLocal: 'Inclua ao menos um local de atendimento',
  localRepetido: 'já existe outro local com este nome nesta fila',
  filaComSenhas:
    'Não é possível remover esta fila: há senhas registradas nela. Desative-a para que não receba novas senhas.',

  // Patients without identification (issue 16): wording the spec does not show, in the same style (docs/decisions.md).
  idadeNaoConfere: 'não confere com a data de nascimento estimada',
  naoPreencherSemInformacao: 'não deve ser preenchido quando marcado "Sem informação"',
  naoPreencherSemDeficiencia: 'não deve ser preenchido sem deficiência',
  somenteBrasileiros: 'só se aplica a brasileiros',
  pacienteJaIdentificado: 'Este paciente já foi identificado.',
  pacienteNaoIdentificado: 'Este paciente não está identificado.',
  pacienteMunicipeComObito: 'tem óbito registrado e não pode ser vinculado ao paciente',
  pacienteComAtendimentos: 'Não é possível remover este paciente: há atendimentos registrados para ele.',

  // Households and families (issue 7): wording the spec does not show, in the same style (docs/decisions.md).
  domicilioComFamilias:
    'Não é possível remover este domicílio: há famílias vinculadas. Desvincule-as antes de remover.',
  familiasSomenteDomicilio: 'Somente imóveis do tipo Domicílio, sem termo de recusa, podem ter famílias vinculadas.',
  familiaNaoVinculada: 'Esta família não está vinculada a este domicílio.',
  familiaComVisitas:
    'Não é possível remover esta família: há visitas domiciliares registradas. Marque-a como "Mudou-se".',
  membroRepetido: 'já foi incluído nesta família',
  municipeFalecido: 'tem óbito registrado e não pode ser incluído em uma família',
  parentescoDoResponsavel: 'deve ser Responsável familiar para o responsável da família',
  somenteUmResponsavel: 'somente o responsável da família pode ter este parentesco',
  moradoresMenorQueFamilias: (n: number) =>
    interpolate('não pode ser menor que o número de membros das famílias vinculadas (%{1})', n),
  domicilioComVisitas: 'Não é possível remover este domicílio: há visitas domiciliares registradas.',
  /** Issue 18: latitude and longitude go together (the field left blank gets it, naming the one filled). */
  coordenadaSemPar: (preenchida: string) => interpolate('deve ser preenchida junto com a %{1}', preenchida),
  responsavelNaoRemovivel: 'é o responsável da família e não pode ser removido. Troque o responsável antes.',

  // Home visits (issue 8): wording the spec does not show, in the same style (docs/decisions.md).
  visitaSomenteAgentes:
    'Somente agentes comunitários de saúde e agentes de combate às endemias podem lançar visitas domiciliares.',
  visitaJaCancelada: 'Esta visita já foi cancelada.',
  visitaIdEmUso: 'Já existe outra visita com este identificador.',
  naoPreencherDesfecho: 'não deve ser preenchido quando a visita foi recusada ou o morador estava ausente',
  naoPreencherImovel: 'não deve ser preenchido para este tipo de imóvel',
  motivoImovelSemMorador: 'contém motivo que não se aplica a este tipo de imóvel',
  motivoSomenteFeminino: 'Gestante e Puérpera não se aplicam a munícipe do sexo masculino',
  medidasSomenteMembro: 'só pode ser preenchido na visita a um membro da família',
  membroForaDaFamilia: 'não é membro desta família',
  membroComObito: 'tem óbito registrado e não recebe visitas',
  visitaMunicipeComObito: (nome: string) => interpolate('%{1} tem óbito registrado e não recebe visitas.', nome),
  naoPreencherComImovel: 'não deve ser preenchido: o endereço é o do imóvel da visita',
  visitaSemConexao:
    'Sem conexão: a visita ainda não foi salva. Ela continua neste formulário e será enviada quando a rede voltar.',

  // Notification CSV extract (issue 18): the period is required, said before asking the server.
  exportacaoSemPeriodo: 'Informe o período (De e Até) para exportar as notificações.',

  // Urgent-care visits (issue 16): wording the spec does not show, in the same style (docs/decisions.md).
  municipeOuPaciente: 'informe o munícipe ou o paciente sem identificação, não os dois',
  atendimentoAntesDoNascimento: (data: string) =>
    interpolate('não pode ser anterior ao nascimento do munícipe (%{1})', data),
  fichaAntesDaChegada: 'deve ser maior ou igual que a data e hora de chegada',
  atendimentoMunicipeComObito: 'tem óbito registrado e não pode ter um atendimento registrado agora',
  atendimentoPacienteIdentificado: 'este paciente já foi identificado: registre o atendimento no munícipe',
  atendimentoCanceladoNaoChama: 'Este atendimento foi cancelado e não pode ser chamado.',
  atendimentoConcluidoNaoChama: 'Este atendimento já foi concluído e não pode ser chamado.',
  atendimentoEmAndamento: 'Este paciente já está em atendimento.',
  atendimentoJaCancelado: 'Este atendimento já foi cancelado.',
  atendimentoConcluidoNaoCancela: 'Este atendimento já foi concluído e não pode ser cancelado.',
  atendimentoEncerradoNaoAltera: 'Este atendimento foi cancelado ou concluído e não pode ser alterado.',
  atendimentoSemOcupacao: 'Você não tem uma ocupação (CBO) nesta unidade para registrar atendimentos.',

  // Compulsory notifications (issue 18): wording the spec does not show, in the same style (docs/decisions.md).
  notificacaoNaoEncontrada: 'Notificação não encontrada',
  posteriorANotificacao: 'não pode ser posterior à data da notificação',
  horaNoFuturo: 'não pode ser posterior à hora atual',
  anteriorANotificacao: 'não pode ser anterior à data da notificação',
  posteriorAoEncerramento: (data: string) => interpolate('não pode ser posterior à data de encerramento (%{1})', data),
  anteriorAoNascimento: (data: string) => interpolate('não pode ser anterior ao nascimento do munícipe (%{1})', data),
  posteriorAoObito: (data: string) => interpolate('não pode ser posterior ao óbito do munícipe (%{1})', data),
  obitoAntesDosSintomas: 'não pode ser anterior à data dos primeiros sintomas',
  altaAntesDaInternacao: 'não pode ser anterior à data de internação',
  somenteComObito: 'só deve ser preenchido quando houver óbito',
  somenteInternado: 'só deve ser preenchido quando houver internação',
  somenteComAlta: 'só deve ser preenchido quando houver alta',
  somenteEncerrada: 'só deve ser preenchido quando o caso for confirmado ou descartado',
  situacaoSemPermissao: 'somente a vigilância pode confirmar ou descartar um caso',
  situacaoIgualAtual: 'deve ser diferente da situação atual',
  notificacaoEncerrada: 'Este caso está encerrado: somente a vigilância pode alterá-lo.',
  unidadeForaDoEscopo: 'deve ser a unidade em que você está trabalhando',
  // Moving a citizen to another team or reference unit (issue 39): it decides who reads their health data.
  // Fingerprints (issue 39): what the reader's agent hands over, checked before it is stored.
  digitalFormato: 'não é uma digital válida do leitor (esperado: texto em base64)',
  digitalGrande: (kb: number) => interpolate('é maior que o permitido para uma digital (%{1} kB)', kb),
  digitalFalecido: 'não pode ser capturada de um munícipe falecido',
  transferenciaSemCuidado: 'só pode ser alterada por quem cuida deste munícipe ou pela gestão',
  equipeForaDaLotacao: 'deve ser uma equipe em que você trabalha nesta unidade',
  profissionalForaDaUnidade: 'não tem lotação ativa nesta unidade',
  exportacaoNotificacoesGrandeDemais: (max: number) =>
    interpolate(
      'A exportação passaria de %{1} notificações. Escolha um período menor ou mais filtros.',
      max.toLocaleString('pt-BR'),
    ),

  // Terms of use (issue 21): versions, publishing and the acceptance at sign-in.
  termoPendente: 'Há uma nova versão dos termos de uso. Aceite-a para continuar.',
  termoPublicadoCongelado: 'Esta versão já foi publicada e não pode mais ser alterada.',
  termoNaoPendente: 'Esta versão não é a que aguarda o seu aceite.',
  termoConfirmarPublicacao: 'Deseja publicar esta versão? Todos os usuários deverão aceitá-la no próximo acesso.',
  termoPublicado: 'Versão publicada com sucesso!',
  termoSalvo: 'Versão salva com sucesso!',
  termoExcluido: 'Versão excluída com sucesso!',
  termoConfirmarExclusao: 'Deseja excluir este rascunho?',
  termoAceiteObrigatorio: 'Marque "Li e aceito os termos de uso" para continuar.',

  // Home visits offline (issue 25).
  visitaNaFila: 'Sem conexão: a visita foi guardada neste aparelho e será enviada quando a rede voltar.',
  cancelamentoNaFila: 'Sem conexão: o cancelamento foi guardado neste aparelho e será enviado quando a rede voltar.',
  filaEntrarDeNovo: 'Sua sessão terminou. Entre novamente para enviar as visitas guardadas neste aparelho.',
  familiaForaDoAparelho:
    'Sem conexão: esta família ainda não foi guardada neste aparelho. Abra-a com internet (ou use "Atualizar famílias") para visitá-la sem rede.',
  // Issue 39: a citizen without a family is kept on the device once their visit form was opened with internet.
  municipeForaDoAparelho:
    'Sem conexão: este munícipe ainda não foi guardado neste aparelho. Abra a visita dele uma vez com internet para visitá-lo sem rede.',
  armazenamentoQuaseCheio:
    'O armazenamento do navegador está quase cheio. Envie as visitas guardadas assim que possível.',
} as const;
