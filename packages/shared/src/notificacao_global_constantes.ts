// Global notifications' constants (issue 20, spec §1 globe, §3, §9), free of zod: the top bar's globe imports them
// within the shell's JavaScript budget; schemas/notificacao_global.ts re-exports them.
import { rotulados } from './rotulos';
import { luminanciaRelativa } from './senha_cores';

/** The types, each with its title (shown before the subtitle in the globe and the list). */
export const { valores: TIPOS_NOTIFICACAO_GLOBAL, rotulos: ROTULOS_TIPO_NOTIFICACAO_GLOBAL } = rotulados({
  pemc: 'PEMC',
  aviso: 'Aviso',
});

export const LIMITES_NOTIFICACAO_GLOBAL = { titulo: 100, subtitulo: 200, path: 500, perfis: 100 } as const;
/** Spec §9: the globe polls every 30 s. */
export const INTERVALO_NOTIFICACOES_GLOBAIS_MS = 30_000;
/** Spec §9: 5 per page (the globe's dropdown and the page). */
export const NOTIFICACOES_GLOBAIS_POR_PAGINA = 5;
export const COR_PADRAO_NOTIFICACAO_GLOBAL = '009CB0';

/**
 * A path of this application: '/…', never '//…' (another host), no backslash (browsers read it as '/'), no control
 * character or blank. No open redirect: the globe navigates inside the app only.
 */
export function pathInterno(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return v.startsWith('/') && !v.startsWith('//') && !v.includes('\\') && !/[\u0000-\u0020\u007f]/.test(v);
}

/** The contrast ratios of `cor` ('RRGGBB') with black text and with white text (WCAG relative luminance). */
function contrastes(cor: string) {
  const l = luminanciaRelativa(cor);
  return { preto: (l + 0.05) / 0.05, branco: 1.05 / (l + 0.05) };
}

/** Black or white text over a background `cor` ('RRGGBB'), whichever contrasts more. */
export function corDoTexto(cor: string): '#000000' | '#FFFFFF' {
  const { preto, branco } = contrastes(cor);
  return preto >= branco ? '#000000' : '#FFFFFF';
}

/** The contrast ratio of `cor` with its text colour (the form shows it). */
export function contrasteDoTexto(cor: string): number {
  const { preto, branco } = contrastes(cor);
  return Math.max(preto, branco);
}
