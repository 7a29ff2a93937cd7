// Data hooks of the household registrations (issue 7): one query-key factory, pages fetch, children get props.
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
>(BASE_PATH);

export const domicilioKeys = domicilios.keys;
export const getDomicilio = domicilios.get;
export const useDomicilios = domicilios.useList;
export const useDomicilio = domicilios.useOne;
export const useSaveDomicilio = domicilios.useSave;
export const useDeleteDomicilio = domicilios.useRemove;

/** The household answers with its families; the family screens read the link too. */
function onVinculo(qc: ReturnType<typeof useQueryClient>) {
  return (saved: S.CadastroDomiciliar) => {
    qc.setQueryData(domicilioKeys.detail(saved.id), saved);
    void qc.invalidateQueries({ queryKey: [...domicilioKeys.all, 'list'] });
    void qc.invalidateQueries({ queryKey: ['familias'] });
  };
}

export function useVincularFamilia(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: S.VincularFamiliaInput) => http.post<S.CadastroDomiciliar>(`${base}/${id}/familias`, body),
    onSuccess: onVinculo(qc),
  });
}

export function useDesvincularFamilia(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (familiaId: string) => http.delete<S.CadastroDomiciliar>(`${base}/${id}/familias/${familiaId}`),
    onSuccess: onVinculo(qc),
  });
}
