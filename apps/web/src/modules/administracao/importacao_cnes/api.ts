// Data of the CNES import page (issue 22): the history list, and the file sent as the raw XML body with upload
// progress (fetch reports none, so XMLHttpRequest) for the preview and the apply.
import { msg } from '@saude/shared/messages';
import type {
  ImportacaoCnes,
  ImportacaoCnesFilters,
  PreviaCnes,
} from '@saude/shared/schemas/administracao_importacao_cnes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, http, tokenStore } from '../../../lib/http';

export const API = '/api/v1/administracao/importacao_cnes';
export const importacaoKeys = {
  all: ['importacao_cnes'] as const,
  list: (f: ImportacaoCnesFilters) => [...importacaoKeys.all, 'list', f] as const,
};

export const useImportacoes = (f: ImportacaoCnesFilters) =>
  useQuery({
    queryKey: importacaoKeys.list(f),
    queryFn: () => http.list<ImportacaoCnes>(API, f),
    placeholderData: keepPreviousData,
  });

/** Sends the file; `progresso` gets 0–100 while it uploads. Rejects with ApiError like the http client. */
export function enviarArquivo<T>(
  url: string,
  arquivo: File,
  query: Record<string, string>,
  progresso: (pct: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${url}?${new URLSearchParams(query).toString()}`);
    // The .zip the CNES portal delivers goes as it is; the server takes the XML out of it.
    xhr.setRequestHeader('Content-Type', /\.zip$/i.test(arquivo.name) ? 'application/zip' : 'application/xml');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) progresso(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, msg.erroGenerico));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // A proxy's HTML error page: the generic message below.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            xhr.status,
            (body.message as string | undefined) ?? msg.erroGenerico,
            (body.errors as Record<string, string[]> | undefined) ?? {},
            body,
          ),
        );
    };
    xhr.send(arquivo);
  });
}

export const gerarPrevia = (arquivo: File, progresso: (pct: number) => void) =>
  enviarArquivo<PreviaCnes>(`${API}/previa`, arquivo, { arquivo_nome: arquivo.name }, progresso);

export const aplicarImportacao = (arquivo: File, sha256: string, progresso: (pct: number) => void) =>
  enviarArquivo<ImportacaoCnes>(API, arquivo, { arquivo_nome: arquivo.name, sha256 }, progresso);
