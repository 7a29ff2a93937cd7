// Data hooks of the household registrations (issue 7): one query-key factory, pages fetch, children get props.
import type * as S from '@saude/shared/schemas/cadastro_domiciliar';
import { http } from '../../../lib/http';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/atencao_primaria/cadastros_domiciliares';
const base = `/api/v1${BASE_PATH}`;

const domicilios = resource<
  S.CadastroDomiciliar,
  S.CadastroDomiciliarListItem,
  S.CadastroDomiciliarFilters,
  S.CadastroDomiciliarInput | S.CadastroDomiciliarUpdate
>(BASE_PATH).as('Domicilio', 'Domicilios');

export const { getDomicilio, useDomicilios, useDomicilio, useSaveDomicilio, useDeleteDomicilio } = domicilios;

/** The household answers with its families; the family screens read the link too. */
const FAMILIAS = [['familias']];

export const useVincularFamilia = (id: string) =>
  domicilios.useAction(
    (body: S.VincularFamiliaInput) => http.post<S.CadastroDomiciliar>(`${base}/${id}/familias`, body),
    FAMILIAS,
  );

export const useDesvincularFamilia = (id: string) =>
  domicilios.useAction(
    (familiaId: string) => http.delete<S.CadastroDomiciliar>(`${base}/${id}/familias/${familiaId}`),
    FAMILIAS,
  );
