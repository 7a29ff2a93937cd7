// Mask patterns of the Brazilian documents the forms take (ux.md: CPF, CNS, phone and CEP always shown masked).
// '0' is any digit in IMask pattern masks.
export const CPF_MASK = '000.000.000-00';
export const CNS_MASK = '000 0000 0000 0000';
export const CEP_MASK = '00000-000';
/** Landline first; IMask moves to the mobile pattern when the 11th digit arrives. */
export const PHONE_MASKS = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }];
export const DATE_MASK = '00/00/0000';

// Digits and display masks come from packages/shared, so the browser and the API format alike.
export { onlyDigits } from '@saude/shared';
import { formatCep, formatCns, formatCpf, formatPhone, onlyDigits } from '@saude/shared';

/** Masks stored digits for read-only display (detail pages, tables); '' for empty. */
export const maskCpf = (d: string | null | undefined) => (d ? formatCpf(onlyDigits(d)) : '');
export const maskCns = (d: string | null | undefined) => (d ? formatCns(onlyDigits(d)) : '');
export const maskCep = (d: string | null | undefined) => (d ? formatCep(onlyDigits(d)) : '');
export const maskPhone = (d: string | null | undefined) => (d ? formatPhone(onlyDigits(d)) : '');
