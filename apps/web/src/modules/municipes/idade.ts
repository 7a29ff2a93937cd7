// Ages as ux.md writes them: '34 anos' for adults and children from 2 years, '1 ano e 2 meses' or '3 meses e 2 dias' below.
import { ageParts, formatAgeParts } from '@saude/shared';

/** Age today, or at death when `obitoIso` is given; '' when the dates do not make sense. */
export function idadeTexto(nascimentoIso: string, obitoIso?: string | null): string {
  const p = ageParts(nascimentoIso, obitoIso ?? undefined);
  if (!p) return '';
  return p.anos >= 2 ? `${p.anos} anos` : formatAgeParts(p);
}
