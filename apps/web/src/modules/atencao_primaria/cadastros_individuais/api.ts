// Data hooks of the individual registrations (issue 6): one query-key factory, pages fetch, children get props.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CadastroIndividual,
  CadastroIndividualFilters,
  CadastroIndividualInput,
  CadastroIndividualListItem,
  CadastroIndividualUpdate,
  CandidatoCadastro,
  SaidaCadastroInput,
} from '@saude/shared/schemas/cadastro_individual';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/atencao_primaria/cadastros_individuais';

// One truth: saving a registration changes the citizen's columns too.
const cadastros = resource<
  CadastroIndividual,
  CadastroIndividualListItem,
  CadastroIndividualFilters,
  CadastroIndividualInput | CadastroIndividualUpdate
>(BASE_PATH, { related: [['municipes']] }).as('Cadastro', 'Cadastros');

export const { getCadastro, useCadastros, useCadastro, useSaveCadastro } = cadastros;

/**
 * Citizens for the picker of a new registration (the registry's search: name, CPF, CNS or date), each saying whether
 * it may be registered (impedimento: deceased, or already registered).
 */
export const useCandidatosCadastro = (q: string) =>
  useQuery({
    queryKey: [...cadastros.keys.all, 'municipes', { q, page: 1, per_page: 20 }],
    queryFn: ({ signal }) =>
      http.list<CandidatoCadastro>(`${cadastros.base}/municipes`, { q, page: 1, per_page: 20 }, signal),
    enabled: q.trim().length >= 3,
    placeholderData: keepPreviousData,
  });

export const useSaidaCadastro = (id: string) =>
  cadastros.useAction((body: SaidaCadastroInput) =>
    http.post<CadastroIndividual>(`${cadastros.base}/${id}/saida_cadastro`, body),
  );
