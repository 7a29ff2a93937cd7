// How a notification's status looks on the list and the map: its label, a colour AND a letter and shape (colour is
// never the only cue, WCAG 1.4.1). Colours pass 3:1 against the map's background and the letter 4.5:1 on its colour.
import type { SituacaoNotificacao } from '@saude/shared/schemas/notificacao_compulsoria';

export const SITUACOES: readonly SituacaoNotificacao[] = ['suspeito', 'confirmado', 'descartado'];

export const ESTILO_SITUACAO: Record<
  SituacaoNotificacao,
  { rotulo: string; letra: string; forma: 'losango' | 'circulo' | 'quadrado'; cor: string; texto: string }
> = {
  suspeito: { rotulo: 'Suspeito', letra: 'S', forma: 'losango', cor: '#f59f00', texto: '#212529' },
  confirmado: { rotulo: 'Confirmado', letra: 'C', forma: 'circulo', cor: '#c92a2a', texto: '#ffffff' },
  descartado: { rotulo: 'Negativo/Descartado', letra: 'D', forma: 'quadrado', cor: '#495057', texto: '#ffffff' },
};

/** The parts of a status's symbol (24 px by default): an outer box, the shape in the status's colour, the letter. */
function partes(situacao: SituacaoNotificacao, tamanho: number) {
  const e = ESTILO_SITUACAO[situacao];
  const lado = e.forma === 'losango' ? Math.round(tamanho * 0.72) : tamanho - 4;
  return {
    caixa: {
      position: 'relative',
      display: 'inline-flex',
      width: `${tamanho}px`,
      height: `${tamanho}px`,
      'align-items': 'center',
      'justify-content': 'center',
      'flex-shrink': '0',
    },
    forma: {
      position: 'absolute',
      width: `${lado}px`,
      height: `${lado}px`,
      background: e.cor,
      border: '2px solid #ffffff',
      'border-radius': e.forma === 'circulo' ? '50%' : '2px',
      'box-shadow': '0 0 0 1px #212529',
      transform: e.forma === 'losango' ? 'rotate(45deg)' : 'none',
    },
    letra: { position: 'relative', color: e.texto, font: '700 12px/1 sans-serif' },
    texto: e.letra,
  };
}

type Css = Record<string, string>;
const cssTexto = (css: Css) =>
  Object.entries(css)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
const cssReact = (css: Css) =>
  Object.fromEntries(
    Object.entries(css).map(([k, v]) => [k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );

/** The symbol as HTML, for a Leaflet marker's icon (the marker's own title names it). */
export function simboloSituacao(situacao: SituacaoNotificacao, tamanho = 24): string {
  const p = partes(situacao, tamanho);
  return (
    `<span aria-hidden="true" style="${cssTexto(p.caixa)}"><span style="${cssTexto(p.forma)}"></span>` +
    `<span style="${cssTexto(p.letra)}">${p.texto}</span></span>`
  );
}

/** The same symbol in React (the legend); hidden from screen readers: the text beside it says the status. */
export function SimboloSituacao({ situacao, tamanho = 24 }: { situacao: SituacaoNotificacao; tamanho?: number }) {
  const p = partes(situacao, tamanho);
  return (
    <span aria-hidden="true" style={cssReact(p.caixa)}>
      <span style={cssReact(p.forma)} />
      <span style={cssReact(p.letra)}>{p.texto}</span>
    </span>
  );
}
