import type { ExportacaoEsus, ExportacaoEsusInput, UnidadeExportavel } from '@saude/shared/schemas/exportacao_esus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { readOnce } from '../../../lib/resource';

export const API = '/api/v1/atencao_primaria/exportacao_esus';
/** A year of a large town takes minutes to build: the download waits up to 30 min. */
const LIMITE_MS = 30 * 60_000;

export const useUnidadesExportaveis = readOnce<UnidadeExportavel[]>(['exportacao_esus', 'unidades'], `${API}/unidades`);

export const useHistoricoExportacoes = readOnce<ExportacaoEsus[]>(['exportacao_esus', 'historico'], API);

export function useExportar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportacaoEsusInput) =>
      http.file(API, undefined, 'application/zip', { body, timeoutMs: LIMITE_MS }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['exportacao_esus', 'historico'] }),
  });
}
