// Data hooks of the ombudsman (issue 20): the requests from the kit's resource, and the options (types, priorities,
// channels, units). A save changes the bell too.
import { useQuery } from '@tanstack/react-query';
import type {
  OuvidoriaOpcoes,
  Solicitacao,
  SolicitacaoFilters,
  SolicitacaoInput,
  SolicitacaoListItem,
  SolicitacaoUpdate,
} from '@saude/shared/schemas/ouvidoria';
import { http } from '../../lib/http';
import { resource } from '../../lib/resource';
import { sinoKeys } from './sino/api';

export const LIST_PATH = '/ouvidoria';
export const BASE_PATH = '/ouvidoria/solicitacoes';

export type SolicitacaoListFilters = Omit<Partial<SolicitacaoFilters>, 'vencidas'> & { vencidas?: 'true' };

const solicitacoes = resource<
  Solicitacao,
  SolicitacaoListItem,
  SolicitacaoListFilters,
  SolicitacaoInput | SolicitacaoUpdate
>(BASE_PATH, { related: [sinoKeys.all] });

export const getSolicitacao = solicitacoes.get;
export const useSolicitacoes = solicitacoes.useList;
export const useSolicitacao = solicitacoes.useOne;
export const useSaveSolicitacao = solicitacoes.useSave;

export const useOuvidoriaOpcoes = () =>
  useQuery({
    queryKey: ['ouvidoria', 'opcoes'],
    queryFn: ({ signal }) => http.get<OuvidoriaOpcoes>('/api/v1/ouvidoria/opcoes', undefined, signal),
    staleTime: 10 * 60_000,
  });
