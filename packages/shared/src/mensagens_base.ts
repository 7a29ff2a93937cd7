// The few messages the web app's first load needs (status pages, a failed request, offline, the demo ribbon): kept
// apart so it does not carry the whole catalogue (messages.ts includes these under the same keys).
export const msgBase = {
  status403: 'Você não está autorizado a executar essa ação.',
  status404: 'Essa página não pode ser encontrada.',
  status500: 'Houve um problema ao processar informações. Tente novamente mais tarde.',
  erroGenerico: 'Não foi possível concluir a operação. Tente novamente mais tarde.',
  telaNaoAbertaOffline: 'Sem conexão — esta tela ainda não foi aberta neste aparelho',
  telaPrecisaInternet: 'Sem conexão: esta tela precisa de internet',
  // A flag-gated screen opened in a unit without the flag (issue 39): what is missing and how to change unit.
  unidadeNaoOferece: (unidade: string, modulo: string) => `Esta unidade (${unidade}) não oferece ${modulo}.`,
  trocarUnidadeParaModulo:
    'Para usar esta tela, troque a unidade atual por uma que ofereça esse serviço: clique no nome da unidade, no topo da tela, ou em "Trocar unidade" abaixo.',
  demonstracao: 'Demonstração — não use com dados reais',
} as const;
