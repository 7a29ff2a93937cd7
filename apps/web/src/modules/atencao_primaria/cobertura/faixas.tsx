// The map's bands of days since the last visit (issue 44): colour, shape and a letter each, so colour is never alone.
import { FAIXAS_VISITA, type FaixaVisita } from '@saude/shared/schemas/cobertura';

export const FAIXAS: FaixaVisita[] = FAIXAS_VISITA.map((f) => f.codigo);

/** A notified case on top of the homes: a purple disc with "!". */
export const SIMBOLO_CASO = `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true"><circle cx="9" cy="9" r="8" fill="#862e9c" stroke="#fff" stroke-width="2"/><text x="9" y="13" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="11" fill="#fff">!</text></svg>`;

/** Fill and text colours with ≥ 4.5:1 between them; shapes differ too. */
export const ESTILO_FAIXA: Record<FaixaVisita, { cor: string; texto: string; letra: string; forma: string }> = {
  recente: { cor: '#2b8a3e', texto: '#fff', letra: 'V', forma: 'círculo' },
  atencao: { cor: '#ffd43b', texto: '#212529', letra: 'A', forma: 'quadrado' },
  atrasada: { cor: '#c92a2a', texto: '#fff', letra: 'T', forma: 'triângulo' },
  nunca: { cor: '#343a40', texto: '#fff', letra: 'N', forma: 'losango' },
};

export const ROTULO_FAIXA = Object.fromEntries(FAIXAS_VISITA.map((f) => [f.codigo, f.rotulo])) as Record<
  FaixaVisita,
  string
>;

/** The SVG of a band's marker (`tamanho` px), a dark outline so it reads on any tile. */
export function simboloFaixa(f: FaixaVisita, tamanho = 24): string {
  const { cor, texto, letra } = ESTILO_FAIXA[f];
  const s = tamanho;
  const forma =
    f === 'recente'
      ? `<circle cx="12" cy="12" r="10"/>`
      : f === 'atencao'
        ? `<rect x="2.5" y="2.5" width="19" height="19" rx="2"/>`
        : f === 'atrasada'
          ? `<polygon points="12,1.5 23,22 1,22"/>`
          : `<polygon points="12,1 23,12 12,23 1,12"/>`;
  const y = f === 'atrasada' ? 19 : 16.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 24 24" aria-hidden="true"><g fill="${cor}" stroke="#212529" stroke-width="1.5">${forma}</g><text x="12" y="${y}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="11" fill="${texto}">${letra}</text></svg>`;
}

export function SimboloFaixa({ faixa, tamanho = 22 }: { faixa: FaixaVisita; tamanho?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: 'inline-flex', width: tamanho, height: tamanho }}
      dangerouslySetInnerHTML={{ __html: simboloFaixa(faixa, tamanho) }}
    />
  );
}
