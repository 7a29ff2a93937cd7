// The advanced search's values as the URL keeps them; apart from the panel, which loads when first opened (issue 15).
import { buscaAvancadaCampos, type BuscaAvancadaCampo } from '@saude/shared/schemas/municipe_busca_texto';

export type FiltrosAvancados = Partial<Record<BuscaAvancadaCampo, string>>;

/** The filters' values as the URL keeps them: only the ones filled. */
export function filtrosPreenchidos(v: Partial<Record<string, unknown>>): FiltrosAvancados {
  const out: FiltrosAvancados = {};
  for (const c of buscaAvancadaCampos) {
    const x = v[c];
    if (typeof x === 'string' && x.trim() !== '') out[c] = x.trim();
  }
  return out;
}
