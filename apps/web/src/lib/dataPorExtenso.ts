// Spec §9's long date, in a file of its own: lib/format.ts is in the first load and in every list, and only the terms
// acceptance writes dates in full (bench/bundle.mjs budgets).
import { formatLongDate, zonedDateTimeParts } from '@saude/shared';

/** Spec §9 long date 'dd MMMM yyyy' of a date or timestamp (its São Paulo day): '25 novembro 2026'; '' when absent. */
export const dataPorExtenso = (value: Date | string | number | null | undefined): string => {
  const dia = value === null || value === undefined || value === '' ? null : zonedDateTimeParts(value)?.date;
  return dia ? (formatLongDate(dia) ?? '') : '';
};
