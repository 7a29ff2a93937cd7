import { describe, expect, it } from 'vitest';
import { duracao, interpolate, msg } from './messages';

// Every text of spec §5 and §8, word for word: a module that needs one finds it in the catalogue.
const specTexts = [
  'Não pode ficar em branco',
  'Não deve ficar em branco',
  'obrigatório',
  'não é válido',
  'deve ser um email válido',
  'deve ter pelo menos duas letras antes do @',
  'não pode ser sequencial ou repetido',
  'deve ser maior que o início da vigência',
  'precisa ter ano igual à vigência de início',
  'é obrigatório, devido à ausência de preenchimento do campo de CPF',
  'não pode ser Brasil',
  'Preencha ao menos DOIS filtros para realizar a busca',
  'os filtros selecionados não retornam nenhum profissional.',
  'Favor inserir uma resposta para o aviso',
  'Este munícipe já está cadastrado em outra família',
  'Você não está autorizado a executar essa ação.',
  'Essa página não pode ser encontrada.',
  'Houve um problema ao processar informações. Tente novamente mais tarde.',
  'Unknown middleware',
  'Não é possível realizar o lançamento para famílias com status "Mudou-se"',
  'Cadastro não encontrado',
  'Algo deu errado',
  'Não foi possível concluir a operação. Tente novamente mais tarde.',
  'Senha já se encontra em atendimento',
  'Falha na comunicação',
  'Não foi possível autorizar o acesso',
  'A chamada do SenhaSimples foi efetuada de uma URL inválida',
  'Não foi possível acessar o SenhaSimples',
  'Falha ao remover',
  'Não foi possível remover os dados. Tente novamente mais tarde.',
  'Não foi possível realizar esta operação',
  'CEP não encontrado',
  'Por favor, verifique o(s) seguinte(s) campo(s):',
  'Esta ação não pode ser desfeita.',
  'Sim, remover',
  'Não, manter',
  'Sucesso',
  'Aviso excluído com sucesso!',
  'Deseja excluir esse aviso?',
  'Deseja criar este aviso?',
  'Deseja salvar as alterações?',
];

describe('message catalogue', () => {
  const values = (Object.values(msg) as unknown[]).filter((v): v is string => typeof v === 'string');
  it.each(specTexts)('holds %s', (text) => expect(values).toContain(text));

  it('fills the spec placeholders', () => {
    expect(msg.min(3)).toBe('deve conter pelo menos 3 caracteres');
    expect(msg.max(70)).toBe('não deve ter mais que 70 caracteres');
    expect(msg.cpfEmUso('Ana Souza', '898 0011 6036 0008')).toBe('em uso - Ana Souza - CNS: 898 0011 6036 0008');
    expect(msg.naoFoiPossivelGravar('Família', 1)).toBe('Não foi possível gravar Família: 1 erro');
    expect(msg.naoFoiPossivelGravar('Família', 3)).toBe('Não foi possível gravar Família: 3 erros');
    expect(msg.removerModel('Família')).toBe('Remover Família?');
    expect(msg.removido('Família')).toBe('Família foi removido(a).');
    expect(msg.salvaComSucesso('Família')).toBe('Família foi salva com sucesso');
    expect(interpolate('%{1} e %{2}', 'a')).toBe('a e %{2}');
  });
});

describe('duracao (the wait of a 429, issue 12)', () => {
  it('says seconds under a minute and whole minutes, rounded up, above', () => {
    expect(duracao(1)).toBe('1 segundo');
    expect(duracao(30)).toBe('30 segundos');
    expect(duracao(59.2)).toBe('1 minuto');
    expect(duracao(60)).toBe('1 minuto');
    expect(duracao(61)).toBe('2 minutos');
    expect(duracao(900)).toBe('15 minutos');
    expect(msg.muitasTentativas(30)).toBe('Muitas tentativas de acesso. Aguarde 30 segundos e tente novamente.');
  });
});
