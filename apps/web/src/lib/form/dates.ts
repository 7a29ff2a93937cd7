// Date conversions of spec §5 live in packages/shared; the form kit only adapts them to empty-string inputs.
import { brToIso, isValidIsoDate, isoToBr as sharedIsoToBr } from '@saude/shared';

export { brToIso };

/** True for a real calendar date in yyyy-MM-dd. */
export const isIsoDate = (s: string | null | undefined): s is string => isValidIsoDate(s);

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'; anything else comes back as '' (an empty input). */
export const isoToBr = (iso: string | null | undefined): string => (iso ? (sharedIsoToBr(iso) ?? '') : '');
