// How the screens write dates, hours, ages and coded answers (ux.md "Text"): always São Paulo time, 24-hour clock,
// '—' for what is missing. The rules themselves live in packages/shared.
import { formatAge, formatDate, formatDateTime, formatTime } from '@saude/shared';
import { descricaoDe, type CodeRow, type Widen } from '@saude/shared/codes/lookup';

type Instant = Date | string | number | null | undefined;

/** 'dd/MM/yyyy' of a date or a timestamp (its São Paulo day); '' when absent. */
export const dataBr = (value: Instant): string => formatDate(value) ?? '';
/** 'HH:mm' of a timestamp in São Paulo; '' when absent. */
export const horaBr = (value: Instant): string => formatTime(value) ?? '';
/** 'dd/MM/yyyy HH:mm' of a timestamp in São Paulo; '—' when absent. */
export const dataHoraBr = (value: Instant): string => formatDateTime(value) ?? '—';

/** Numbers the pt-BR way with their unit: 36.5 → '36,5 °C'. */
export const medidaBr = (n: number, unidade = '') => `${String(n).replace('.', ',')}${unidade ? ` ${unidade}` : ''}`;

/** Age as ux.md writes it ('47 anos', '1 ano e 2 meses', '3 dias': shared formatAge); at death if given. */
export const idadeTexto = (nascimentoIso: string, obitoIso?: string | null): string =>
  formatAge(nascimentoIso, obitoIso ?? undefined) ?? '';

/** The label of a code in its e-SUS table, or `vazio` when absent or unknown. */
export function descricao<T extends CodeRow>(
  tabela: readonly T[],
  codigo: Widen<T['codigo']> | null | undefined,
  vazio = '—',
): string {
  return codigo === null || codigo === undefined ? vazio : (descricaoDe(tabela, codigo) ?? vazio);
}

/** Sim / Não, or `vazio` for a question nobody answered. */
export const simNaoTexto = (v: boolean | null | undefined, vazio = '—') =>
  v === null || v === undefined ? vazio : v ? 'Sim' : 'Não';

/** 'Não pode ficar em branco' → 'não pode ficar em branco' after a label; an acronym ('UBS …') keeps its case. */
export const minusculaInicial = (s: string): string =>
  /^\p{Lu}{2}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
