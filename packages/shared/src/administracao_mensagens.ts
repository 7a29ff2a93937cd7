// The administration's messages (issue 22: units, teams, profiles, professionals and their assignments), beside its
// texts rather than in the catalogue every page loads (messages.ts is in the first load: issue 41's budget).
import { interpolate } from './messages';

export const adminMsg = {
  // Administration, units and teams (issue 22): wording the spec does not show, in the same style
  // (docs/decisions.md "Administração: unidades e equipes").
  unidadeComVinculos: (equipes: number, lotacoes: number) =>
    interpolate(
      'Não é possível desativar esta unidade: há %{1} e %{2} nela. Desative as equipes e encerre as lotações antes.',
      equipes === 1 ? '1 equipe ativa' : `${equipes} equipes ativas`,
      lotacoes === 1 ? '1 lotação ativa' : `${lotacoes} lotações ativas`,
    ),
  equipeComLotacoes: (lotacoes: number) =>
    interpolate(
      'Não é possível desativar esta equipe: há %{1} nela. Encerre as lotações ou mude-as de equipe antes.',
      lotacoes === 1 ? '1 lotação ativa' : `${lotacoes} lotações ativas`,
    ),
  microAreaInvalida: (v: string) => interpolate('contém "%{1}", que não é uma micro-área (01 a 99)', v),
  microAreaRepetida: (v: string) => interpolate('contém a micro-área %{1} repetida', v),
  microAreaEmUso: (areas: string[]) =>
    areas.length === 1
      ? interpolate('a micro-área %{1} está em lotações ativas desta equipe: retire-a das lotações antes', areas[0]!)
      : interpolate(
          'as micro-áreas %{1} estão em lotações ativas desta equipe: retire-as das lotações antes',
          areas.join(', '),
        ),
  unidadeInativa: 'deve ser uma unidade ativa',
  equipeMudaUnidadeComLotacoes: 'não pode ser trocada enquanto houver lotações ativas nesta equipe',
  telefoneRepetido: 'já foi informado',
  // Profiles and permissions (issue 22): wording the spec does not show, in the same style (docs/decisions.md).
  perfilCodigoInvalido: 'deve ter só letras minúsculas sem acento, números e _, começando por uma letra',
  perfilSistemaSomenteLeitura:
    'Perfil do sistema: somente leitura. Crie um perfil personalizado para escolher outras permissões.',
  perfilEmUso: (n: number) =>
    n === 1
      ? 'Não é possível excluir este perfil: 1 lotação o usa. Troque o perfil dessa lotação antes.'
      : interpolate('Não é possível excluir este perfil: %{1} lotações o usam. Troque o perfil delas antes.', n),
  permissaoDesconhecida: (p: string) => interpolate('contém uma permissão que não existe: %{1}', p.slice(0, 80)),
  // Administration: professionals and their assignments (issue 22).
  lotacaoFimAntesDoInicio: 'não pode ser anterior ao início',
  lotacaoMicroAreasSemEquipe: 'só devem ser informadas com uma equipe',
  lotacaoDuplicada: 'já existe uma lotação ativa deste profissional nesta unidade, ocupação e equipe',
  lotacaoEncerrada: 'Esta lotação já foi encerrada.',
  profissionalConfirmarRedefinir:
    'Deseja gerar uma nova senha provisória? A senha atual deixa de valer e as sessões do profissional são encerradas.',
  lotacaoSalva: 'Lotação salva com sucesso!',
  lotacaoEncerradaOk: 'Lotação encerrada. As sessões do profissional nesta unidade foram encerradas.',
  lotacaoConfirmarEncerrar: (unidade: string) =>
    interpolate('Deseja encerrar a lotação em %{1}? Ela termina hoje e o acesso a esta unidade acaba agora.', unidade),
} as const;
