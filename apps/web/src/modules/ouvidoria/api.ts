// Data hooks of the ombudsman (issue 20): the requests from the kit's resource, and the options (types, priorities,
// channels, units). A save changes the bell too.
import type {
  OuvidoriaOpcoes,
  Solicitacao,
  SolicitacaoFilters,
  SolicitacaoInput,
  SolicitacaoListItem,
  SolicitacaoUpdate,
} from '@saude/shared/schemas/ouvidoria';
import { readOnce, resource } from '../../lib/resource';
import { sinoKeys } from './sino/api';

export const LIST_PATH = '/ouvidoria';
export const BASE_PATH = '/ouvidoria/solicitacoes';

export type SolicitacaoListFilters = Omit<Partial<SolicitacaoFilters>, 'vencidas'> & { vencidas?: 'true' };

const solicitacoes = resource<
  Solicitacao,
  SolicitacaoListItem,
  SolicitacaoListFilters,
  SolicitacaoInput | SolicitacaoUpdate
>(BASE_PATH, { related: [sinoKeys.all] }).as('Solicitacao', 'Solicitacoes');

export const { getSolicitacao, useSolicitacoes, useSolicitacao, useSaveSolicitacao } = solicitacoes;

export const useOuvidoriaOpcoes = readOnce<OuvidoriaOpcoes>(
  ['ouvidoria', 'opcoes'],
  '/api/v1/ouvidoria/opcoes',
  10 * 60_000,
);
