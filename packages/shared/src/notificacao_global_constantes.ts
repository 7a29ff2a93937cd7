// Global notifications' constants (issue 20, spec §1 globe, §3, §9), free of zod: the top bar's globe imports them
// within the shell's JavaScript budget; schemas/notificacao_global.ts re-exports them.

export const TIPOS_NOTIFICACAO_GLOBAL = ['pemc', 'aviso'] as const;
type TipoNotificacaoGlobal = (typeof TIPOS_NOTIFICACAO_GLOBAL)[number];
/** The type's title, shown before the subtitle in the globe and the list. */
export const ROTULOS_TIPO_NOTIFICACAO_GLOBAL: Record<TipoNotificacaoGlobal, string> = { pemc: 'PEMC', aviso: 'Aviso' };

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

/** Black or white text over a background `cor` ('RRGGBB'), whichever contrasts more (WCAG relative luminance). */
export function corDoTexto(cor: string): '#000000' | '#FFFFFF' {
  const lin = (i: number) => {
    const c = parseInt(cor.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#FFFFFF';
}

/** The contrast ratio of `cor` with its text colour (the form shows it). */
export function contrasteDoTexto(cor: string): number {
  const lin = (i: number) => {
    const c = parseInt(cor.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
  return Math.max((l + 0.05) / 0.05, 1.05 / (l + 0.05));
}
