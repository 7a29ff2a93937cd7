// When a campaign theme is in force (issue 21, spec §3): from vigencia_inicio to vigencia_fim, both inclusive; a
// `recorrente` one on the same day/month range every year. Both ends are in one year (the schema's rule), so a range
// never wraps over New Year. Free of zod and dayjs: the shell may import it.

type Vigencia = { vigencia_inicio: string; vigencia_fim: string; recorrente: boolean };

/** 'yyyy-MM-dd' → 'MM-dd'. */
const diaMes = (iso: string) => iso.slice(5, 10);

/** Whether the theme is in force on `dia` ('yyyy-MM-dd', São Paulo's day). */
export function emVigor(t: Vigencia, dia: string): boolean {
  if (!t.recorrente) return t.vigencia_inicio <= dia && dia <= t.vigencia_fim;
  return diaMes(t.vigencia_inicio) <= diaMes(dia) && diaMes(dia) <= diaMes(t.vigencia_fim);
}

/**
 * Whether two themes are ever in force on the same day. Two one-off themes compare dates; when either repeats, its
 * day/month range comes back every year, so it meets the other whenever their day/month ranges meet.
 */
export function sobrepoe(a: Vigencia, b: Vigencia): boolean {
  if (!a.recorrente && !b.recorrente) return a.vigencia_inicio <= b.vigencia_fim && b.vigencia_inicio <= a.vigencia_fim;
  return diaMes(a.vigencia_inicio) <= diaMes(b.vigencia_fim) && diaMes(b.vigencia_inicio) <= diaMes(a.vigencia_fim);
}

const br = (iso: string, comAno: boolean) => {
  const [y, m, d] = iso.split('-');
  return comAno ? `${d}/${m}/${y}` : `${d}/${m}`;
};

/** The period as people read it: '01/11/2026 a 30/11/2026', or '01/11 a 30/11, todo ano'. */
export const periodoTexto = (t: Vigencia) =>
  t.recorrente
    ? `${br(t.vigencia_inicio, false)} a ${br(t.vigencia_fim, false)}, todo ano`
    : `${br(t.vigencia_inicio, true)} a ${br(t.vigencia_fim, true)}`;
